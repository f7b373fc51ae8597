"""The reply's own words: quoted text, attributions, header blocks, footers and signatures taken away.

The writer's text may stand above the quote (Gmail, Outlook, Apple Mail,
iPhone), below it (Thunderbird's reply below) or between quoted blocks
(interleaved answers); it is read wherever it stands. Lines quoted with `>`
are never the writer's. Where a client leaves the quoted mail unquoted
(Outlook's header block, "-----Original Message-----", an attribution not
followed by `>` lines), everything from there on is the old mail.
"""

from __future__ import annotations

import re

# No command is longer; a longer line is cut before any pattern looks at it.
LINE_CHARS = 500

_ATTRIBUTION_TAIL = r"(wrote|ha scritto|escribi[oó]|schreef\b.{0,200}|het volgende geschreven|a [ée]crit)\s*:?\s*$"
# "On Tue, 3 Mar 2026 at 09:00, Wildcards <...> wrote:" and the Italian, Spanish, Dutch
# (and French) forms of Gmail, Apple Mail, Thunderbird, Outlook for Mac.
_ATTRIBUTION = re.compile(r"^\s*(on|il|il giorno|in data|el|op|le)\b.{0,300}?\b" + _ATTRIBUTION_TAIL, re.IGNORECASE)
# The same, after the writer's own words on one line.
_ATTRIBUTION_INLINE = re.compile(r"\s(on|il giorno|el|op)\s.{0,300}?\b" + _ATTRIBUTION_TAIL, re.IGNORECASE)
_ATTRIBUTION_START = re.compile(r"^\s*(on|il|il giorno|in data|el|op|le)\s", re.IGNORECASE)
# Other clients and languages: a dated line ending in "wrote:" ("Den 14 september ... skrev:").
_DATEISH = r"(\d{1,2}:\d\d|\b(19|20)\d\d\b|@)"
_ATTRIBUTION_DATED = re.compile(r"^(?=.*" + _DATEISH + r").{0,300}?\b" + _ATTRIBUTION_TAIL, re.IGNORECASE)
_WRAPPED_START = re.compile(r"^\s*(on|il|il giorno|in data|el|op|le)\s|" + _DATEISH + r"|<\s*$", re.IGNORECASE)
# "2014-10-17 11:28 GMT+03:00 Postmaster <postmaster@example.org>:" right above a quote.
_ATTRIBUTION_BARE = re.compile(r"^\s*\d.{0,300}(@|\d:\d\d).{0,200}:\s*$")

# Outlook's header block of the quoted mail, plain or bold ("*From:*"), in the four languages.
# (Also the Danish, Swedish and German words, which cost nothing.)
_HEADER_FROM = re.compile(r"^\s*\*?(from|da|de|van|von|fra|från|date|sent)\s*:\*?\s*\S", re.IGNORECASE)
_HEADER_NEXT = re.compile(
    r"^\s*\*?(from|sent|date|to|cc|subject|inviato|data|a|oggetto|enviado|fecha|para|asunto|"
    r"verzonden|datum|aan|onderwerp|verstuurd|sendt|til|emne|skickat|till|ämne|gesendet|an|betreff)\s*:\*?",
    re.IGNORECASE,
)
# "-----Original Message-----" in any language, "---- John wrote ----", Outlook's rules.
_SEPARATOR = re.compile(
    r"^\s*(-{2,}\s*(original message|messaggio originale|mensaje original|oorspronkelijk bericht|"
    r"forwarded message|messaggio inoltrato|mensaje reenviado|doorgestuurd bericht)|-{3,}[^-]{1,80}-{3,}\s*$|"
    r"_{5,}\s*$)",
    re.IGNORECASE,
)
_RULE = re.compile(r"^\s*-{5,}\s*$")
_SIGNATURE = re.compile(r"^-- ?$")
# Phone and app footers: the whole line is the footer ("Sent from my desk, is much easier" is not).
_FOOTER = re.compile(
    r"^\s*(sent from( my)?|sent with|get outlook for|inviato da( mio| il mio)?|ottieni outlook per|"
    r"enviado desde( mi)?|enviado con|obtener outlook para|verzonden (vanaf|met)( mijn)?|verstuurd vanaf( mijn)?|"
    r"outlook voor)\s+[\w.®()-]+( [\w.®()-]+){0,3}\s*$",
    re.IGNORECASE,
)
# The word whole ("Bestiary" is no "best"), then perhaps a name of letters ("Bye 3" is no sign-off).
_SIGN_OFF = re.compile(
    r"^\s*(thanks|thank you|cheers|regards|best|best regards|kind regards|bye|ciao|grazie|saluti|"
    r"cordiali saluti|un saluto|gracias|saludos|un saludo|groeten|groetjes|met vriendelijke groet(en)?|"
    r"bedankt|dank je( wel)?)(?!\w)\s*[,.!]*(\s*[^\W\d_]+)?[.!]?\s*$",
    re.IGNORECASE,
)


def _quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _header_block(lines: list[str], i: int) -> bool:
    if _RULE.match(lines[i]):
        following = [line for line in lines[i + 1 : i + 4] if line.strip()]
        return bool(following) and _header_block(following, 0)
    if not _HEADER_FROM.match(lines[i]):
        return False
    if "@" in lines[i] and ":" in lines[i][:8]:
        return True
    return any(_HEADER_NEXT.match(line) for line in lines[i + 1 : i + 4])


def _attribution(lines: list[str], i: int) -> tuple[int, str]:
    """How many lines the attribution starting at line i takes (0: none), and own words before it."""
    line = lines[i]
    if _quoted(line):
        return 0, ""
    if _ATTRIBUTION.match(line):
        return 1, ""
    inline = _ATTRIBUTION_INLINE.search(line)
    if inline and line[: inline.start()].strip(" -"):
        return 1, line[: inline.start()].rstrip(" -")
    if _ATTRIBUTION_DATED.match(line):
        return 1, ""
    for extra in (1, 2) if _WRAPPED_START.search(line) else ():
        nxt = lines[i + extra] if i + extra < len(lines) else ""
        if not nxt.strip() or (_quoted(nxt) and extra > 1) or _ATTRIBUTION.match(nxt):
            break
        joined = " ".join(part.strip().lstrip(">").strip() for part in lines[i : i + extra + 1])
        if _ATTRIBUTION_START.match(line) and _ATTRIBUTION.match(joined) or _ATTRIBUTION_DATED.match(joined):
            return extra + 1, ""
        if _ATTRIBUTION_BARE.match(joined) and _quote_follows(lines, i + extra + 1):
            return extra + 1, ""
    if _ATTRIBUTION_BARE.match(line) and _quote_follows(lines, i + 1):
        return 1, ""
    return 0, ""


def _quote_follows(lines: list[str], i: int) -> bool:
    following = _next_filled(lines, i)
    return following is not None and _quoted(following)


def _next_filled(lines: list[str], i: int) -> str | None:
    return next((line for line in lines[i:] if line.strip()), None)


def own_segments(body: str) -> list[str]:
    """The pieces of a plain-text reply its sender wrote, in order (several when answers are interleaved)."""
    lines = [line[:LINE_CHARS] for line in body.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    segments: list[list[str]] = [[]]
    skipping = False  # after a signature or a footer, until the next quoted block
    i = 0
    while i < len(lines):
        line = lines[i]
        if _SEPARATOR.match(line) or _header_block(lines, i):
            break
        taken, before = _attribution(lines, i)
        if taken:
            if before.strip() and not skipping:
                segments[-1].append(before)
            following = _next_filled(lines, i + taken)
            if following is not None and not _quoted(following):
                break  # the quoted mail follows unquoted
            segments.append([])
            skipping = False
            i += taken
            continue
        if _quoted(line):
            if segments[-1]:
                segments.append([])
            skipping = False
        elif _SIGNATURE.match(line) or _FOOTER.match(line):
            skipping = True
        elif not skipping:
            segments[-1].append(line)
        i += 1
    pieces = [_without_sign_off("\n".join(segment).strip(), alone=n > 0) for n, segment in enumerate(segments)]
    return [piece for piece in pieces if piece]


def own_text(body: str) -> str:
    """The part of a plain-text reply its sender wrote, its pieces (between quotes) as paragraphs."""
    return "\n\n".join(own_segments(body))


def is_sign_off(line: str) -> bool:
    """ "Thanks!", "Cheers, Anna", "Groeten": a line that closes a mail rather than moves."""
    return bool(_SIGN_OFF.match(line))


def is_own_name(line: str, user) -> bool:
    """Whether the line is the player signing: their name, first name or username ("- Ann.")."""
    written = line.strip().strip("-–—.,!~ ").casefold()
    name = user.profile.name
    first = (name.split() or [""])[0]
    return bool(written) and written in {name.casefold(), first.casefold(), user.username.casefold()}


def _without_sign_off(text: str, alone: bool) -> str:
    """Drop a last short paragraph that is a sign-off ("Thanks,", "Groeten\nAnna", "Regards, Roman").

    A whole piece that is only a sign-off goes too, unless it is the first (then it is all there is).
    """
    paragraphs = re.split(r"\n\s*\n", text)
    last = paragraphs[-1].strip().split("\n")
    if (len(paragraphs) > 1 or alone) and len(last) <= 2 and _SIGN_OFF.match(last[0]):
        return "\n\n".join(paragraphs[:-1]).strip()
    return text
