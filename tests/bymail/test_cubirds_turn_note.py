"""CuBirds by mail: the lay's mail names the words of the steps that follow it. "you may write
those steps on the next lines of your reply" alone leaves a player to guess "niente famiglia",
refused with a list of lays only."""

from django.utils import translation

from games.bymail import commands, render
from games.engines import get_engine

ENGINE = get_engine("cubirds")


def test_the_lay_mail_names_the_words_of_the_draw_and_the_family():
    state = ENGINE.new_game(2, "note")
    seat = ENGINE.to_act(state)[0]
    legal, view = ENGINE.legal_actions(state, seat), ENGINE.view(state, seat)
    for language, said in (
        ("en", ("“draw”", "“no draw”", "“family”", "“no family”")),
        ("it", ("“pesca”", "“nessuna famiglia”")),
    ):
        with translation.override(language):
            note = render.turn_note("cubirds", legal, view, {0: "Ann", 1: "Ben"})
            for words in said:
                assert words in note, (language, note)
    # The words given are those the reply's reader takes for those steps.
    steps = {"draw": "draw", "no_draw": "no draw", "no_family": "no family"}
    for kind, line in steps.items():
        menu = commands.menu("cubirds", [{"type": kind}], view)
        assert menu.match(line) == {"type": kind}
