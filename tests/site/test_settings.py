import os
import subprocess
import sys

import pytest
from django.conf import settings


def run_manage(*args, env_extra):
    # A SECRET_KEY exported in the shell would hide what the settings do without one.
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO", "PYTEST", "SECRET_KEY"))}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


TEST_KEY = "a-key-for-settings-tests-only-" + "k3" * 10

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-" + "x7Kq" * 10,
    "SITE_URL": "https://wildcards.example.org",
    "ANYMAIL_PROVIDER": "postmark",
    "ANYMAIL_POSTMARK_SERVER_TOKEN": "test-token",
    "ANYMAIL_WEBHOOK_SECRET": "hook:a-long-webhook-secret",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    "CACHE_URL": "redis://127.0.0.1:6379/13",
    # Named, not inherited: the tests' own database may be SQLite (scripts/test --quick, or no
    # PostgreSQL), whose model checks warn of what a production site never runs on.
    "DATABASE_URL": "postgres://wildcards@127.0.0.1:5432/wildcards",
}


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> dict:
    """PRODUCTION with a VAR_DIR whose static files were collected, as "Deploying safely" says."""
    env = {**PRODUCTION, "VAR_DIR": str(tmp_path_factory.mktemp("var"))}
    result = run_manage("collectstatic", "--noinput", env_extra=env)
    assert result.returncode == 0, result.stdout + result.stderr
    return env


def test_production_settings_pass_the_deploy_check(collected):
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env_extra=collected)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_deploy_check_fails_until_static_files_are_collected(tmp_path):
    # Without the manifest every page that links a static file answers 500.
    env = {**PRODUCTION, "VAR_DIR": str(tmp_path)}
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env_extra=env)
    assert result.returncode != 0
    assert "wildcards.E006" in result.stderr and "collectstatic" in result.stderr


def test_the_deploy_check_fails_when_a_static_file_is_newer_than_the_collection(collected, tmp_path):
    # A deploy that added a static file and forgot collectstatic: that file would answer 500.
    static = tmp_path / "static"
    static.mkdir()
    (static / "new.css").write_text("p { color: red; }")
    code = (
        "from django.core.checks import run_checks; print([e.id for e in run_checks(include_deployment_checks=True)])"
    )
    extra = f"from django.conf import settings; settings.STATICFILES_DIRS.append({str(static)!r}); "
    result = run_manage("shell", "-c", extra + code, env_extra=collected)
    assert result.returncode == 0, result.stderr
    assert "wildcards.E006" in result.stdout, result.stdout


def test_the_deploy_check_catches_the_development_defaults():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env_extra={"DEBUG": "1"})
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr or "security.W009" in result.stderr


def test_the_broker_falls_back_to_files_when_redis_does_not_answer(tmp_path):
    code = "from django.conf import settings; print(settings.CELERY_BROKER_URL, '|', settings.BROKER_CHOICE)"
    env = {"DJANGO_SETTINGS_MODULE": "wildcards_site.settings", "VAR_DIR": str(tmp_path), "SECRET_KEY": TEST_KEY}
    env.update({key: value for key, value in os.environ.items() if key in ("PATH", "HOME")})
    # Point the probe at a closed port by making the local Redis URL unreachable.
    result = subprocess.run(
        [sys.executable, "-c", "import wildcards_site.probe as p; p.LOCAL_REDIS_URL='redis://127.0.0.1:1/0'; " + code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("filesystem://"), result.stdout
    assert "embedded" in result.stdout
    assert (tmp_path / "broker" / "queue").is_dir()


def test_cache_url_puts_the_cache_in_redis_for_every_process():
    from wildcards_site.probe import LOCAL_REDIS_URL, redis_answers

    if not redis_answers(LOCAL_REDIS_URL):
        if os.environ.get("CI") == "true":
            raise AssertionError("CI must have Redis on 127.0.0.1:6379")
        import pytest

        pytest.skip("no Redis on 127.0.0.1:6379")
    url = LOCAL_REDIS_URL.rsplit("/", 1)[0] + "/14"
    code = (
        "import django; django.setup(); from django.core.cache import cache, caches; "
        "cache.set('probe', 'from the first process', 30); print(type(caches['default']).__name__)"
    )
    env = {"DJANGO_SETTINGS_MODULE": "wildcards_site.settings", "CACHE_URL": url, "SECRET_KEY": TEST_KEY}
    env.update({key: value for key, value in os.environ.items() if key in ("PATH", "HOME")})
    first = subprocess.run(
        [sys.executable, "-c", code], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=60
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "RedisCache"
    read = "import django; django.setup(); from django.core.cache import cache; print(cache.get('probe'))"
    second = subprocess.run(
        [sys.executable, "-c", read], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=60
    )
    assert second.stdout.strip() == "from the first process", second.stderr


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_manage("check", env_extra={"DEBUG": "0", "SECRET_KEY": ""})
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_it_refuses_to_start_with_the_public_development_key_when_debug_is_off():
    from wildcards_site.settings import DEVELOPMENT_SECRET_KEY

    result = run_manage("check", env_extra={"DEBUG": "0", "SECRET_KEY": DEVELOPMENT_SECRET_KEY})
    assert result.returncode != 0
    assert "SECRET_KEY is the public development key" in result.stderr


def test_the_development_key_is_used_only_with_debug_on():
    code = "from django.conf import settings; print(settings.SECRET_KEY)"
    result = run_manage("shell", "-c", code, env_extra={"DEBUG": "1", "SECRET_KEY": ""})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].startswith("django-insecure-")


UNSAFE = [
    ({"SECRET_KEY": "django-insecure-" + "x" * 40}, "wildcards.E001"),
    ({"SECRET_KEY": "short"}, "wildcards.E001"),
    ({"DEBUG": "1"}, "wildcards.E002"),
    ({"ANYMAIL_WEBHOOK_SECRET": ""}, "wildcards.E003"),
    ({"ANYMAIL_PROVIDER": "mailgun", "ANYMAIL_MAILGUN_API_KEY": "k"}, "wildcards.E004"),
    ({"SITE_URL": "http://wildcards.example.org"}, "security.W008"),
    ({"CACHE_URL": ""}, "wildcards.E005"),
    ({"INBOUND_VERDICT_HEADERS": "Authentication-Results,Recieved-SPF"}, "wildcards.E007"),
]


@pytest.mark.parametrize(("change", "expected"), UNSAFE)
def test_the_deploy_check_fails_on_each_unsafe_setting(change, expected):
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env_extra={**PRODUCTION, **change})
    assert result.returncode != 0
    assert expected in result.stderr, result.stderr
