from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode, urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import i18n as i18n_views
from django.views.decorators.http import require_http_methods

from wildcards_site import emails, throttle
from wildcards_site.accounts.bot_accounts import BotAccountRefused, bot_account_refusal, do_become_bot_account
from wildcards_site.accounts.forms import (
    LoginForm,
    LoginLinkForm,
    ProfileForm,
    SignupForm,
    WildcardsPasswordResetForm,
    existing_account,
    remove_unconfirmed,
)
from wildcards_site.accounts.models import Profile, profile_for
from wildcards_site.accounts.tokens import email_verification_token

User = get_user_model()


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    # Where to go once the address is confirmed (an invitation's page), carried by the link mailed.
    next_url = _local_next(request, request.POST.get("next") or request.GET.get("next") or "")
    initial = {"email": request.GET.get("email", "")[:254]}
    form = SignupForm(request.POST or None, initial=initial)
    if request.method == "POST" and not throttle.allowed(request, "signup", "ip", throttle.rate("signup_ip")):
        return throttle.too_many(request)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        existing = existing_account(data["email"])
        if existing is not None:
            # The same answer as for a new address: the owner is told by mail, nobody else learns it exists.
            if throttle.allowed(
                request, "signup_existing", throttle.by_mailbox("email"), throttle.rate("mail_address")
            ):
                _send_account_exists(existing)
            return render(request, "accounts/signup_sent.html", {"email": data["email"]})
        # A new address is mailed a few times an hour at most, whoever asks: else anyone could
        # mail a stranger confirmation after confirmation. The answer is the same either way.
        if not throttle.allowed(request, "signup_new", throttle.by_mailbox("email"), throttle.rate("mail_address")):
            return render(request, "accounts/signup_sent.html", {"email": data["email"]})
        with transaction.atomic():
            remove_unconfirmed(data["username"], data["email"])
            user = User.objects.create_user(data["username"], data["email"], data["password"], is_active=False)
            profile = profile_for(user)
            profile.language, profile.time_zone = _supported_language(get_language()), data["time_zone"]
            # Saved on the profile the user holds: the confirmation mail reads its language there.
            profile.save(update_fields=["language", "time_zone"])
        _send_verification(user, next_url)
        return render(request, "accounts/signup_sent.html", {"email": user.email})
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


def _send_account_exists(user) -> None:
    link = settings.SITE_URL + reverse("accounts:login_link_request")
    emails.account_exists(user.email, {"user": user, "link": link}, language=profile_for(user).language)


def _send_verification(user, next_url: str = "") -> None:
    uid = urlsafe_base64_encode(str(user.pk).encode())
    token = email_verification_token.make_token(user)
    link = settings.SITE_URL + reverse("accounts:verify", kwargs={"uidb64": uid, "token": token})
    if next_url:
        link += "?" + urlencode({"next": next_url})
    emails.verify_email(user.email, {"user": user, "link": link}, language=profile_for(user).language)


# Set in the session a confirmed address opens: the account's first visit.
FIRST_VISIT = "first_visit"


@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    user = _user_from_uid(uidb64)
    valid = user is not None and not user.is_active and email_verification_token.check_token(user, token)
    if not valid:
        return render(request, "accounts/link_invalid.html", {"kind": "verify"}, status=400)
    # In the language they signed up in: the link is often opened in another browser (a phone's
    # mail app) that asks for another: who signed up in Italian reads it in Italian.
    language = profile_for(user).language
    if language:
        translation.activate(language)
        request.LANGUAGE_CODE = language
    # GET only shows a button: mail scanners follow links, people press buttons.
    if request.method == "POST":
        user.is_active = True
        user.save(update_fields=["is_active"])
        login(request, user, backend=settings.SESSION_LOGIN_BACKEND)
        request.session[FIRST_VISIT] = True  # the home page welcomes them, not "back"; a later login starts afresh
        messages.success(request, _("Your address is confirmed. Welcome to Wildcards!"))
        next_url = _local_next(request, request.POST.get("next") or request.GET.get("next") or "")
        return redirect(next_url or "accounts:profile")
    return render(request, "accounts/verify.html", {"confirm_user": user, "next": request.GET.get("next", "")})


def _user_from_uid(uidb64: str):
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (ValueError, UnicodeDecodeError):
        return None
    return User.objects.filter(pk=pk).first()


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    form = LoginForm(request, data=request.POST or None)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if request.method == "POST" and form.is_valid():
        login(request, form.user)
        profile_for(form.user)
        return redirect(_safe_next(request, next_url))
    return render(request, "accounts/login.html", {"form": form, "next": next_url})


def _local_next(request: HttpRequest, next_url: str) -> str:
    """`next_url` if it is a path on this site, else "" (never another site, whatever the link says)."""
    if (
        next_url.startswith("/")
        and not next_url.startswith("//")
        and url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure())
    ):
        return next_url
    return ""


def _safe_next(request: HttpRequest, next_url: str) -> str:
    allowed = url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure())
    return next_url if next_url and allowed else reverse(settings.LOGIN_REDIRECT_URL)


@require_http_methods(["GET", "POST"])
def login_link_request(request: HttpRequest) -> HttpResponse:
    form = LoginLinkForm(request.POST or None)
    if request.method == "POST" and not _mail_allowed(request, "login_link"):
        return throttle.too_many(request)
    if request.method == "POST" and form.is_valid():
        user = User.objects.filter(email__iexact=form.cleaned_data["email"], is_active=True).first()
        if user is not None:
            profile = profile_for(user)
            token = profile.prepare_login_token()
            link = settings.SITE_URL + reverse(
                "accounts:login_link", kwargs={"username": user.username, "token": token}
            )
            emails.login_link(
                user.email,
                {"user": user, "link": link, "minutes": settings.LOGIN_LINK_TIMEOUT // 60},
                language=profile.language,
            )
        # The same answer whether or not the address has an account.
        return render(request, "accounts/login_link_sent.html", {"email": form.cleaned_data["email"]})
    return render(request, "accounts/login_link_request.html", {"form": form})


@require_http_methods(["GET", "POST"])
def login_link(request: HttpRequest, username: str, token: str) -> HttpResponse:
    user = User.objects.filter(username=username, is_active=True).first()
    profile = Profile.objects.filter(user=user).first() if user else None
    if profile is None or not profile.check_login_token(token):
        return render(request, "accounts/link_invalid.html", {"kind": "login"}, status=400)
    if request.method == "POST":
        if not profile.use_login_token(token):
            return render(request, "accounts/link_invalid.html", {"kind": "login"}, status=400)
        login(request, user, backend=settings.SESSION_LOGIN_BACKEND)
        return redirect(settings.LOGIN_REDIRECT_URL)
    return render(request, "accounts/login_link_confirm.html", {"link_user": user})


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    instance = profile_for(request.user)
    form = ProfileForm(request.POST or None, instance=instance)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            # In the language just chosen: the message is shown on the next page, which speaks it.
            with translation.override(form.instance.language or get_language()):
                messages.success(request, _("Your settings are saved."))
            return redirect("accounts:profile")
        messages.error(request, _("Nothing was saved: please correct the fields marked below."))
    context = {"form": form, "bot_account": instance.bot_account, "bot_refusal": bot_account_refusal(request.user)}
    return render(request, "accounts/profile.html", context)


@login_required
@require_http_methods(["POST"])
def become_bot_account(request: HttpRequest) -> HttpResponse:
    """The settings page's one-way upgrade; the box must be ticked, as the page's question may not run."""
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Nothing was changed: tick the box to confirm that this cannot be undone."))
        return redirect("accounts:profile")
    try:
        do_become_bot_account(request.user)
    except BotAccountRefused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("This account is now a bot account."))
    return redirect("accounts:profile")


def _supported_language(code: str | None) -> str:
    codes = [lang for lang, _name in settings.LANGUAGES]
    code = (code or "").split("-")[0]
    return code if code in codes else settings.LANGUAGE_CODE


def _mail_allowed(request: HttpRequest, group: str) -> bool:
    """A form that mails an address: limited per visitor and per address asked for."""
    return throttle.allowed(request, group, "ip", throttle.rate("mail_ip")) and throttle.allowed(
        request, f"{group}_address", throttle.by_mailbox("email"), throttle.rate("mail_address")
    )


logout_view = auth_views.LogoutView.as_view()
_password_reset = auth_views.PasswordResetView.as_view(
    form_class=WildcardsPasswordResetForm,
    template_name="accounts/password_reset.html",
    success_url=reverse_lazy("accounts:password_reset_done"),
)


def password_reset(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and not _mail_allowed(request, "password_reset"):
        return throttle.too_many(request)
    return _password_reset(request)


password_reset_done = auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html")
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    template_name="accounts/password_reset_confirm.html",
    success_url=reverse_lazy("accounts:password_reset_complete"),
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html"
)


@require_http_methods(["POST"])
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's language switcher: a signed-in player's choice is kept in the profile
    (which outranks the cookie, and is the language of their mail); then Django's own view
    sets the cookie and goes back to the page."""
    code = request.POST.get("language", "")
    if request.user.is_authenticated and code in dict(settings.LANGUAGES):
        Profile.objects.filter(user=request.user).update(language=code)
    return i18n_views.set_language(request)
