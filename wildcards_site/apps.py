from django.apps import AppConfig


class WildcardsSiteConfig(AppConfig):
    """The site package itself, for its deployment checks."""

    name = "wildcards_site"

    def ready(self) -> None:
        from wildcards_site import checks  # noqa: F401 - registers the checks
