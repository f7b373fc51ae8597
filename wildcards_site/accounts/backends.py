from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class UsernameOrEmailBackend(ModelBackend):
    """Log in with either the username or the email address, both case-insensitive."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if not username or password is None:
            return None
        user = find_user(username)
        if user is None:
            # Spend the time a password check takes, so timing does not reveal accounts.
            get_user_model()().set_password(password)
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None


def find_user(login: str):
    """The one user whose username or email is `login`, or None."""
    users = get_user_model().objects
    login = login.strip()
    user = users.filter(username__iexact=login).first()
    if user is None and "@" in login:
        matches = list(users.filter(email__iexact=login)[:2])
        user = matches[0] if len(matches) == 1 else None
    return user


def lockout_name(request, credentials: dict | None = None) -> str:
    """What django-axes counts failures against: the account, whether named by username or address."""
    login = (credentials or {}).get("username") or (request.POST.get("login", "") if request is not None else "")
    user = find_user(login) if login else None
    return user.username.lower() if user is not None else login.strip().lower()
