"""Replies as the common mail clients write them, in the four languages: no move lost, no quote read.

Each case is a plain-text body as Gmail, Outlook (desktop, web, mobile),
Apple Mail, iPhone and Thunderbird (reply above and below) write it; the
quoted game mail always holds a legal-looking move ("bid wild 1") that must
never be read.
"""

from __future__ import annotations

import pytest

from games.bymail.commands import reply_commands
from games.bymail.replies import own_text

QUOTED_MOVE = "bid wild 1"
GAME_MAIL = f"Your turn in Wild Cards #3.\nReply with one of:\n  {QUOTED_MOVE}\n  pass\n"
ADDR = "Wildcards <games@wildcards.localhost>"

LANGUAGES = {
    "en": {
        "moves": ["bid forest 3", "pay wild 1"],
        "gmail": f"On Tue, 3 Mar 2026 at 09:00, {ADDR} wrote:",
        "gmail_wrapped": "On Tue, 3 Mar 2026 at 09:00 Wildcards <\ngames@wildcards.localhost> wrote:",
        "apple": f"On 3 Mar 2026, at 09:00, {ADDR} wrote:",
        "thunderbird": "On 03/03/2026 09:00, Wildcards wrote:",
        "outlook": ["From: Wildcards", "Sent: Tuesday, March 3, 2026 9:00 AM", "To: Alice", "Subject: Your turn"],
        "mobile_footer": "Get Outlook for iOS",
        "iphone_footer": "Sent from my iPhone",
        "sign_off": "Thanks,",
    },
    "it": {
        "moves": ["offerta foresta 3", "paga jolly 1"],
        "gmail": f"Il giorno mar 3 mar 2026 alle ore 09:00 {ADDR} ha scritto:",
        "gmail_wrapped": "Il giorno mar 3 mar 2026 alle ore 09:00 Wildcards <\ngames@wildcards.localhost> ha scritto:",
        "apple": f"Il giorno 3 mar 2026, alle ore 09:00, {ADDR} ha scritto:",
        "thunderbird": "Il 03/03/26 09:00, Wildcards ha scritto:",
        "outlook": ["Da: Wildcards", "Inviato: martedì 3 marzo 2026 09:00", "A: Alice", "Oggetto: Tocca a te"],
        "mobile_footer": "Ottieni Outlook per iOS",
        "iphone_footer": "Inviato da iPhone",
        "sign_off": "Grazie",
    },
    "es": {
        "moves": ["puja bosque 3", "paga comodin 1"],
        "gmail": f"El mar, 3 mar 2026 a las 9:00, {ADDR} escribió:",
        "gmail_wrapped": "El mar, 3 mar 2026 a las 9:00, Wildcards <\ngames@wildcards.localhost> escribió:",
        "apple": f"El 3 mar 2026, a las 9:00, {ADDR} escribió:",
        "thunderbird": "El 3/3/26 a las 9:00, Wildcards escribió:",
        "outlook": ["De: Wildcards", "Enviado: martes, 3 de marzo de 2026 9:00", "Para: Alice", "Asunto: Tu turno"],
        "mobile_footer": "Obtener Outlook para iOS",
        "iphone_footer": "Enviado desde mi iPhone",
        "sign_off": "Saludos,",
    },
    "nl": {
        "moves": ["bod bos 3", "betaal joker 1"],
        "gmail": f"Op di 3 mrt 2026 om 09:00 schreef {ADDR}:",
        "gmail_wrapped": "Op di 3 mrt 2026 om 09:00 schreef Wildcards <\ngames@wildcards.localhost>:",
        "apple": f"Op 3 mrt. 2026 om 09:00 heeft {ADDR} het volgende geschreven:",
        "thunderbird": "Op 03-03-2026 om 09:00 schreef Wildcards:",
        "outlook": ["Van: Wildcards", "Verzonden: dinsdag 3 maart 2026 09:00", "Aan: Alice", "Onderwerp: Jouw beurt"],
        "mobile_footer": "Outlook voor iOS downloaden",
        "iphone_footer": "Verstuurd vanaf mijn iPhone",
        "sign_off": "Groeten",
    },
}


def _quoted(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.splitlines())


def _bold(header_lines: list[str]) -> list[str]:
    return ["*" + line.replace(": ", ":* ", 1) for line in header_lines]


def _cases():
    for lang, w in LANGUAGES.items():
        move, second = w["moves"]
        outlook = "\n".join(w["outlook"])
        yield lang, "gmail", f"{move}\n\n{w['gmail']}\n\n{_quoted(GAME_MAIL)}\n", [move]
        yield lang, "gmail wrapped attribution", f"{move}\n\n{w['gmail_wrapped']}\n{_quoted(GAME_MAIL)}\n", [move]
        yield lang, "gmail attribution on the reply's line", f"{move} {w['gmail']}\n{_quoted(GAME_MAIL)}\n", [move]
        yield lang, "gmail quote left unquoted", f"{move}\n\n{w['gmail']}\n\n{GAME_MAIL}", [move]
        yield lang, "outlook desktop", f"{move}\n\n{outlook}\n\n{GAME_MAIL}", [move]
        yield lang, "outlook desktop bold", f"{move}\n\n" + "\n".join(_bold(w["outlook"])) + f"\n\n{GAME_MAIL}", [move]
        yield lang, "outlook web", f"{move}\n\n{'_' * 32}\n{outlook}\n\n{GAME_MAIL}", [move]
        yield lang, "outlook mobile", f"{move}\n\n{w['mobile_footer']}\n{'_' * 32}\n{outlook}\n\n{GAME_MAIL}", [move]
        yield lang, "apple mail", f"{move}\n\n{w['apple']}\n\n{_quoted(GAME_MAIL)}\n", [move]
        yield (
            lang,
            "iphone",
            f"{move}\n\n{w['iphone_footer']}\n\n> {w['apple']}\n>\n{_quoted(GAME_MAIL)}\n",
            [move],
        )
        yield lang, "iphone footer only", f"{move}\n\n{w['iphone_footer']}", [move]
        yield lang, "thunderbird above", f"{move}\n\n{w['thunderbird']}\n{_quoted(GAME_MAIL)}\n", [move]
        yield (
            lang,
            "thunderbird below",
            f"{w['thunderbird']}\n{_quoted(GAME_MAIL)}\n\n{move}\n\n-- \nAlice\n",
            [move],
        )
        yield (
            lang,
            "interleaved",
            f"{w['thunderbird']}\n> Your bid?\n{move}\n\n> And your payment?\n{second}\n\n-- \nAlice\n",
            [move, second],
        )
        yield (
            lang,
            "sign-off",
            f"{move}\n\n{w['sign_off']}\nAlice\n\n{w['gmail']}\n{_quoted(GAME_MAIL)}\n",
            [move],
        )
        yield lang, "two moves on one line", f"{move}; {second}\n\n{w['gmail']}\n{_quoted(GAME_MAIL)}\n", [move, second]


CASES = list(_cases())


@pytest.mark.parametrize(("body", "expected"), [c[2:] for c in CASES], ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_it_reads_the_players_own_moves_and_never_the_quote(body, expected):
    lines = reply_commands(body)
    assert lines == expected
    assert QUOTED_MOVE not in lines


@pytest.mark.parametrize("body", [c[2] for c in CASES], ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_same_replies_with_windows_line_ends(body):
    assert reply_commands(body.replace("\n", "\r\n")) == reply_commands(body)


def test_a_sentence_that_starts_like_a_footer_is_the_players_text():
    body = "bid forest 3\nSent from my desk, is much easier\n\nOn Tue, 3 Mar 2026, Wildcards wrote:\n> pass"
    assert reply_commands(body) == ["bid forest 3", "Sent from my desk, is much easier"]


def test_a_reply_of_quotes_only_has_no_command():
    assert reply_commands(f"{LANGUAGES['en']['thunderbird']}\n{_quoted(GAME_MAIL)}\n") == []
    assert reply_commands("> quoted only\n-- \nsig") == []


def test_a_signature_ends_the_text_above_the_quote():
    body = "pass\n-- \nAlice Example\nbid wild 1 is my favourite\n\nOn Tue, 3 Mar 2026, Wildcards wrote:\n> x"
    assert reply_commands(body) == ["pass"]


def test_a_very_long_line_is_cut_before_any_pattern_reads_it():
    body = "On " + "x" * 2_000_000 + "\n> quoted\npass"
    assert own_text(body).endswith("pass")
    assert max(len(line) for line in own_text(body).splitlines()) <= 500


def test_a_sign_off_below_the_quote_is_not_read_as_a_command():
    body = "bid forest 3\n\nOn 04/19/2011 07:10 AM, Wildcards wrote:\n\n>\n> bid wild 1\n\nRegards, Roman"
    assert reply_commands(body) == ["bid forest 3"]


def test_other_clients_attributions_and_rules_end_the_reply():
    for quote in (
        "2014-10-17 11:28 GMT+03:00 Wildcards <\ngames@wildcards.localhost>:\n\n> bid wild 1",
        "Den 14 september, 2015 02:23:18, Wildcards (games@wildcards.localhost) skrev:\n\nbid wild 1",
        "---- Wildcards wrote ----\n\n> bid wild 1",
        " ------------------------------\n\n*From:* Wildcards\n*Sent:* Thursday\n\nbid wild 1",
    ):
        assert reply_commands(f"pass\n\n{quote}\n") == ["pass"], quote


def test_an_attribution_wrapped_before_the_address_is_not_the_players_text():
    attribution = "On Fri, May 6, 2011 at 6:03 PM, Wildcards from Games\n<games@wildcards.localhost> wrote:"
    body = f"pass\n\n{attribution}\n\n> bid wild 1"
    assert reply_commands(body) == ["pass"]
