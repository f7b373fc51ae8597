"""Reading a move sent as JSON: bad JSON, or JSON nested deeper than any move, is a ValueError.

`json.loads` raises RecursionError (a server error) on a body nested 100,000 deep;
no move of any game nests more than a few levels, so depth is capped before use.
It also reads NaN and Infinity, which are not JSON and which PostgreSQL refuses to
store (a server error again): they are refused here.
"""

from __future__ import annotations

import json

MAX_DEPTH = 16


def _depth(value) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return depth
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest


def _not_json(name: str):
    raise ValueError(f"{name} is not JSON")


def loads_move(text: str | bytes):
    """The JSON value in `text`; ValueError when it is not JSON or is nested too deep."""
    try:
        value = json.loads(text, parse_constant=_not_json)
    except RecursionError:
        raise ValueError("nested too deep") from None
    except UnicodeDecodeError as error:
        raise ValueError(str(error)) from None
    if _depth(value) > MAX_DEPTH:
        raise ValueError("nested too deep")
    return value
