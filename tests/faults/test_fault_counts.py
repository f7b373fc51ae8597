"""The fault suite's mail count: a dead worker's one mail in flight may arrive twice, nothing else may."""

from __future__ import annotations

import pytest
from django.utils import timezone

from bench import _faults_check as check
from bench.faults import Report
from wildcards_site.outbox.models import OutboxMessage

Status = OutboxMessage.Status


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
    mail = check.count_mail(0, deliveries, dead_claims={"b", "d"})
    assert (mail.once, mail.resent, mail.twice, mail.lost) == (1, 1, 2, 0)


@pytest.mark.django_db
def test_the_report_fails_on_more_resends_than_killed_workers():
    deliveries = {_sent("a"): 2, _sent("b"): 2}
    report = Report("kills", resends_allowed=1, dead_claims={"a", "b"})
    report.mail = check.count_mail(0, deliveries, report.dead_claims)
    assert report.mail.resent == 2 and report.failed
    report.resends_allowed = 2
    assert not report.failed
    assert "sent again, with its Message-ID" in "\n".join(report.lines())
