"""Print where the site runs, with what, and how to log in: the run command's banner."""

import json

from django.conf import settings
from django.core.management.base import BaseCommand

from wildcards_site.management.commands.load_demo import DEMO_DIR


class Command(BaseCommand):
    help = "Show the URL, database, broker, mail folder and demo logins."

    def handle(self, *args, **options):
        demo = json.loads((DEMO_DIR / "users.json").read_text())
        database = settings.DATABASES["default"]
        mailer = settings.MAILERS["default"]
        lines = [
            "",
            f"  Wildcards is starting at {settings.SITE_URL}/",
            f"  database: {database['ENGINE'].rsplit('.', 1)[-1]} {database['NAME']}",
            f"  broker:   {settings.CELERY_BROKER_URL} ({settings.BROKER_CHOICE})",
            f"  mail:     {mailer['BACKEND'].rsplit('.', 2)[-2]} {mailer.get('OPTIONS', {}).get('file_path', '')}",
            f"  demo logins (password '{demo['password']}'): " + ", ".join(user["username"] for user in demo["users"]),
            "  admin: log in as 'organiser' and open /admin/",
            "  Ctrl-C stops the web server, the worker and beat.",
            "",
        ]
        self.stdout.write("\n".join(lines))
