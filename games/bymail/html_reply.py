"""The player's own words of a reply sent in HTML alone (some phone mail apps send no plain-text
part): the quoted mail the clients mark up is cut, and the rest is read as text, one line per
line break or block, for `commands.reply_commands` like any plain reply.

Parsed with Beautiful Soup on Python's own parser (no C library): mail HTML is often broken, and
Beautiful Soup is the well-kept library that reads broken HTML as browsers do.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

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


def reply_text(markup: str) -> str:
    """The text of `markup` above and between its quotes, never inside them."""
    soup = BeautifulSoup(markup, "html.parser")
    for tag in soup(["head", "script", "style", "title"]):
        tag.decompose()
    for selector in _FROM_HERE:
        start = soup.select_one(selector)
        if start is not None:
            _cut_from(start)
    for selector in _QUOTES:
        for tag in soup.select(selector):
            tag.decompose()
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for block in soup.find_all(_BLOCKS):
        block.insert_before("\n")
        block.insert_after("\n")
    text = soup.get_text()
    # No-break spaces (&nbsp;) are spaces to a reader; lines keep their own breaks.
    return "\n".join(line.replace("\xa0", " ").strip() for line in text.splitlines())


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
