import pytest
from django.urls import reverse

from wildcards_site.health.status import record_heartbeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    from tests.conftest import make_user

    user = make_user("keeper")
    user.is_staff = True
    user.save()
    client.force_login(user)
    return client


def test_it_shows_anyone_only_whether_the_site_is_ok(client):
    response = client.get(reverse("health"))
    assert response.status_code == 200
    assert response.json() == {"ok": True}


def test_it_reports_database_and_broker_as_ok(staff_client):
    client = staff_client
    response = client.get(reverse("health"))
    assert response.status_code == 200
    status = response.json()
    assert status["database"] == "ok"
    assert status["broker"] == "ok"
    assert status["ok"] is True
    assert status["worker_last_seen"] is None


def test_it_reports_the_last_worker_heartbeat(staff_client):
    client = staff_client
    record_heartbeat("worker@test")
    assert client.get(reverse("health")).json()["worker_last_seen"] is not None


def test_it_answers_503_when_the_broker_is_down(staff_client, settings):
    client = staff_client
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = client.get(reverse("health"))
    assert response.status_code == 503
    assert response.json()["broker"].startswith("error")
