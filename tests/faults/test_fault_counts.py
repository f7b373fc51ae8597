"""The fault suite's mail count: a killed worker's one mail in flight may arrive twice, nothing else may."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from bench import _faults_check as check
from bench.faults import Report
from wildcards_site.outbox.models import OutboxMessage

Status = OutboxMessage.Status
NOW = timezone.now()
BATCH_A, BATCH_B, AFTER_THE_KILLS = NOW - timedelta(seconds=30), NOW - timedelta(seconds=20), NOW + timedelta(seconds=5)


def _sent(key: str) -> str:
    OutboxMessage.objects.create(
        key=key,
        to="ann@example.org",
        headers={"Message-ID": f"<{key}@x>"},
        status=Status.SENT,
        sent_at=timezone.now(),
        next_attempt_at=timezone.now(),
    )
    return f"<{key}@x>"


@pytest.mark.django_db
def test_a_mail_a_killed_worker_had_claimed_may_arrive_twice_and_no_more():
    deliveries = {_sent("a"): 1, _sent("b"): 2, _sent("c"): 2, _sent("d"): 3}
    mail = check.count_mail(0, deliveries, {"b": BATCH_A, "d": BATCH_B}, [NOW])
    assert (mail.once, mail.resent, mail.twice, mail.lost) == (1, 1, 2, 0)


@pytest.mark.django_db
def test_one_batch_may_have_one_mail_resent_not_two():
    deliveries = {_sent("a"): 2, _sent("b"): 2}
    mail = check.count_mail(0, deliveries, {"a": BATCH_A, "b": BATCH_A}, [NOW])
    assert (mail.resent, mail.twice) == (1, 1)


@pytest.mark.django_db
def test_a_batch_claimed_after_the_last_kill_was_a_live_workers_and_may_not_be_resent():
    deliveries = {_sent("a"): 2}
    mail = check.count_mail(0, deliveries, {"a": AFTER_THE_KILLS}, [NOW])
    assert (mail.resent, mail.twice) == (0, 1)
    assert check.count_mail(0, deliveries, {"a": BATCH_A}, []).twice == 1  # no kill, no resend


@pytest.mark.django_db
def test_the_report_fails_on_more_resends_than_killed_workers():
    deliveries = {_sent("a"): 2, _sent("b"): 2}
    report = Report("kills", resends_allowed=1, dead_claims={"a": BATCH_A, "b": BATCH_B}, killed_at=[NOW])
    report.mail = check.count_mail(0, deliveries, report.dead_claims, report.killed_at)
    assert report.mail.resent == 2 and report.failed
    report.resends_allowed = 2
    assert not report.failed
    assert "sent again, with its Message-ID" in "\n".join(report.lines())
