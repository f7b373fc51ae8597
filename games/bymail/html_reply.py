"""The player's own words of a reply sent in HTML alone (some phone mail apps send no plain-text
part): the quoted mail the clients mark up is cut, and the rest is read as text, line by line as
a mail client shows it, for `commands.reply_commands` like any plain reply.

Parsed with Beautiful Soup on Python's own parser (no C library): mail HTML is often broken, and
Beautiful Soup is the well-kept library that reads broken HTML as browsers do.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.exceptions import ParserRejectedMarkup

# Where clients put the quoted mail (and what follows it is quoted too, for those marked "from here").
_QUOTES = (
    "blockquote",  # Gmail, Apple Mail (type="cite"), Thunderbird, most others
    ".gmail_quote",  # Gmail's container, its attribution line included
    ".moz-cite-prefix",  # Thunderbird's attribution line
    ".yahoo_quoted",
    "[type=cite]",
)
_FROM_HERE = ("#appendonsend", "#divRplyFwdMsg", "#mail-editor-reference-message-container")  # Outlook
_BLOCKS = ("p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol", "hr")
# A line break (<br>) always breaks; a block's edge breaks only where a line is not already begun,
# as browsers lay them out: `a<div>b</div><div>c</div>` is three lines, `<div><br></div>` one blank.
_HARD, _SOFT, _CELL = "\x01", "\x02", "\x03"


def reply_text(markup: str) -> str:
    """The text of `markup` above and between its quotes, never inside them."""
    try:
        soup = BeautifulSoup(markup, "html.parser")
    except ParserRejectedMarkup:
        # Markup the parser gives up on: its tags dropped, the words kept (quotes are not told apart).
        return re.sub(r"<[^>]*>", "\n", markup)
    for tag in soup(["head", "script", "style", "title"]):
        tag.decompose()
    for selector in _FROM_HERE:
        start = soup.select_one(selector)
        if start is not None:
            _cut_from(start)
    for selector in _QUOTES:
        for tag in soup.select(selector):
            tag.decompose()
    # Source line breaks and runs of spaces are one space, as on screen (not inside <pre>).
    for text in soup.find_all(string=True):
        if isinstance(text, NavigableString) and not text.find_parent("pre"):
            text.replace_with(re.sub(r"\s+", " ", str(text)))
    for br in soup.find_all("br"):
        br.replace_with(_HARD)
    for block in soup.find_all(_BLOCKS):
        block.insert_before(_SOFT)
        block.insert_after(_SOFT)
    for cell in soup.find_all(["td", "th"]):
        cell.insert_after(_CELL)
    return _lines(soup.get_text())


def _lines(marked: str) -> str:
    out: list[str] = []
    begun = False  # the current line holds something to read
    for char in marked:
        if char == _HARD or (char == _SOFT and begun):
            out.append("\n")
            begun = False
        elif char == _CELL:
            out.append(" ")
        elif char != _SOFT:
            out.append(char)
            begun = begun or not char.isspace()
    # No-break spaces (&nbsp;) are spaces to a reader.
    return "\n".join(line.replace("\xa0", " ").strip() for line in "".join(out).splitlines())


def _cut_from(start: Tag) -> None:
    """Remove `start` and everything after it in the document (Outlook quotes the rest of the mail)."""
    node: Tag | None = start
    while node is not None and node.name not in ("body", "[document]"):
        for sibling in list(node.next_siblings):
            sibling.extract()
        parent = node.parent
        if node is start:
            node.decompose()
        node = parent
