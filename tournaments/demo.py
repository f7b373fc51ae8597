"""The demo's tournaments (`load_demo`, so `scripts/run` and `scripts/screenshots`): an organiser
trying the demo finds tournaments under way, and the leaderboards have players on them.

Everything goes through the services, as on the site: a round robin in its last round (its
standings and crosstable), a double elimination part-way (its two brackets) and the rated
games they leave behind (the leaderboard). The games are played with each engine's default
move, as a player who never answers would play them.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games.engines import get_engine
from games.models import Game
from games.services import do_action
from tournaments.models import Table, Tournament
from tournaments.ratings.services import do_rate_game
from tournaments.services import do_advance_round, do_create_tournament, do_register, do_start
from tournaments.tasks import prepare_tournament
from wildcards_site.accounts.models import profile_for

PASSWORD = "wildcards-demo"
# Demo players first (seeds/demo/users.json), then four more for full fields.
ENTRANTS = ["alice", "bruno", "carmen", "daan", "ilse", "marco", "lucia", "noor"]
NAMES = {"ilse": "Ilse", "marco": "Marco", "lucia": "Lucía", "noor": "Noor"}
EMU = {"years": 1}  # one year: short games, so the screenshots take a minute, not an hour


ROUND_ROBIN, DOUBLE = "Spring Round Robin", "Emu Double Knock-out"


def load_demo_tournaments() -> dict:
    """{"round_robin", "double": the tournaments, "viewer": an entrant of the round robin whose
    table is still being played}. Made once: a second call finds them (by name and organiser)."""
    organiser = get_user_model().objects.get(username="organiser")
    made = {t.name: t for t in Tournament.objects.filter(created_by=organiser, name__in=[ROUND_ROBIN, DOUBLE])}
    # Each made only if missing (one may have been deleted by hand): never a second copy.
    round_robin, double = made.get(ROUND_ROBIN), made.get(DOUBLE)
    if round_robin is None or double is None:
        users = _players()
        if round_robin is None:
            round_robin = _tournament(organiser, users[:6], ROUND_ROBIN, "round_robin", rounds=5)
            _play_rounds(round_robin, 4)
            _play_one_table(round_robin)
        if double is None:
            double = _tournament(organiser, users, DOUBLE, "double")
            _play_rounds(double, 3)
            _play_one_table(double)
        # The worker rates a finished game; the demo is made before the worker starts (a game
        # rated already is left as it is).
        for game in Game.objects.filter(status=Game.Status.FINISHED, rated=True).order_by("finished_at", "pk"):
            do_rate_game(game.pk)
    playing = _current_tables(round_robin)[-1].game
    viewer = playing.seats.exclude(user=None).first().user
    return {"round_robin": round_robin, "double": double, "viewer": viewer}


def _players() -> list:
    model = get_user_model()
    users = []
    for username in ENTRANTS:
        user, created = model.objects.get_or_create(
            username=username, defaults={"email": f"{username}@demo.wildcards.localhost"}
        )
        if created:
            user.set_password(PASSWORD)
            user.save()
            profile = profile_for(user)
            profile.display_name = NAMES[username]
            profile.language = "en"
            profile.save()
        users.append(user)
    return users


def _tournament(organiser, users, name: str, format: str, **fields) -> Tournament:
    tournament = do_create_tournament(
        organiser, name, "emu_ranchers", format, options=EMU, seats_preferred=2, seats_min=2, seats_max=2, **fields
    )
    for user in users:
        do_register(tournament.pk, user)
    do_start(tournament.pk, organiser)
    tournament.refresh_from_db()
    if tournament.status == Tournament.Status.PREPARING:
        prepare_tournament(tournament.pk)  # the worker's task, run here: the screenshots have no worker
    tournament.refresh_from_db()
    return tournament


def _current_tables(tournament: Tournament) -> list[Table]:
    tournament.refresh_from_db()
    return list(
        Table.objects.filter(round__tournament=tournament, round__number=tournament.current_round)
        .select_related("game")
        .order_by("number")
    )


def _play_rounds(tournament: Tournament, rounds: int) -> None:
    for _ in range(rounds):
        for table in _current_tables(tournament):
            _play_out(table.game)
        do_advance_round(tournament.pk)


def _play_one_table(tournament: Tournament) -> None:
    """The current round under way: its first table over, the others still playing."""
    tables = _current_tables(tournament)
    if len(tables) > 1:
        _play_out(tables[0].game)


def _play_out(game: Game) -> None:
    engine = get_engine(game.engine)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat.user, expected_version=game.version)
