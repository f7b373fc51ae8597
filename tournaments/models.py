"""Tournaments: the event, its entrants, its rounds and the tables (ordinary games) of each round.

Pairing and advancement live in `tournaments/formats/` (pure Python); the services in
`tournaments/services/` turn rows into plain data for them and their answers back into rows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import registry
from games.models import Game
from tournaments.formats import FORMATS, Format, get_format
from tournaments.formats.scoring import DEFAULT_PLACE_POINTS


class Tournament(models.Model):
    # The registered formats (tournaments/formats/): `Tournament.Format.SWISS == "swiss"`.
    Format = models.TextChoices("Format", [(spec.constant, (spec.name, _(spec.title))) for spec in FORMATS.values()])

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("open for registration")
        # Started; a worker is computing the round robin's schedule (never the start request).
        PREPARING = "preparing", _("preparing")
        RUNNING = "running", _("running")
        PAUSED = "paused", _("paused")
        # Their own words: Italian and Spanish say a game's "finita", "cancelada", a tournament's
        # "finito", "cancelado".
        FINISHED = "finished", pgettext_lazy("tournament status", "finished")
        CANCELLED = "cancelled", pgettext_lazy("tournament status", "cancelled")

    name = models.CharField(_("name"), max_length=100)
    engine = models.CharField(_("game"), max_length=30)
    options = models.JSONField(default=dict, blank=True)
    format = models.CharField(_("format"), max_length=12, choices=Format.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION, db_index=True)

    # Seats per table: the preferred size within the game's limits.
    seats_preferred = models.PositiveSmallIntegerField(_("players per table"))
    seats_min = models.PositiveSmallIntegerField()
    seats_max = models.PositiveSmallIntegerField()
    # Swiss and round robin: how many rounds (round robin: blank = everyone meets everyone).
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    # Swiss: the top N play a single-elimination final stage (0: none).
    top_cut = models.PositiveSmallIntegerField(_("top cut"), default=0)
    # Multiplayer elimination: the top k of each table go on.
    advance_per_table = models.PositiveSmallIntegerField(default=1)
    place_points = models.JSONField(default=list)  # points per finishing place, e.g. [4, 2, 1, 0]
    # Blank: a bye is worth one win at a full table (the first place's points).
    bye_points = models.FloatField(null=True, blank=True, default=None)
    late_join_before_round = models.PositiveSmallIntegerField(default=0)  # Swiss: join before this round

    # The time control of its games: the same fields as a game's.
    clock = models.CharField(max_length=5, choices=Game.Clock.choices, default=Game.Clock.PHASE)
    phase_seconds = models.PositiveIntegerField(default=2 * 86400)
    bank_start_seconds = models.PositiveIntegerField(default=10 * 86400)
    bank_increment_seconds = models.PositiveIntegerField(default=36 * 3600)
    bank_cap_seconds = models.PositiveIntegerField(default=10 * 86400)
    weekend_pause = models.BooleanField(default=False)
    timeouts_before_bot = models.PositiveSmallIntegerField(default=2)
    # Whether its tables' players may answer ahead and hand their seat to a delegate.
    allow_ahead = models.BooleanField(default=True, db_default=True)
    allow_delegates = models.BooleanField(default=True, db_default=True)

    rated = models.BooleanField(_("rated"), default=True)
    registration_opens_at = models.DateTimeField(null=True, blank=True)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)  # blank: the organiser starts it
    capacity = models.PositiveIntegerField(_("capacity"), null=True, blank=True)
    min_rating = models.FloatField(_("minimum rating"), null=True, blank=True)
    min_reliability = models.FloatField(_("minimum reliability"), null=True, blank=True)
    invitation_only = models.BooleanField(_("by invitation only"), default=False)
    # Whether accounts played by programs (Profile.bot_account) may enter: the organiser's call.
    allow_bot_accounts = models.BooleanField(_("bot accounts may enter"), default=False, db_default=False)
    invited = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="tournament_invitations")
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organised_tournaments")
    # Organisers who stepped down once it had started: they decided at its tables, so they
    # never enter it late (services/registration.py).
    former_organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    # Players the organisers took out before the start: they do not register again on their own,
    # which would undo the removal at once; asked in again by the organisers, they may.
    removed = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    # What stopped the sweep from moving this tournament on, for its organisers; blank when fine.
    problem = models.TextField(blank=True)
    # The problem as data when it is a refusal (`games.services.refusals.words_text`), so that each
    # organiser reads it in their language; `problem` keeps it in the worker's, for the logs.
    problem_words = models.JSONField(null=True, blank=True, editable=False)
    problem_at = models.DateTimeField(null=True, blank=True)
    # Why the site cancelled it (a scheduled start that could not happen), as data for the page and
    # each entrant's mail in their own language: {"code": ..., ...}. None: its organisers did, giving
    # no reason; {"code": ORGANISERS_REASON, "why": "their words"}: they did, and said why.
    cancel_reason = models.JSONField(null=True, blank=True, editable=False)
    ORGANISERS_REASON = "organisers"
    # Round robin: the whole schedule, computed once after the start by a worker and kept, a list
    # of rounds [tables, byes] in entry ids; drops are taken out of it round by round.
    schedule = models.JSONField(null=True, blank=True, editable=False)
    # Swiss with a top cut: the entry ids that made the cut, in seed order, kept when its first
    # knock-out round is made, so that nothing computed later (a change to the standings' rules
    # in a deploy) can redraw a bracket already under way. None: no knock-out yet.
    cut = models.JSONField(null=True, blank=True, editable=False)
    # When the schedule's computation was last handed to a worker: the beat sweep hands it out
    # again when a tournament has been preparing longer than running.PREPARING_STALE.
    preparing_since = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def under_way(self) -> bool:
        """Started and not over (preparing, running or paused): an entrant may still drop out."""
        return self.status in (self.Status.PREPARING, self.Status.RUNNING, self.Status.PAUSED)

    @property
    def takes_late_entries(self) -> bool:
        """A started Swiss still pairing latecomers: before round `late_join_before_round` is made
        (paused too: its page still promises the entry, and a pause makes no round)."""
        return (
            self.status in (self.Status.RUNNING, self.Status.PAUSED)
            and self.format_spec.takes_late_entries
            and self.current_round < self.late_join_before_round
        )

    @property
    def takes_entries(self) -> bool:
        """Open for registration, or a started Swiss still taking latecomers."""
        return self.status == self.Status.REGISTRATION or self.takes_late_entries

    # The same as `takes_entries`, for a query over tournaments (a field `F` of the model).
    TAKES_ENTRIES = models.Q(status="registration") | models.Q(
        status__in=("running", "paused"),
        format__in=[spec.name for spec in FORMATS.values() if spec.takes_late_entries],
        current_round__lt=models.F("late_join_before_round"),
    )

    @property
    def format_spec(self) -> Format:
        """Its format's rules (tournaments/formats/): what the services and pages ask of a format."""
        return get_format(self.format)

    @property
    def bye_score(self) -> float:
        """The points a bye scores: the organisers', else one win at a full table."""
        if self.bye_points is not None:
            return self.bye_points
        return self.win_score

    @property
    def win_score(self) -> float:
        """The points of a win at a full table (a first place): what a game won by forfeit scores."""
        return list(self.place_points or DEFAULT_PLACE_POINTS)[0]

    @property
    def game_title(self) -> str:
        """The game's name for people ("Emu Ranchers", not `emu_ranchers`), in their language."""
        return registry.title(self.engine)


class Entry(models.Model):
    """One registered player. A drop or a disqualification takes effect from the next round."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="tournament_entries")
    registered_at = models.DateTimeField(auto_now_add=True)
    seed = models.PositiveIntegerField(null=True, blank=True)  # 1 = best, set at the start
    rating = models.FloatField(default=1500)  # at registration, refreshed at the start
    dropped_before_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Who dropped them: blank, the player (and drops stored before this was kept); the page tells
    # each as it was, since a player withdrawn for not moving never chose to drop out.
    DROPPED_BY_ORGANISERS, WITHDRAWN_BY_SITE = "organisers", "site"
    dropped_by = models.CharField(max_length=10, blank=True)
    disqualified = models.BooleanField(default=False)
    final_place = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        # Seeded entrants first: a late entrant has no seed, which SQLite would sort first.
        ordering = [models.F("seed").asc(nulls_last=True), "registered_at"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="entry_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    # "swiss", "round_robin" or "elimination" (a Swiss top cut switches stage mid-event).
    stage = models.CharField(max_length=12)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    # A multiplayer Swiss round: the meetings it repeats, and a lower bound on any seating's
    # (None where none was computed). Above the bound, it is not proven the fewest possible.
    repeats = models.PositiveSmallIntegerField(default=0)
    repeat_bound = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        # Never two copies of a round: the services also lock the tournament row.
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, models.PROTECT, related_name="tournament_table")
    match = models.CharField(max_length=20, blank=True)  # the bracket's match id (elimination)
    # An organiser's adjudication (services/adjudication.py): entry id (as text) -> rank, None for a
    # forfeit. It replaces the game's own result for the tournament; the game's record stays as played.
    adjudicated_ranks = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_unique")]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Bye(models.Model):
    round = models.ForeignKey(Round, models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "entry"], name="bye_unique")]

    def __str__(self) -> str:
        return f"{self.round}: bye for {self.entry}"


class TournamentInvitation(models.Model):
    """An organiser invites a player (by username) or an address; the token in the mail lets
    the invitee accept, after signing up if the address has no account yet."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, null=True, blank=True, related_name="+")
    email = models.EmailField(blank=True)
    # Invited by the address typed (kept in `email` as typed): the organisers' list shows that
    # address, never the account it belongs to (services/invitations.py).
    by_address = models.BooleanField(default=False)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    token = models.CharField(max_length=43, unique=True)
    # An organiser's "add past the conditions": accepting it waives the window, the invitation
    # list, the rating floor and the reliability minimum (never the capacity). Still an
    # invitation: nobody is entered, seated or rated without agreeing.
    waives_conditions = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invitation to {self.tournament} for {self.user or self.email}"


class OrganiserMessage(models.Model):
    """A message the organisers mailed to every entrant; the rows count against the daily limit."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+")
    text = models.TextField()
    sent_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-sent_at"]

    def __str__(self) -> str:
        return f"message to {self.tournament} ({self.sent_at:%Y-%m-%d})"


class EntrantLetter(models.Model):
    """An entrant's letter to the organisers, mailed to each of them; the rows count against the daily limit."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="letters")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    text = models.TextField()
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-sent_at"]
        indexes = [models.Index(fields=["tournament", "author", "sent_at"], name="letters_of_an_entrant")]

    def __str__(self) -> str:
        return f"letter to the organisers of {self.tournament} ({self.sent_at:%Y-%m-%d})"


class EntrantLeft(models.Model):
    """An entrant leaving the event, for the organisers' log: who left, how, who made them, when.

    The entry keeps what pairing and places need (`dropped_before_round`, `disqualified`); this
    row keeps who did it and when, which the entry does not."""

    class How(models.TextChoices):
        DROPPED = "dropped", _("dropped out")
        REMOVED = "removed", _("dropped by the organisers")
        DISQUALIFIED = "disqualified", _("disqualified")
        WITHDRAWN = "withdrawn", _("withdrawn by the site")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="leavings")
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="leavings")
    how = models.CharField(max_length=12, choices=How.choices)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+")
    next_round = models.PositiveSmallIntegerField()  # the first round they are not paired in
    # Why the organisers disqualified them: told to the player and in the log, as an adjudication's is.
    reason = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.entry} {self.how}"


from tournaments.ratings.models import Rating, RatingChange  # noqa: E402, F401 - ratings live in tournaments/ratings/
