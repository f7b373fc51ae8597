"""At the table: its page and moves, pointing at cards, the organiser's buttons, who may manage a game, running time."""
