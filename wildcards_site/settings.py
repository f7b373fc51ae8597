"""Settings, read from environment variables with safe local defaults.

Production sets at least SECRET_KEY, SITE_URL (https://...), DEBUG=0,
DATABASE_URL, CELERY_BROKER_URL and an email provider; `manage.py check
--deploy` then passes. Locally nothing needs setting: SQLite, Redis when it
answers (else a broker in files under var/), and mail written to var/mail.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from wildcards_site.env import (
    broker_transport_options,
    chosen_broker,
    chosen_mailer,
    envbool,
    envint,
    envlist,
    envstr,
)

log = logging.getLogger("wildcards_site")


BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(envstr("VAR_DIR", str(BASE_DIR / "var")))

DEBUG = envbool("DEBUG", False)
# The test suite serves static files from the app folders, as runserver does.
TESTING = "pytest" in sys.modules
# Action links, reply addresses and login links are signed with it: a public key would let
# anyone forge them. The local default exists only with DEBUG on (and for the test suite);
# `scripts/run` keeps a random key in var/ all the same.
DEVELOPMENT_SECRET_KEY = "django-insecure-local-development-only-set-SECRET_KEY-in-production"
SECRET_KEY = envstr("SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off the site refuses to start without a secret key of its own: "
            "set SECRET_KEY to a long random string (python -c 'import secrets; print(secrets.token_urlsafe(50))')."
        )
    SECRET_KEY = DEVELOPMENT_SECRET_KEY
elif SECRET_KEY == DEVELOPMENT_SECRET_KEY and not (DEBUG or TESTING):
    # The development key is public (it is in this file): setting it explicitly is no better than none.
    raise ImproperlyConfigured(
        "SECRET_KEY is the public development key. With DEBUG off set a long random key of your own."
    )
SITE_URL = envstr("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_NAME = envstr("SITE_NAME", "Wildcards")
_site = urlsplit(SITE_URL)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", f"{_site.hostname},localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = [f"{_site.scheme}://{_site.netloc}"]

# Behind https everything that can be secure is.
SECURE = _site.scheme == "https"
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
SECURE_SSL_REDIRECT = SECURE and envbool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000 if SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE and envbool("SECURE_HSTS_PRELOAD", True)
BEHIND_PROXY = envbool("BEHIND_PROXY", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Only the site's own script files run (table.js, forms.js, htmx): no inline script, no event
# handler attribute, nothing from another origin, so injected markup cannot run code. Styles may
# be inline: pygal's server-drawn rating charts carry their own <style> and style attributes.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "anymail",
    "django_htmx",
    "axes",
    "wildcards_site",
    "wildcards_site.accounts",
    "wildcards_site.health",
    "wildcards_site.outbox",
    "games",
    "games.bymail",
    "games.ahead",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "wildcards_site.webhooks.RequestSizeLimit",
    "wildcards_site.webhooks.WebhookSecretRequired",
    "wildcards_site.badrequests.RefuseNulBytes",
    "wildcards_site.badrequests.WebhookErrors",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "wildcards_site.accounts.middleware.ProfilePreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wildcards_site.api_errors.ApiErrorsAsJson",
    # Last, as django-axes asks: it answers a locked-out login.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "wildcards_site.urls"
WSGI_APPLICATION = "wildcards_site.wsgi.application"
ASGI_APPLICATION = "wildcards_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "wildcards_site.context_processors.site",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        envstr("DATABASE_URL", f"sqlite:///{VAR_DIR / 'wildcards.sqlite3'}"),
        # Keep connections between requests: opening one per request cost more than a whole action.
        conn_max_age=envint("DB_CONN_MAX_AGE", 300),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Web server, worker and beat share the file. WAL lets readers go on while one process
    # writes; IMMEDIATE transactions take the write lock when they begin, so a second writer
    # waits (up to `timeout`) instead of failing with "database is locked" when a read inside
    # its transaction would have to turn into a write.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
        }
    )
    # Tests with a live worker thread need that waiting too; SQLite's in-memory test database
    # (shared cache) fails at once on a table another connection is reading instead.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-wildcards.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a login for an account with too many recent failures,
# even with the right password. Failures are counted in the database (every process).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "wildcards_site.accounts.backends.UsernameOrEmailBackend",
]
# The backend a login without a password (a link from a mail) is recorded with.
SESSION_LOGIN_BACKEND = "wildcards_site.accounts.backends.UsernameOrEmailBackend"
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = envint("LOGIN_COOLOFF_MINUTES", 15) / 60  # hours
# Locked per account (whichever name it is given by) and per address spraying many accounts.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_USERNAME_CALLABLE = "wildcards_site.accounts.backends.lockout_name"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked.html"
AXES_VERBOSE = False
# What sends mail, per hour (django-ratelimit, counted in the cache: set CACHE_URL so that
# every web process shares the counts).
THROTTLE_RATES = {
    "signup_ip": envstr("THROTTLE_SIGNUP", "10/h"),
    "mail_ip": envstr("THROTTLE_MAIL_IP", "20/h"),
    "mail_address": envstr("THROTTLE_MAIL_ADDRESS", "3/h"),
    "invite_user": envstr("THROTTLE_INVITE", "30/h"),
}
RATELIMIT_VIEW = "wildcards_site.throttle.too_many"
# Both count a visitor by the address the proxy saw when BEHIND_PROXY (see client_ip.py).
AXES_CLIENT_IP_CALLABLE = RATELIMIT_IP_META_KEY = "wildcards_site.client_ip.client_ip"
# Our deploy check wildcards.E005 asks for a shared cache; locally the memory cache does.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
PASSWORD_RESET_TIMEOUT = envint("PASSWORD_RESET_TIMEOUT", 3 * 3600)
LOGIN_LINK_TIMEOUT = envint("LOGIN_LINK_TIMEOUT", 3600)

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("it", _("Italian")), ("es", _("Spanish")), ("nl", _("Dutch"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "wildcards_site" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not (DEBUG or TESTING) and envbool("MANIFEST_STATIC", True)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Tests and `runserver` serve static files straight from the app folders.
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG or TESTING


# Cache (replay checkpoints): Redis when CACHE_URL names one, shared by every web and
# worker process; else each process keeps its own in memory.
if envstr("CACHE_URL", ""):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": envstr("CACHE_URL", ""),
            "KEY_PREFIX": "wildcards",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Email (Django 6.1 mailers): an anymail provider when ANYMAIL_PROVIDER is set,
# its settings from ANYMAIL_<NAME> variables; else SMTP when EMAIL_HOST is set;
# else files in var/mail, one per message, for local runs.
DEFAULT_FROM_EMAIL = envstr("DEFAULT_FROM_EMAIL", "Wildcards <games@wildcards.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
ANYMAIL_PROVIDER = envstr("ANYMAIL_PROVIDER", "")
ANYMAIL = {key.removeprefix("ANYMAIL_"): value for key, value in os.environ.items() if key.startswith("ANYMAIL_")}
ANYMAIL.pop("PROVIDER", None)
MAIL_DIR = VAR_DIR / "mail"
# Replies to game mail go to play+<signed token>@MAIL_REPLY_DOMAIN (default: the sender's domain).
MAIL_REPLY_DOMAIN = envstr("MAIL_REPLY_DOMAIN", "")
VACATION_DAYS_PER_YEAR = envint("VACATION_DAYS_PER_YEAR", 30)
# Invitations and seat offers nobody asked for, from everyone together, mailed to one address a day.
UNASKED_MAILS_PER_DAY = envint("UNASKED_MAILS_PER_DAY", 10)
# A reply is a few lines: a mail larger than this is refused from its headers alone.
INBOUND_MAX_BYTES = envint("INBOUND_MAX_BYTES", 10_000_000)
# The verdict headers the receiving side writes (games/bymail/authenticity.py): e.g.
# "Authentication-Results" behind OpenDMARC, "Received-SPF" for Postmark or policyd-spf,
# "X-Mailgun-Spf,X-Mailgun-Dkim-Check-Result" for Mailgun. Unset: every kind is weighed on its own.
INBOUND_VERDICT_HEADERS = envlist("INBOUND_VERDICT_HEADERS", "")
# Pages and the API take posts of Django's usual 2.5 MB at most; the inbound webhooks carry
# whole mails, which providers post encoded (base64 in JSON: 4/3 of the mail), so Django's own
# limit is set for them and `webhooks.RequestSizeLimit` keeps every other path at PAGE_MAX_BYTES.
# Over the limit: 413, and for a mail the provider's bounce tells the sender.
PAGE_MAX_BYTES = envint("PAGE_MAX_BYTES", 2_621_440)
DATA_UPLOAD_MAX_MEMORY_SIZE = INBOUND_MAX_BYTES * 3 // 2 + 1_000_000
# What a game's creator may do to its clock: so many extensions of at most so many hours,
# so many pauses, and a pause ends by itself after so many days (the sweep resumes it).
GAME_MAX_EXTENSIONS = envint("GAME_MAX_EXTENSIONS", 3)
GAME_MAX_EXTENSION_HOURS = envint("GAME_MAX_EXTENSION_HOURS", 72)
GAME_MAX_PAUSES = envint("GAME_MAX_PAUSES", 3)
GAME_MAX_PAUSE_DAYS = envint("GAME_MAX_PAUSE_DAYS", 14)
# Seats changing hands (a bot taking one, an offer) per game in any hour: no mail bombs through them.
GAME_MAX_SEAT_CHANGES_PER_HOUR = envint("GAME_MAX_SEAT_CHANGES_PER_HOUR", 3)
# How long a player has to accept a seat offered to them.
GAME_SEAT_OFFER_DAYS = envint("GAME_SEAT_OFFER_DAYS", 3)
# Anyone may organise a tournament; a player (not staff) may create so many a day.
TOURNAMENTS_PER_DAY = envint("TOURNAMENTS_PER_DAY", 5)
# An organiser may mail every entrant of a tournament so many times a day.
TOURNAMENT_MESSAGES_PER_DAY = envint("TOURNAMENT_MESSAGES_PER_DAY", 3)
# An entrant's letters to a tournament's organisers, each mailed to every organiser: so many a day.
TOURNAMENT_LETTERS_PER_DAY = envint("TOURNAMENT_LETTERS_PER_DAY", 3)
# An SMTP send gives up after this many seconds (see the outbox STALE_CLAIM).
SMTP_TIMEOUT = envint("EMAIL_TIMEOUT", 30)

# Elo ratings (tournaments/ratings): K is larger while a player is provisional.
RATING_START = envint("RATING_START", 1500)
RATING_K_PROVISIONAL = envint("RATING_K_PROVISIONAL", 40)
RATING_K = envint("RATING_K", 20)
RATING_PROVISIONAL_GAMES = envint("RATING_PROVISIONAL_GAMES", 20)
# Ratings that cannot be bought (docs/organisers.md, "Ratings and leaderboards"): a game in which a player
# quit having made fewer than RATING_ABORT_MOVES moves of their own is not rated; the k-th rated
# game of the same two players within RATING_REPEAT_DAYS counts 1/k; leaderboards and rating
# gates know only established players: LEADERBOARD_MIN_GAMES rated games against at least
# LEADERBOARD_MIN_OPPONENTS different established players (at most 20, the count ratings keep),
# each met in a game both played to its end; while a pool has fewer established players than
# that, anyone whose account was RATING_FOUNDING_ACCOUNT_DAYS old at the game counts. An
# established player's rating takes nothing from a result against one not yet established.
# Changing them changes stored ratings: run `recompute_ratings` after.
RATING_ABORT_MOVES = envint("RATING_ABORT_MOVES", 3)
RATING_REPEAT_DAYS = envint("RATING_REPEAT_DAYS", 30)
LEADERBOARD_MIN_GAMES = envint("LEADERBOARD_MIN_GAMES", 10)
LEADERBOARD_MIN_OPPONENTS = envint("LEADERBOARD_MIN_OPPONENTS", 5)
# A week: a ring of accounts made a minute before its games could found a leaderboard in 73 seconds;
# lichess organisers ask for a week-old account for the same reason (lila issue 15463).
RATING_FOUNDING_ACCOUNT_DAYS = envint("RATING_FOUNDING_ACCOUNT_DAYS", 7)
LEADERBOARD_ACTIVE_DAYS = envint("LEADERBOARD_ACTIVE_DAYS", 90)
# Every finished rated game is rated within this many seconds even if rating it failed at its
# finish (the beat's "rate-finished-games" sweep, over games of the last RATING_SWEEP_DAYS; a
# daily sweep reads the whole history).
RATING_SWEEP_SECONDS = envint("RATING_SWEEP_SECONDS", 300)
RATING_SWEEP_DAYS = envint("RATING_SWEEP_DAYS", 7)

MAILERS = {"default": chosen_mailer(ANYMAIL_PROVIDER, MAIL_DIR, SMTP_TIMEOUT)}


CELERY_BROKER_URL, BROKER_CHOICE = chosen_broker()
CELERY_BROKER_TRANSPORT_OPTIONS = broker_transport_options(CELERY_BROKER_URL, VAR_DIR)
# A task only does sooner what the sweeps do anyway: never hold a request for the broker.
# Connections give up after a second, and after a failure the broker rests for a while.
BROKER_RETRY_AFTER_SECONDS = envint("BROKER_RETRY_AFTER_SECONDS", 30)

# Events pushed to API clients (games/events): Redis streams, the broker's Redis unless
# EVENTS_REDIS_URL names another; none without Redis (the streams then answer 503).
EVENTS_REDIS_URL = envstr(
    "EVENTS_REDIS_URL", CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else ""
)
EVENTS_PREFIX = envstr("EVENTS_PREFIX", "wildcards")
# Where the streams are served (uvicorn); the site's own address when a proxy routes them there.
STREAM_URL = envstr("STREAM_URL", SITE_URL).rstrip("/")
EVENTS_KEPT = envint("EVENTS_KEPT", 1000)  # per topic: what a reconnecting client can catch up on
EVENTS_KEPT_SECONDS = envint("EVENTS_KEPT_SECONDS", 7 * 24 * 3600)
EVENTS_KEEPALIVE_SECONDS = envint("EVENTS_KEEPALIVE_SECONDS", 20)
CELERY_BROKER_CONNECTION_TIMEOUT = 1
# Tasks record their effects in the database; nothing reads task results.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {"task": "wildcards_site.health.tasks.heartbeat", "schedule": 60.0},
    "send-outbox": {"task": "wildcards_site.outbox.tasks.send_outbox", "schedule": 30.0, "options": {"priority": 6}},
    "sweep-deadlines": {"task": "games.tasks.sweep_deadlines", "schedule": 30.0},
    "send-reminders": {"task": "games.tasks.send_reminders", "schedule": 60.0},
    "send-digests": {"task": "games.bymail.tasks.send_digests", "schedule": 3600.0},
    "sweep-tournaments": {"task": "tournaments.tasks.sweep", "schedule": 60.0},
    "rate-finished-games": {"task": "tournaments.ratings.tasks.sweep_ratings", "schedule": float(RATING_SWEEP_SECONDS)},
    "rate-finished-games-all": {
        "task": "tournaments.ratings.tasks.sweep_ratings",
        "schedule": 86400.0,
        "kwargs": {"everything": True},
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # One line per event with time, process and logger, so the lines of several web and
    # worker processes can be merged and followed: "action game=12 seat=1 ... outcome=stored".
    "formatters": {"line": {"format": "%(asctime)s %(process)d %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line"}},
    "loggers": {
        "wildcards_site": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
        "games": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
        "tournaments": {"handlers": ["console"], "level": envstr("LOG_LEVEL", "INFO")},
        # Server errors with their traceback, DEBUG or not: Django's own handlers print them
        # only with DEBUG on (and mail them only to ADMINS), so production had no record.
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
    },
}

STATIC_ROOT.mkdir(parents=True, exist_ok=True)

if TESTING:
    # Real hashing costs ~0.3 s a password; the suite makes hundreds.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Bots' search budgets: rollouts a move for Good, iterations for Strong (two-player Wizard's
# Strong solves one deal for every 50); 0 is games.bots' own default (about 100 ms and 1 s a
# move on one core).
GAME_BOT_BUDGETS = {
    "good": envint("GAME_BOT_GOOD_ROLLOUTS", 0) or None,
    "strong": envint("GAME_BOT_STRONG_ITERATIONS", 0) or None,
}
# A searching bot whose game has not moved for this long gets its task queued again (the sweep).
GAME_BOT_STALL_SECONDS = envint("GAME_BOT_STALL_SECONDS", 120)
# A turn or round-results mail to a player who moved at the table this recently waits this long,
# and is dropped if they play the turn (move on, for results) meanwhile: a player at the table is
# not mailed about every turn. 0: never wait.
GAME_MAIL_GRACE_SECONDS = envint("GAME_MAIL_GRACE_SECONDS", 180)
# A rated game's game-over mail waits for the game's rating to tell it (games/bymail/game_over_ratings.py):
# released as soon as the rating is made, else sent without it after this long.
GAME_OVER_RATING_WAIT_SECONDS = envint("GAME_OVER_RATING_WAIT_SECONDS", 600)
