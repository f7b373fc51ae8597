"""The rules pages of each game, in the reader's language."""
