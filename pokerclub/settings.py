"""Django settings for Pokerclub.

Everything that differs between a laptop and production comes from the environment:

* ``DATABASE_URL``  -- default: a SQLite file beside the project (the embedded default).
  A ``postgres://`` URL selects PostgreSQL through psycopg 3 with Django's connection pool.
* ``REDIS_URL``     -- default: the in-memory channel layer (one process only).
* ``SECRET_KEY``, ``DEBUG``, ``ALLOWED_HOSTS``, ``CSRF_TRUSTED_ORIGINS``.

With ``DEBUG=0`` and real values set, ``manage.py check --deploy`` reports no issues.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE as CSP_NONE
from csp.constants import SELF as CSP_SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

_DEV_SECRET_KEY = "django-insecure-dev-only-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves HTTP and WebSocket (ASGI)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "allauth",
    "allauth.account",
    "allauth.mfa",  # a second factor: TOTP apps and recovery codes (MFA_SUPPORTED_TYPES)
    "pokerclub",
    "tables",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",  # Content-Security-Policy (below: CONTENT_SECURITY_POLICY)
    "pokerclub.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "pokerclub.language.LanguageMiddleware",
    "pokerclub.middleware.TimeZoneMiddleware",
    "pokerclub.middleware.GuestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "pokerclub.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

ASGI_APPLICATION = "pokerclub.asgi.application"

# --- Database -------------------------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg 3 with Django's own connection pool (Django >= 5.1). Persistent connections
    # must stay off with a pool: the pool owns connection reuse.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # The pool checks each connection as it lends it (one empty query): after PostgreSQL
    # restarts, every connection the pool kept is dead, and the first use of each would fail
    # a player's action (tests/faults/test_postgres_restart.py).
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})
    # Parameters are bound by the server (psycopg's server-side binding), and a statement a
    # connection has run five times is prepared: PostgreSQL then neither parses nor plans it
    # again. Django's default (client-side binding, nothing prepared) had PostgreSQL plan
    # every statement every time: the hot path's table lock and seat read cost more to plan
    # than to run (docs/benchmarks/2026-12-07.md: PostgreSQL's CPU an action about 35 %
    # lower at 100 tables).
    DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 5
    behind_pgbouncer = env_bool("DB_PGBOUNCER", False)
    if behind_pgbouncer:
        # Behind PgBouncer in transaction pooling mode (docs/deploy.md): a transaction may
        # not leave anything in the server session for the next one, so no server-side
        # cursors (QuerySet.iterator would DECLARE one) and no named prepared statements
        # (PgBouncer before 1.21 cannot follow them; the statements are still bound by the
        # server, unnamed, which any PgBouncer passes on).
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
        DATABASES["default"]["OPTIONS"]["prepare_threshold"] = None
    if env_bool("DB_POOL", not behind_pgbouncer):
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": int(os.environ.get("DB_POOL_MIN", "2")),
            "max_size": int(os.environ.get("DB_POOL_MAX", "20")),
            "timeout": 10,
        }
    DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ.get(
        "TEST_DATABASE_NAME", "test_pokerclub"
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several threads (the ASGI server's sync workers, the clock) write to one file.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
    # Tests use a file too (not shared-cache memory), so that concurrent worker threads wait
    # for each other's transactions as in `make run` instead of failing with "table locked".
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(BASE_DIR / "test-db.sqlite3")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "pokerclub.User"

# --- Channel layer ----------------------------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_LAYER = os.environ.get("REDIS_LAYER", "pubsub")
"""Which of channels-redis's layers carries the broadcasts: ``pubsub`` (Redis pub/sub, one
PUBLISH per table change, delivered once to each server process, which fans it out to its
sockets) or ``core`` (lists and sorted sets per process). Both deliver at most once; clients
resync on a version gap (docs/protocol.md). Pub/sub halves the broadcast's latency under load
(docs/benchmarks/2026-11-30.md, "Third session")."""


def channel_prefix() -> str:
    """The channel layer's name prefix in Redis: ``CHANNEL_PREFIX`` (default ``asgi``), and
    the pytest-xdist worker's name when there is one. Redis pub/sub channels are shared by
    every database number of a server, so two deployments (or two test runs, or two test
    workers; the servers a test starts inherit both variables) on one Redis need their own,
    or the broadcasts of one table reach the other's table of the same id."""
    return os.environ.get("CHANNEL_PREFIX", "asgi") + os.environ.get("PYTEST_XDIST_WORKER", "")


def redis_channel_layer(kind: str, url: str) -> dict[str, Any]:
    """The CHANNEL_LAYERS entry of a Redis layer of ``kind`` (REDIS_LAYER) at ``url``.

    ``url`` may name several Redis servers, comma-separated: channels-redis then shards
    every channel and group over them by a hash of its name (each table's broadcasts go
    through one of them, the same in every process), so each server carries a share of
    the tables. Every process must list the same servers in the same order."""
    hosts = [part.strip() for part in url.split(",") if part.strip()]
    if kind == "pubsub":
        return {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": hosts, "prefix": channel_prefix()},
        }
    if kind == "core":
        return {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": hosts, "capacity": 1500, "expiry": 30, "prefix": channel_prefix()},
        }
    raise ImproperlyConfigured(f"REDIS_LAYER must be 'pubsub' or 'core', not {kind!r}.")


if REDIS_URL:
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_LAYER, REDIS_URL)}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache: what every server process must agree on (allauth's rate limits: a limit kept
# per process would let a guesser try five passwords on each Daphne) lives in Redis when
# there is one (its first server), under the same prefix as the channel layer.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL.split(",")[0].strip(),
            "KEY_PREFIX": channel_prefix(),
        }
    }

EMBEDDED_CLOCK = env_bool("EMBEDDED_CLOCK", not REDIS_URL)
"""Run the table clock inside the server process (the embedded default; see tables/clock.py)."""

# --- Play ------------------------------------------------------------------------------------
NEXT_HAND_DELAY_MS = int(os.environ.get("NEXT_HAND_DELAY_MS", "3000"))
"""Pause between the end of a hand and the next deal (R16.3), so players see the result."""
NONCE_WAIT_MS = int(os.environ.get("NONCE_WAIT_MS", "1500"))
"""At most this long past its due time a deal waits for the nonces (R15.2) of seated players
whose sockets are open; 0: never (tables.play.actions.deck.wait_for_nonces)."""
NONCE_BATCH_MS = int(os.environ.get("NONCE_BATCH_MS", "20"))
"""A server process takes the nonces its sockets send for one table within this long in one
transaction (tables.play.consumers.NonceBatches); 0: those that came at the same moment."""
RUNOUT_STEP_MS = int(os.environ.get("RUNOUT_STEP_MS", "1500"))
"""An all-in board is dealt one street every RUNOUT_STEP_MS, with the equities shown street
by street (R5.5); 0 deals it all at once."""
PRESENCE_HEARTBEAT_S = float(os.environ.get("PRESENCE_HEARTBEAT_S", "10"))
PRESENCE_TIMEOUT_S = float(os.environ.get("PRESENCE_TIMEOUT_S", "35"))
"""Each server process with table sockets says it is alive every PRESENCE_HEARTBEAT_S; the
clock takes the sockets of one silent for PRESENCE_TIMEOUT_S off the seats (tables.play.heartbeat)."""

GC_THAW_SECONDS = float(os.environ.get("GC_THAW_SECONDS", "600"))
"""A server process freezes what survives each full garbage collection and thaws it every
GC_THAW_SECONDS, so that its full collections stay short (pokerclub/gc_policy.py); 0 leaves
CPython's collector as it is."""

# --- Auth (django-allauth) ----------------------------------------------------------------------
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_SIGNUP_FORM_CLASS = "pokerclub.forms.SignupExtraForm"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_SESSION_REMEMBER = None
# Rate limits (allauth, counted in the cache above): per address and per account, failed
# logins 10 a minute and 5 in 5 minutes; password-reset mails 20 a minute and 5 a minute
# per address asked for; sign-ups 20 a minute. tests/pokerclub/test_second_factor.py.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/300s/key",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "signup": "20/m/ip",
}
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Pokerclub"
LOGIN_REDIRECT_URL = "/clubs/"
LOGIN_URL = "account_login"

EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Pokerclub <noreply@localhost>")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
"""Where the site is, for links in mails the clock sends (a game night's news)."""
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))

# --- I18N, static -----------------------------------------------------------------------------
# The language of a page: the member's profile choice, else the switcher's cookie, else the
# browser's Accept-Language, else LANGUAGE_CODE (pokerclub/language.py). Catalogs live in
# locale/ (make messages; docs/glossary.md is the Italian poker vocabulary they follow).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- Security (production) --------------------------------------------------------------------
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# The Content-Security-Policy of every page (django-csp): scripts, styles, images, fonts and
# sockets from this site only, no inline script (page.js replaces inline handlers; data for
# scripts travels in json_script, which is not run), no plugins, no <base>, no framing, forms
# posted here only. CSP_REPORT_ONLY=1 sends it as Content-Security-Policy-Report-Only instead
# (to try a stricter one without breaking pages); docs/deploy.md.
_CSP = {
    "DIRECTIVES": {
        "default-src": [CSP_SELF],
        "script-src": [CSP_SELF],
        "style-src": [CSP_SELF],
        "img-src": [CSP_SELF, "data:"],
        "font-src": [CSP_SELF],
        "connect-src": [CSP_SELF],
        "object-src": [CSP_NONE],
        "base-uri": [CSP_NONE],
        "frame-ancestors": [CSP_NONE],
        "form-action": [CSP_SELF],
    }
}
if env_bool("CSP_REPORT_ONLY", False):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = _CSP
else:
    CONTENT_SECURITY_POLICY = _CSP
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
"""What no page here uses, refused to any script (pokerclub.middleware)."""
BEHIND_PROXY = env_bool("BEHIND_PROXY", not DEBUG)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The client's address, for the rate limits (allauth's logins, pokerclub.throttle's guests):
# behind the proxy, the address it adds last to X-Forwarded-For; else the socket's.
ALLAUTH_TRUSTED_PROXY_COUNT = int(
    os.environ.get("TRUSTED_PROXY_COUNT", "1" if BEHIND_PROXY else "0")
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}
