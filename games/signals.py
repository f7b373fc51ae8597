"""Signals games sends for apps built on top of it (games never imports them).

`game_finished(sender=Game, game_id=int)` is sent after the commit that finished a game;
tournaments listens to rate it and advance its rounds.
"""

from django.dispatch import Signal

game_finished = Signal()
