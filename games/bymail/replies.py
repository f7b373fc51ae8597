"""The reply's own words: quoted text, attributions and signatures taken away."""

from __future__ import annotations

import re

# "On Mon, 3 Mar 2026, Wildcards <...> wrote:" and its Italian, Spanish and Dutch forms,
# Outlook's header blocks and separator lines, the signature delimiter, phone footers.
_CUT = [
    re.compile(r"^\s*on\b.*\bwrote:\s*$", re.IGNORECASE),
    re.compile(r"^\s*(il giorno|in data)\b.*\bha scritto:?\s*$", re.IGNORECASE),
    re.compile(r"^\s*el\b.*\bescribi[oó]:?\s*$", re.IGNORECASE),
    re.compile(r"^\s*op\b.*\bschreef\b.*$", re.IGNORECASE),
    re.compile(r"^\s*-{2,}\s*(original message|messaggio originale|mensaje original|oorspronkelijk bericht)", re.I),
    re.compile(r"^\s*_{5,}\s*$"),
    re.compile(r"^\s*(from|da|de|van):\s.*@", re.IGNORECASE),
    re.compile(r"^-- ?$"),
    re.compile(r"^\s*(sent from my|inviato da|enviado desde|verzonden vanaf|verstuurd vanaf)\b", re.IGNORECASE),
]


def own_text(body: str) -> str:
    """The part of a plain-text reply its sender wrote."""
    kept = []
    for line in body.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if any(pattern.match(line) for pattern in _CUT):
            break
        if line.lstrip().startswith(">"):
            continue
        kept.append(line)
    return "\n".join(kept).strip()
