"""Emu Ranchers (rulebook `004_…`, Italian, with the extended Decktet).

Two players raise birds: piles of Decktet cards sharing one suit, ordered by
rank. See README.md in this package for options, actions, view keys, the
auto_action policy and the RULES-NOTES decisions followed.
"""

from games.engines.emu_ranchers.engine import EmuRanchersEngine

ENGINE = EmuRanchersEngine()

__all__ = ["ENGINE", "EmuRanchersEngine"]
