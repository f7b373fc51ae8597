"""The reply's own words, wherever they stand: above the quote, below it, or between quoted blocks.

Mail clients quote in a few shapes (seen in Gmail, Outlook desktop/web/mobile, Apple
Mail, iPhone and Thunderbird, in English, Italian, Spanish and Dutch):

- an attribution line ("On … wrote:", "Il … ha scritto:", "El … escribió:", "Op … schreef …:"),
  sometimes wrapped over two lines or written at the end of the reply's own line,
  followed by `>` lines (the writer may answer below or between them), or by the
  original left unquoted (then everything below is the quote);
- an Outlook header block ("From:/Sent:/To:/Subject:" and its translations, also in
  bold "*From:*"), often after a line of underscores or "-----Original Message-----":
  everything below is the quote;
- a signature ("-- ") or a phone's footer ("Sent from my iPhone", "Get Outlook for iOS"):
  nothing below it is the writer's move.

Lines starting with `>` are never the writer's own words.
"""

from __future__ import annotations

import re

_ATTRIBUTION = re.compile(
    r"(?:^|\s)(?:"
    r"on\s.{3,300}?\bwrote:"  # Gmail, Apple Mail, Thunderbird
    r"|(?:il|in data)\s.{3,300}?\bha scritto:"
    r"|el\s.{3,300}?\bescribi[oó]:"
    r"|op\s.{3,300}?\b(?:schreef\b.{0,300}?|het volgende geschreven):"
    r")\s*$",
    re.IGNORECASE,
)
# The first line of an attribution whose end is on the next line.
_ATTRIBUTION_START = re.compile(r"^\s*(?:on|il|in data|el|op)\s", re.IGNORECASE)

_HEADER_FROM = re.compile(r"^\s*\*?(?:from|da|de|van)\s*:\*?\s*\S", re.IGNORECASE)
_HEADER_NEXT = re.compile(
    r"^\s*\*?(?:sent|date|to|cc|subject|inviato|data|a|oggetto|enviado|fecha|para|asunto|"
    r"verzonden|datum|aan|onderwerp)\s*:\*?",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(
    r"^\s*(?:-{2,}\s*(?:original message|messaggio originale|mensaje original|oorspronkelijk bericht)\s*-*"
    r"|_{8,}|-{8,})\s*$",
    re.IGNORECASE,
)
_SIGNATURE = re.compile(r"^-- ?$")
_DEVICE = (
    r"(?:iphone|ipad|ipod|android|mobile|phone|smartphone|galaxy\b.*|samsung\b.*|pixel\b.*|huawei\b.*|"
    r"blackberry|outlook(?: for (?:ios|android))?|mail for windows|cellulare|telefono|smartphone|"
    r"m[oó]vil|tel[eé]fono|telefoon|mobiel|mobiele telefoon)"
)
_FOOTER = re.compile(
    r"^\s*(?:"
    rf"sent from my {_DEVICE}|sent from {_DEVICE}|sent with .{{1,40}}|"
    rf"inviato da(?:l mio)? {_DEVICE}|"
    rf"enviado desde mi {_DEVICE}|enviado desde {_DEVICE}|"
    rf"(?:verstuurd|verzonden) (?:vanaf|met|via) (?:mijn )?{_DEVICE}|"
    r"get outlook for (?:ios|android)|ottieni outlook per (?:ios|android)|"
    r"obtener outlook para (?:ios|android)|outlook voor (?:ios|android) downloaden|"
    r"download outlook (?:for|voor) (?:ios|android)"
    r")\s*\.?\s*$",
    re.IGNORECASE,
)


def _is_quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _header_block_at(lines: list[str], index: int) -> bool:
    """An Outlook header block starts here: a From line with another header field just below."""
    if not _HEADER_FROM.match(lines[index]):
        return False
    return any(_HEADER_NEXT.match(line) for line in lines[index + 1 : index + 5])


def _next_text(lines: list[str], index: int) -> int:
    """The index of the first non-blank line from `index` on (len(lines) when none)."""
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


def own_text(body: str) -> str:
    """The part of a plain-text reply its sender wrote, its separate pieces one after the other."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if _is_quoted(line):
            index += 1
            continue
        if _SIGNATURE.match(line) or _FOOTER.match(line) or _SEPARATOR.match(line) or _header_block_at(lines, index):
            break
        attribution = _ATTRIBUTION.search(line)
        span = 1
        if attribution is None and _ATTRIBUTION_START.match(line) and index + 1 < len(lines):
            joined = f"{line} {lines[index + 1]}"
            if _ATTRIBUTION.match(joined):
                attribution, span = _ATTRIBUTION.match(joined), 2
        if attribution is not None:
            before = line[: attribution.start()].strip() if span == 1 else ""
            if before:
                kept.append(before)  # the reply written on the attribution's own line
            following = _next_text(lines, index + span)
            if following < len(lines) and _is_quoted(lines[following]):
                index = following  # a `>` quote: the writer may go on below it
                continue
            break  # the original left unquoted below the attribution: the rest is the quote
        kept.append(line)
        index += 1
    return "\n".join(kept).strip()
