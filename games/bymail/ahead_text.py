"""A seat's cases to answer ahead, as mails list them: grouped by the call they are for, the
cases that allow the same moves on one line (every sum of the bids before one's own)."""

from __future__ import annotations

from games.bymail import render


def groups(engine: str, view: dict, cases: list[dict]) -> list[dict]:
    """[{"title", "lines": [{"phrase", "cases", "moves"}]}] in the order the engine gives the cases."""
    found: dict[str, dict] = {}
    for case in cases:
        title = render.case_group(engine, case["phase"], case["case"])
        moves = [render.phrase(engine, move, view) for move in case["moves"]]
        group = found.setdefault(title, {"title": title, "lines": []})
        same = next((line for line in group["lines"] if line["moves"] == moves), None)
        if same is None:
            group["lines"].append({"cases": [case["case"]], "moves": moves})
        else:
            same["cases"].append(case["case"])
    listed = list(found.values())
    for group in listed:
        for line in group["lines"]:
            line["phrase"] = render.cases_phrase(engine, line["cases"])
    return listed


def example(engine: str, listed: list[dict]) -> str:
    """One answer as a reply writes it: the first case and its first move."""
    first = listed[0]["lines"][0]
    return f"{render.case_phrase(engine, first['cases'][0])}: {first['moves'][0]}"
