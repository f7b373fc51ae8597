"""The agreement bench's positions (bench/bot_agreement.py): the seat's own view, the decisions asked for."""

from __future__ import annotations

from bench.bot_agreement import CASES, main, positions


def _case(label):
    return next(case for case in CASES if case.label == label)


def test_it_takes_only_the_asked_seats_decisions_with_a_choice_from_their_views():
    found = positions(_case("wizard 4p"), 3, seed_base=0)
    assert len(found) == 3
    for view, seat, candidates in found:
        assert seat == 0 and view["seat"] == 0
        assert all(hand is None for other, hand in enumerate(view["hands"]) if other != 0)
        assert len(candidates) > 1


def test_it_takes_only_lay_steps_in_cubirds():
    found = positions(_case("cubirds 2p lay"), 2, seed_base=0)
    assert [view["step"] for view, _seat, _candidates in found] == ["lay", "lay"]
    assert all(len(candidates) > 1 and candidates[0]["type"] == "lay" for _v, _s, candidates in found)


def test_it_takes_only_bids_or_only_card_plays_of_rounds_of_four_cards_or_more():
    bids = positions(_case("wizard 4p bids"), 3, seed_base=0)
    cards = positions(_case("wizard 4p cards"), 3, seed_base=0)
    assert [view["phase"] for view, _seat, _candidates in bids] == ["bid"] * 3
    assert [view["phase"] for view, _seat, _candidates in cards] == ["play"] * 3
    assert all(view["hand_size"] >= 4 and view["seat"] == 0 for view, _s, _c in bids + cards)


def test_it_prints_each_searchs_agreement_out_of_the_positions(capsys):
    main(["--positions", "2", "--only", "wizard 4p cards", "--reference", "24"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "wizard 4p cards: 2 positions, reference halving with 24 rollouts"
    assert [line.split(":")[0].strip() for line in out[1:]] == ["standard", "good (halving, 200)", "halving, 600"]
    counts = [int(line.split("agrees at ")[1].split(" ")[0]) for line in out[1:]]
    assert all(0 <= count <= 2 for count in counts)


def test_a_whole_label_names_its_case_alone(capsys):
    main(["--positions", "1", "--only", "wizard 4p", "--reference", "8"])
    headers = [line for line in capsys.readouterr().out.splitlines() if "positions, reference" in line]
    assert headers == ["wizard 4p: 1 positions, reference halving with 8 rollouts"]
