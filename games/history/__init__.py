"""After the moves: finished games, players' pages, rebuilding and stepping through a game's log."""
