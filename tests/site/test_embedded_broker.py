"""The embedded broker (no Redis answered) keeps every file it writes under VAR_DIR, not in
whatever folder the site was started from (a worker started from the checkout left a control/
folder in it)."""

from __future__ import annotations

from kombu import Connection, Exchange, Queue

from wildcards_site.env import broker_transport_options


def test_the_filesystem_broker_writes_nothing_outside_var_dir(tmp_path, monkeypatch):
    started_in, var_dir = tmp_path / "checkout", tmp_path / "var"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    options = broker_transport_options("filesystem://", var_dir)
    exchange = Exchange("celery", type="direct")
    with Connection("filesystem://", transport_options=options) as connection:
        producer = connection.Producer()
        producer.publish(
            {"task": "x"},
            exchange=exchange,
            routing_key="celery",
            declare=[Queue("celery", exchange, routing_key="celery")],
        )
    assert list(started_in.iterdir()) == []
    assert any((var_dir / "broker").rglob("*.exchange")) and any((var_dir / "broker" / "queue").iterdir())
