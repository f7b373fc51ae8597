"""Every reply in the corpus gives exactly the writer's move; no quoted line is ever read as one."""

from __future__ import annotations

import pytest

from games.bymail.commands import command_lines
from games.bymail.replies import own_text
from tests.bymail.reply_corpus import cases

CASES = cases()


@pytest.mark.parametrize(("body", "expected"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_it_reads_the_writers_own_move_wherever_it_stands(body, expected):
    assert command_lines(own_text(body)) == expected


@pytest.mark.parametrize("body", [case[1] for case in CASES], ids=[case[0] for case in CASES])
def test_no_quoted_line_is_ever_read(body):
    quoted = {line.lstrip()[1:].strip() for line in body.splitlines() if line.lstrip().startswith(">")}
    assert not set(own_text(body).splitlines()) & {line for line in quoted if line}


# Words only quotes, attributions, header blocks and footers contain in this corpus.
NOT_OWN = ("Your move in Wild", "wrote:", "ha scritto", "escribió", "schreef", "geschreven", "Wildcards <", "Subject")
NOT_OWN += ("Oggetto", "Asunto", "Onderwerp", "iPhone", "Outlook", "Reply with one move", "Steven Scott", "-- ")


@pytest.mark.parametrize("body", [case[1] for case in CASES], ids=[case[0] for case in CASES])
def test_nothing_but_the_writers_own_words_is_kept(body):
    own = own_text(body)
    assert not [marker for marker in NOT_OWN if marker in own], own
