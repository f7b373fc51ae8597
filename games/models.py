"""Games, their seats, the append-only action log and the deadlines.

The action log is the truth: `Game.state` is a cache that
`games.history.replay.rebuild_state` recomputes from the seed and the actions.
Finished games keep their results on the seats (`score`, `rank`) so
ratings and leaderboards query them directly.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import registry
from wildcards_site.accounts.marks import text_mark


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        RUNNING = "running", _("running")
        PAUSED = "paused", _("paused")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")
        CANCELLED = "cancelled", _("cancelled")

    class Visibility(models.TextChoices):
        OPEN = "open", _("open: anyone may join and watch")
        PRIVATE = "private", _("private: by invitation")

    class Clock(models.TextChoices):
        PHASE = "phase", _("a deadline per phase")
        BANK = "bank", _("a time bank")

    engine = models.CharField(_("game"), max_length=30)
    options = models.JSONField(default=dict)
    seed = models.CharField(max_length=40)
    num_seats = models.PositiveSmallIntegerField(_("players"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.OPEN)
    # None: the game belongs to another app (a tournament's table), not to a player.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True, related_name="created_games"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True, db_index=True)

    # Time control. Phase: every wait closes `phase_seconds` after it opens.
    # Bank: each seat spends from its own bank, which grows by the increment
    # after each of its actions, up to the cap.
    clock = models.CharField(max_length=5, choices=Clock.choices, default=Clock.PHASE)
    phase_seconds = models.PositiveIntegerField(default=2 * 86400)
    bank_start_seconds = models.PositiveIntegerField(default=10 * 86400)
    bank_increment_seconds = models.PositiveIntegerField(default=36 * 3600)
    bank_cap_seconds = models.PositiveIntegerField(default=10 * 86400)
    weekend_pause = models.BooleanField(_("clocks stop at weekends"), default=False)
    timeouts_before_bot = models.PositiveSmallIntegerField(default=2)
    # An unrated game changes nobody's rating (tournaments/ratings reads this).
    rated = models.BooleanField(_("rated"), default=True)
    # The creator's choice to rate bot accounts (Profile.bot_account) against people: without it a
    # game that seats both is made unrated when it starts (services/lobby.py).
    rate_bot_accounts = models.BooleanField(_("rated against bot accounts"), default=False, db_default=False)
    # Created rated, made unrated at the start for that reason: said on the table, and a rematch is
    # rated again, as its creator chose.
    unrated_for_bot_accounts = models.BooleanField(default=False, db_default=False)
    # Whether its players may answer ahead and hand their seat to a delegate (a tournament's
    # organisers decide for their tables; on elsewhere).
    allow_ahead = models.BooleanField(_("answers ahead"), default=True, db_default=True)
    allow_delegates = models.BooleanField(_("delegates"), default=True, db_default=True)
    # The finished game this one plays again, with the same players and settings (`do_rematch`).
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches")

    # The cache of the engine state after `version` actions, and its wait.
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    phase_key = models.CharField(max_length=100, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["engine", "status", "-finished_at"]),
            # The history list: finished games, newest first (see games/history/finding.py).
            models.Index(fields=["-finished_at", "-id"], condition=Q(status="finished"), name="finished_games"),
        ]

    def __str__(self) -> str:
        return f"{self.title} #{self.pk}"

    @property
    def title(self) -> str:
        return registry.title(self.engine)

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.RUNNING, self.Status.PAUSED)

    def status_label(self) -> str:
        """The game's state in words: a game stopped for an organiser's decision says so, not
        "abandoned", which its winner would read. Lists annotate `decided`
        (`with_decided`); else one query, only for an abandoned game."""
        if self.status == self.Status.ABANDONED and self.is_decided():
            return str(_("result set by the organisers"))
        return self.get_status_display()

    def is_decided(self) -> bool:
        """Whether an organiser set the result (stopping the game): the `decided` annotation of
        `with_decided`, else one query."""
        decided = getattr(self, "decided", None)
        if decided is None:
            decided = self.events.filter(kind=GameEvent.Kind.ADJUDICATED).exists()
            self.decided = decided
        return decided


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", _("player")
        BOT = "bot", _("bot")

    class Level(models.TextChoices):
        """How a bot seat plays (`games.bots` levels); empty for a person's seat."""

        BEGINNER = "beginner", _("Beginner")
        STANDARD = "standard", _("Standard")
        GOOD = "good", _("Good")
        STRONG = "strong", _("Strong")

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        LEFT = "left", _("left (timed out)")
        RESIGNED = "resigned", _("resigned")
        REMOVED = "removed", _("removed by an organiser")

    game = models.ForeignKey(Game, models.CASCADE, related_name="seats")
    # Place at the table, 0-based; assigned at random when the game starts.
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True, related_name="seats")
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.HUMAN)
    # The bot's level while `kind` is bot (games/services/bot_choice.py); kept if a person takes the seat back.
    bot_level = models.CharField(max_length=10, choices=Level.choices, blank=True, default="")
    # A seat made for a bot (no player): its number in "Bot 2", given when the game is created, so
    # it keeps its name from the lobby to the table (seats are shuffled at the start).
    bot_number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    joined_at = models.DateTimeField(auto_now_add=True)
    consecutive_timeouts = models.PositiveSmallIntegerField(default=0)
    bank_seconds = models.PositiveIntegerField(default=0)
    # The game's version when this seat's player last opened the table ("since your last look").
    seen_version = models.PositiveIntegerField(null=True, blank=True)
    # Who held the seat when it first changed hands to someone else (null: never, or a bot's from
    # the start), and whether its player now took it over during the game. A substitute is not
    # rated (tournaments/ratings): a seat handed over late would sell its rank to a second account.
    first_user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+")
    substitute = models.BooleanField(default=False)
    # When its player left it (resigned, timed out, removed); cleared when a person takes it.
    left_at = models.DateTimeField(null=True, blank=True)
    # A delegate its player asked for (`services.delegate`): "back" (until they move or say they
    # are back), "round:r3" (the card play of that round), "" none. Read by the services alone:
    # nobody else may tell whether a seat holds a delegate until it moves.
    delegate = models.CharField(max_length=20, blank=True, default="", db_default="")
    # Final result, filled when the game ends. A seat that left ranks last.
    score = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "user"], condition=Q(user__isnull=False), name="seat_user_unique"),
        ]
        # A player's games (player pages, the history's player filter).
        indexes = [models.Index(fields=["user", "game"], name="seat_user_game")]

    def __str__(self) -> str:
        return f"{self.game} seat {self.position}: {self.name}"

    @property
    def name(self) -> str:
        if self.user_id is None:
            return _("Bot %(number)s") % {"number": self.bot_number or (self.position or 0) + 1}
        return self.user.profile.name

    @property
    def is_automatic(self) -> bool:
        return self.kind == self.Kind.BOT

    @property
    def level(self) -> str:
        """The level a bot plays this seat at ("" for a person): a bot seat from before levels plays Standard."""
        if self.kind != self.Kind.BOT:
            return ""
        return self.bot_level or self.Level.STANDARD

    @property
    def level_label(self) -> str:
        """The bot's level in the reader's language ("Good"), "" for a person."""
        return str(self.Level(self.level).label) if self.level else ""

    @property
    def bot_label(self) -> str:
        """A bot seat's mark in the reader's language ("Good bot"), "" for a person.

        No comma inside: seats are listed with commas between them."""
        return _("%(level)s bot") % {"level": self.level_label} if self.level else ""

    @property
    def label(self) -> str:
        """The name as seats are listed: a bot seat says so, and at which level ("Bot 2 · Good bot"),
        a bot account too ("Robo · bot account")."""
        if self.kind != self.Kind.BOT:
            return f"{self.name}{text_mark(self)}"
        return f"{self.name} · {self.bot_label}"


class Action(models.Model):
    """One accepted action. Append-only: never updated, never deleted while the game exists."""

    class Channel(models.TextChoices):
        WEB = "web", _("web")
        EMAIL_LINK = "email_link", _("mail link")
        EMAIL_REPLY = "email_reply", _("mail reply")
        TIMEOUT = "timeout", _("timeout")
        BOT = "bot", _("bot")
        ORGANISER = "organiser", _("organiser")
        API = "api", _("API")
        # A move the rules left no choice in, known to all as forced (the last card of a Wizard
        # round): the site makes it at once rather than wait for, or mail, its player.
        FORCED = "forced", _("forced move")
        # A move its player stored before being called, played when its case held (`services.ahead`).
        AHEAD = "ahead", _("answered ahead")
        # A move the delegate its player asked for made for them (`services.delegate`), at Standard.
        DELEGATE = "delegate", _("delegate")

    # Moves a person made: a timeout's default move, a bot's, an organiser's and a forced one are not.
    OWN_CHANNELS = (Channel.WEB, Channel.EMAIL_LINK, Channel.EMAIL_REPLY, Channel.API, Channel.AHEAD)
    # Moves its player made with the game before their eyes (on the site, by a mail's link or
    # reply, through the API): what came before them was seen. A move made for them (forced,
    # answered ahead, by the delegate, the timeout or a bot) is not, so recaps count from before it.
    SEEN_CHANNELS = (Channel.WEB, Channel.EMAIL_LINK, Channel.EMAIL_REPLY, Channel.API)
    # Moves that show a player is playing right now: at the table, or through a program on the API
    # (a program playing a trick a second would otherwise get a turn mail for every trick).
    LIVE_CHANNELS = (Channel.WEB, Channel.API)

    game = models.ForeignKey(Game, models.CASCADE, related_name="actions")
    # The game's version before this action: 0 for the first action.
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    channel = models.CharField(max_length=12, choices=Channel.choices)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="action_seq_unique")]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq} seat {self.seat} {self.payload.get('type', '?')} ({self.channel})"

    @classmethod
    def own_moves(cls, game_id: int, user_id: int) -> int:
        """Moves `user_id` made themselves in the game (web, mail, API)."""
        return cls.objects.filter(game_id=game_id, actor_id=user_id, channel__in=cls.OWN_CHANNELS).count()


class GameEvent(models.Model):
    """What happened to a game outside its moves: seats changing hands, pauses, extensions.

    Shown in the table's log, so players can see why a clock stopped or who sits where.
    """

    class Kind(models.TextChoices):
        SEAT_REPLACED = "seat_replaced", _("seat given to another player")
        SEAT_OFFERED = "seat_offered", _("seat offered to a player")
        SEAT_DECLINED = "seat_declined", _("seat offer declined")
        # A bot took the seat: its player missed too many deadlines in a row, or resigned.
        SEAT_TIMED_OUT = "seat_timed_out", _("seat taken by a bot after missed deadlines")
        SEAT_RESIGNED = "seat_resigned", _("seat taken by a bot after its player resigned")
        PAUSED = "paused", _("paused")
        RESUMED = "resumed", _("resumed")
        EXTENDED = "extended", _("deadline extended")
        # A tournament's organiser set the table's result (ranks or a forfeit), with a reason.
        ADJUDICATED = "adjudicated", _("result set by an organiser")

    game = models.ForeignKey(Game, models.CASCADE, related_name="events")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # None for the site itself (a pause ended by its time limit).
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+")
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at", "pk"]
        indexes = [models.Index(fields=["game", "kind"], name="game_event_kind")]

    def __str__(self) -> str:
        return f"{self.game} {self.kind} ({self.created_at:%Y-%m-%d %H:%M})"


def with_decided(games: models.QuerySet) -> models.QuerySet:
    """`games` with `decided`: whether an organiser set the result (`Game.status_label` reads it)."""
    return games.annotate(
        decided=models.Exists(GameEvent.objects.filter(game=models.OuterRef("pk"), kind=GameEvent.Kind.ADJUDICATED))
    )


class Deadline(models.Model):
    """One seat's wait in one phase: when it closes, and whether it is answered."""

    class Outcome(models.TextChoices):
        ACTED = "acted", _("acted")
        TIMEOUT = "timeout", _("timed out")
        CANCELLED = "cancelled", _("no longer needed")

    game = models.ForeignKey(Game, models.CASCADE, related_name="deadlines")
    seat = models.PositiveSmallIntegerField()
    phase_key = models.CharField(max_length=100)
    opened_at = models.DateTimeField()
    # Running time granted (the phase length or the bank, plus extensions);
    # `closes_at` is derived from it, the weekend pause and the player's vacations.
    allowed_seconds = models.PositiveIntegerField()
    closes_at = models.DateTimeField(db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)
    reminder_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["closes_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat"], condition=Q(closed_at__isnull=True), name="one_open_deadline_per_seat"
            )
        ]
        indexes = [models.Index(fields=["closes_at"], condition=Q(closed_at__isnull=True), name="open_deadlines")]

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat} until {self.closes_at:%Y-%m-%d %H:%M}"


class TableMessage(models.Model):
    """Something a player wrote at a game's table (`services.talk.do_say`): text only, shown escaped."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    text = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["game", "created_at"])]

    def __str__(self) -> str:
        return f"{self.user} at {self.game}: {self.text[:40]}"


class Vacation(models.Model):
    """Days a player is away: their deadlines do not run meanwhile."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()

    class Meta:
        ordering = ["starts_at"]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts_at:%Y-%m-%d} to {self.ends_at:%Y-%m-%d}"


# The API's tokens live beside the API, invitations and seat offers beside the lobby; importing
# them here makes them part of this app.
from games.api.models import ApiToken  # noqa: E402, F401
from games.lobby.models import Invitation, SeatOffer  # noqa: E402, F401
