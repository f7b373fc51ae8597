"""What other apps add to the games' pages, without games importing them.

Two hooks, registered from an app's `AppConfig.ready` (tournaments registers its ratings
and tournaments here):

- **seat notes**: a short note beside a player's name in a game: on the table, the history
  list, the player's games and the replay (a rating and its change once a game is over).
  A provider gets the games of a page at once and answers in one query.
- **player sections**: a block on the games player page (`/games/players/<name>/`), e.g. the
  player's ratings or tournaments; a provider returns a template and its context, or None.
- **game links**: where a game belongs, shown at the top of its table and beside it in the
  player's lists ("Round 2, table 3 of Spring Cup"); a provider gets a page's games at once.
- **table sections**: a block on a game's table, e.g. why a rated game ended unrated; a provider
  gets the game and the viewer and returns a template and its context, or None.
- **resign notes**: a sentence the resign question adds for a seat, e.g. that resigning now
  voids the game's rating for everyone; a provider gets the game and the seat.
- **invitations**: what else a signed-in player is invited to (a tournament), listed beside
  their game invitations on the home page and the Games page (`games.lobby.pending`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from games.models import Game


@dataclass(frozen=True)
class SeatNote:
    text: str  # e.g. "1532"
    change: str = ""  # e.g. "+12" (a sign always shown), empty for none
    title: str = ""  # what the note is, for a tooltip and screen readers
    rising: bool | None = None  # None: no direction to show


@dataclass
class PlayerSection:
    """A block another app adds to a page (the player page, a table): a template and its context."""

    template: str
    context: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GameLink:
    text: str  # e.g. "Round 2, table 3 of Spring Cup"
    url: str


@dataclass(frozen=True)
class PendingInvitation:
    """Something a player is invited to and may accept from a list, with one POST."""

    kind: str  # "game", "rematch", "seat" or "tournament": what it is (the page marks it)
    text: str  # e.g. "Alice invites you to Wizard #12.", in the reader's language
    url: str  # where to read more about it
    accept_url: str  # a POST here accepts
    accept_label: str  # the button's words
    accept_fields: tuple[tuple[str, str], ...] = ()  # hidden fields posted with it
    created_at: object = None  # when it was sent: the list is newest first
    decline_url: str = ""  # a POST here turns it down (none: it lapses instead)
    decline_fields: tuple[tuple[str, str], ...] = ()


# games -> {(game id, user id): [notes]}
SeatNotesProvider = Callable[[list[Game]], dict[tuple[int, int], list[SeatNote]]]
# (player shown, viewer) -> a section or None
PlayerSectionProvider = Callable[[object, object], "PlayerSection | None"]

# games -> {game id: link}
GameLinksProvider = Callable[[list[Game]], dict[int, GameLink]]

_seat_notes: list[SeatNotesProvider] = []
_game_links: list[GameLinksProvider] = []
_player_sections: list[PlayerSectionProvider] = []
# (game, viewer) -> a block on its table, or None
TableSectionProvider = Callable[[Game, object], "PlayerSection | None"]
# (game, seat) -> a sentence for its resign question, or ""
ResignNoteProvider = Callable[[Game, object], str]
_table_sections: list[TableSectionProvider] = []
_resign_notes: list[ResignNoteProvider] = []
# user -> what else they are invited to
InvitationsProvider = Callable[[object], list[PendingInvitation]]
_invitations: list[InvitationsProvider] = []


def register_seat_notes(provider: SeatNotesProvider) -> None:
    if provider not in _seat_notes:
        _seat_notes.append(provider)


def register_game_links(provider: GameLinksProvider) -> None:
    if provider not in _game_links:
        _game_links.append(provider)


def game_links(games: Iterable[Game]) -> dict[int, list[GameLink]]:
    """Game id -> the links other apps give it (one call per provider for all the games)."""
    games = list(games)
    found: dict[int, list[GameLink]] = {}
    if games:
        for provider in _game_links:
            for game_id, link in provider(games).items():
                found.setdefault(game_id, []).append(link)
    return found


def register_player_section(provider: PlayerSectionProvider) -> None:
    if provider not in _player_sections:
        _player_sections.append(provider)


def annotate_seats(games: Iterable[Game], seats_of: Callable[[Game], Iterable] | None = None) -> None:
    """Give every seat of these games `.notes` (a list of SeatNote): one call per provider.

    `seats_of(game)` gives the seat objects the template will show (by default the
    prefetched `game.seats.all()`), so the notes land on those very objects.
    """
    games = list(games)
    seats_of = seats_of or (lambda game: game.seats.all())
    found: dict[tuple[int, int], list[SeatNote]] = {}
    if games:
        for provider in _seat_notes:
            for key, notes in provider(games).items():
                found.setdefault(key, []).extend(notes)
    for game in games:
        for seat in seats_of(game):
            seat.notes = found.get((game.pk, seat.user_id), []) if seat.user_id is not None else []


def player_sections(person, viewer) -> list[PlayerSection]:
    sections = (provider(person, viewer) for provider in _player_sections)
    return [section for section in sections if section is not None]


def register_invitations(provider: InvitationsProvider) -> None:
    if provider not in _invitations:
        _invitations.append(provider)


def other_invitations(user) -> list[PendingInvitation]:
    """What other apps invite this player to (one call per provider)."""
    return [invitation for provider in _invitations for invitation in provider(user)]


def register_table_section(provider: TableSectionProvider) -> None:
    if provider not in _table_sections:
        _table_sections.append(provider)


def table_sections(game: Game, viewer) -> list[PlayerSection]:
    sections = (provider(game, viewer) for provider in _table_sections)
    return [section for section in sections if section is not None]


def register_resign_note(provider: ResignNoteProvider) -> None:
    if provider not in _resign_notes:
        _resign_notes.append(provider)


def resign_notes(game: Game, seat) -> list[str]:
    """What resigning now would also do, in sentences other apps know (none for most seats)."""
    return [note for note in (provider(game, seat) for provider in _resign_notes) if note]
