"""How well reply-text extraction does on public reply collections: our `own_text` beside libraries.

Accuracy, not speed: `python -m bench reply_parsers --talon DIR --erp DIR` with checkouts of
mailgun/talon and github/email_reply_parser. Libraries that are importable are measured too
(email-reply-parser, mail-parser-reply, talon; none is a dependency of the site). Counts are
exact matches of the extracted reply (line-end whitespace ignored), the cases whose expected
text is not all in the answer ("cut"), and on our own corpus whether exactly the player's
moves are read. The README quotes the figures.
"""

from __future__ import annotations

import argparse
import email
import email.iterators
import importlib
import os
import sys
import types
from pathlib import Path
from unittest import mock

# Tests of github/email_reply_parser that state an exact `parse_reply` result.
ERP_EXPECTED = {
    "email_2_1": "Outlook with a reply",
    "email_2_2": "Outlook with a reply directly above line",
    "email_2_3": "Outlook with a reply directly above line",
    "email_iPhone": "Here is another email",
    "email_BlackBerry": "Here is another email",
    "email_multi_word_sent_from_my_mobile_device": "Here is another email",
    "email_sent_from_my_not_signature": "Here is another email\n\n"
    "Sent from my desk, is much easier then my mobile phone.",
    "email_bullets": "test 2 this should list second\n\nand have spaces\n\nand retain this formatting\n\n\n"
    "   - how about bullets\n   - and another",
}


class _Result:
    def __init__(self, body: str):
        self.body = body


def talon_text_cases(talon: Path) -> list[tuple[str, str]]:
    """(body, expected) of talon's plain-text tests, found by running them with recording stubs."""
    pairs: list[tuple[str, str]] = []

    def eq_(a, b, *rest):
        if isinstance(b, _Result) and isinstance(a, str):
            pairs.append((b.body, a))
        elif isinstance(a, _Result) and isinstance(b, str):
            pairs.append((a.body, b))

    class Quotations(types.SimpleNamespace):
        def __getattr__(self, name):
            return mock.MagicMock()

    quotations = Quotations(extract_from_plain=_Result, MAX_LINES_COUNT=1000, SPLITTER_MAX_LINES=4)
    source = (talon / "tests/text_quotations_test.py").read_text()
    for line in ("from . import *", "from . fixtures import *", "from talon import quotations"):
        source = source.replace(line, "")
    namespace = {"eq_": eq_, "ok_": lambda *a, **k: None, "patch": mock.patch, "Mock": mock.Mock}
    namespace |= {"quotations": quotations, "__name__": "talon_text", "assert_false": namespace["ok_"]}
    exec(compile(source, "text_quotations_test.py", "exec"), namespace)  # noqa: S102 - a measuring tool
    for name, test in list(namespace.items()):
        if name.startswith("test_") and callable(test) and name != "test_standard_replies":
            try:
                test()
            except Exception:  # noqa: BLE001, S112 - tests needing talon's internals are skipped
                continue
    return pairs


def talon_standard_cases(talon: Path) -> list[tuple[str, str]]:
    folder = talon / "tests/fixtures/standard_replies"
    cases = []
    for path in sorted(folder.glob("*.eml")):
        message = email.message_from_string(path.read_text())
        part = next(email.iterators.typed_subpart_iterator(message, subtype="plain"))
        text = part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8", "replace")
        expected = path.with_name(path.stem + "_reply_text")
        cases.append((text, expected.read_text().strip() if expected.exists() else "Hello"))
    return cases


def parsers() -> dict:
    from games.bymail.replies import own_text

    found = {"own_text": own_text}
    try:
        from email_reply_parser import EmailReplyParser

        found["email-reply-parser"] = EmailReplyParser.parse_reply
    except ImportError:
        pass
    try:
        from mailparser_reply import EmailReplyParser as MailParserReply

        reader = MailParserReply(languages=["en", "it", "es", "nl", "de", "fr"])
        found["mail-parser-reply"] = lambda text: reader.parse_reply(text=text)
    except ImportError:
        pass
    try:
        sys.modules.setdefault("cchardet", importlib.import_module("chardet"))
        from talon import quotations

        found["talon"] = quotations.extract_from_plain
    except ImportError:
        pass
    return found


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in (text or "").replace("\r\n", "\n").strip().split("\n"))


def _first_paragraphs(text: str) -> list[str]:
    from games.bymail.commands import command_lines

    return command_lines(text)


def main(argv: list[str]) -> None:
    options = argparse.ArgumentParser(prog="bench reply_parsers")
    options.add_argument("--talon", type=Path, help="a checkout of mailgun/talon")
    options.add_argument("--erp", type=Path, help="a checkout of github/email_reply_parser")
    args = options.parse_args(argv)
    if not args.talon or not args.erp:
        print("needs --talon DIR and --erp DIR (checkouts of mailgun/talon and github/email_reply_parser)")
        return
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards_site.settings")
    django.setup()
    from games.bymail.commands import reply_commands
    from tests.bymail.test_reply_corpus import CASES

    collections = {
        "talon text": talon_text_cases(args.talon),
        "talon standard": talon_standard_cases(args.talon),
        "email_reply_parser": [
            ((args.erp / "test/emails" / f"{name}.txt").read_text(), want) for name, want in ERP_EXPECTED.items()
        ],
    }
    total = sum(len(cases) for cases in collections.values())
    heads = " | ".join(f"{name} ({len(cases)})" for name, cases in collections.items())
    print(f"| parser | {heads} | all ({total}) | cut | our corpus ({len(CASES)}) |")
    for name, parse in parsers().items():
        exact, cut = [], 0
        for cases in collections.values():
            hits = 0
            for body, want in cases:
                try:
                    got = parse(body)
                except Exception:  # noqa: BLE001 - a library's crash counts as a miss
                    got = ""
                hits += _norm(got) == _norm(want)
                cut += _norm(want) not in _norm(got)
            exact.append(hits)
        if name == "own_text":
            moves = sum(reply_commands(body) == want for _lang, _client, body, want in CASES)
        else:
            moves = sum(_first_paragraphs(parse(body)) == want for _lang, _client, body, want in CASES)
        print(f"| {name} | " + " | ".join(map(str, exact)) + f" | {sum(exact)} | {cut} | {moves} |")
