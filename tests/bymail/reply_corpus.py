"""Replies as mail clients really write them, in the four languages, with the move each carries.

Each case: (name, body, the command lines a reader must find). Bodies follow what
Gmail, Outlook (desktop, web, mobile), Apple Mail, iPhone and Thunderbird (reply above
and below the quote) produce; the attributions and header blocks are theirs, per language.
"""

from __future__ import annotations

QUOTE = "> Your move in Wild Cards #12.\n> Reply with one move per line.\n> bid savannah 2\n> take lion"

MOVES = {"en": "bid forest 3", "it": "offerta foresta 3", "es": "oferta bosque 3", "nl": "bod bos 3"}
SIGN_OFF = {"en": "Thanks,\nAnn", "it": "Grazie,\nAnna", "es": "Gracias,\nAna", "nl": "Bedankt,\nAnne"}

GMAIL = {
    "en": "On Tue, Mar 3, 2026 at 9:00 AM Wildcards <games@wildcards.example> wrote:",
    "it": "Il giorno mar 3 mar 2026 alle ore 09:00 Wildcards <games@wildcards.example> ha scritto:",
    "es": "El mar, 3 mar 2026 a las 9:00, Wildcards (<games@wildcards.example>) escribió:",
    "nl": "Op di 3 mrt 2026 om 09:00 schreef Wildcards <games@wildcards.example>:",
}
APPLE = {
    "en": "On 3 Mar 2026, at 09:00, Wildcards <games@wildcards.example> wrote:",
    "it": "Il giorno 3 mar 2026, alle ore 09:00, Wildcards <games@wildcards.example> ha scritto:",
    "es": "El 3 mar 2026, a las 9:00, Wildcards <games@wildcards.example> escribió:",
    "nl": "Op 3 mrt 2026 om 09:00 heeft Wildcards <games@wildcards.example> het volgende geschreven:",
}
THUNDERBIRD = {
    "en": "On 03/03/2026 09:00, Wildcards wrote:",
    "it": "Il 03/03/26 10:00, Wildcards ha scritto:",
    "es": "El 3/3/26 a las 10:00, Wildcards escribió:",
    "nl": "Op 03-03-2026 om 10:00 schreef Wildcards:",
}
IPHONE_FOOTER = {
    "en": "Sent from my iPhone",
    "it": "Inviato da iPhone",
    "es": "Enviado desde mi iPhone",
    "nl": "Verstuurd vanaf mijn iPhone",
}
OUTLOOK_MOBILE_FOOTER = {
    "en": "Get Outlook for iOS",
    "it": "Ottieni Outlook per iOS",
    "es": "Obtener Outlook para iOS",
    "nl": "Outlook voor iOS downloaden",
}
OUTLOOK_HEADERS = {
    "en": ("From:", "Sent:", "To:", "Subject:"),
    "it": ("Da:", "Inviato:", "A:", "Oggetto:"),
    "es": ("De:", "Enviado:", "Para:", "Asunto:"),
    "nl": ("Van:", "Verzonden:", "Aan:", "Onderwerp:"),
}
ORIGINAL = "Your move in Wild Cards #12.\nReply with one move per line.\nbid forest 3\npass"


def _outlook_block(language: str, *, bold: bool = False, address: bool = True) -> str:
    sender, sent, to, subject = OUTLOOK_HEADERS[language]
    if bold:
        sender, sent, to, subject = (f"*{field}*" for field in (sender, sent, to, subject))
    who = "Wildcards <games@wildcards.example>" if address else "Wildcards"
    return (
        f"{sender} {who}\n{sent} Tuesday, March 3, 2026 9:00 AM\n{to} Ann <ann@example.org>\n"
        f"{subject} Your move in Wild Cards #12\n\n{ORIGINAL}"
    )


def cases() -> list[tuple[str, str, list[str]]]:
    found: list[tuple[str, str, list[str]]] = []
    for lang in ("en", "it", "es", "nl"):
        move, bye = MOVES[lang], SIGN_OFF[lang]
        found += [
            (f"gmail-above-{lang}", f"{move}\n\n{GMAIL[lang]}\n\n{QUOTE}\n", [move]),
            (f"gmail-above-signoff-{lang}", f"{move}\n\n{bye}\n\n{GMAIL[lang]}\n{QUOTE}\n", [move]),
            (f"gmail-below-{lang}", f"{GMAIL[lang]}\n\n{QUOTE}\n\n{move}\n\n{bye}\n", [move]),
            (f"apple-mail-{lang}", f"{move}\n\n{APPLE[lang]}\n\n{QUOTE}\n", [move]),
            (f"iphone-{lang}", f"{move}\n\n{IPHONE_FOOTER[lang]}\n\n{APPLE[lang]}\n\n{QUOTE}\n", [move]),
            (f"thunderbird-above-{lang}", f"{move}\n\n{THUNDERBIRD[lang]}\n{QUOTE}\n", [move]),
            (f"thunderbird-below-{lang}", f"{THUNDERBIRD[lang]}\n{QUOTE}\n\n{move}\n", [move]),
            (f"thunderbird-below-signature-{lang}", f"{THUNDERBIRD[lang]}\n{QUOTE}\n\n{move}\n\n-- \n{bye}\n", [move]),
            (
                f"outlook-desktop-{lang}",
                f"{move}\n\n{bye}\n\n________________________________\n{_outlook_block(lang)}\n",
                [move],
            ),
            (f"outlook-web-{lang}", f"{move}\n\n{_outlook_block(lang, address=False)}\n", [move]),
            (f"outlook-bold-{lang}", f"{move}\n\n{_outlook_block(lang, bold=True)}\n", [move]),
            (
                f"outlook-mobile-{lang}",
                f"{move}\n\n{OUTLOOK_MOBILE_FOOTER[lang]}\n________________________________\n{_outlook_block(lang)}\n",
                [move],
            ),
            (f"unquoted-original-{lang}", f"{move}\n\n{GMAIL[lang]}\n\n{ORIGINAL}\n", [move]),
            (f"same-line-attribution-{lang}", f"{move} {GMAIL[lang]}\n{QUOTE}\n", [move]),
            (
                f"interleaved-{lang}",
                f"{THUNDERBIRD[lang]}\n> Your move in Wild Cards #12.\n{move}\n> Reply with one move per line.\n",
                [move],
            ),
            (f"quoted-only-{lang}", f"{GMAIL[lang]}\n{QUOTE}\n", []),
        ]
    # Attributions wrapped over two lines (Gmail with a long name), as in the public collections.
    found += [
        (
            "wrapped-attribution-en",
            "On Wed, May 18, 2016 at 11:10 PM Steven Scott <\nnotifications@github.com> wrote:\n\n"
            "> bid savannah 2\n\npass\n",
            ["pass"],
        ),
        (
            "wrapped-attribution-it",
            "Il giorno mer 18 mag 2016 alle ore 23:10 Steven Scott <\nnotifications@github.com> ha scritto:\n\n"
            "> offerta savana 2\n\npasso\n",
            ["passo"],
        ),
        # Not a footer: the writer's own words.
        (
            "desk-is-not-a-footer",
            "pass\nSent from my desk, is much easier\n",
            ["pass", "Sent from my desk, is much easier"],
        ),
        ("two-moves-then-greeting", "pay forest 3\npay wild 1\n\nCheers\n", ["pay forest 3", "pay wild 1"]),
        ("quoted-move-is-never-read", "> bid forest 3\n", []),
    ]
    return found
