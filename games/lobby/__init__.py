"""Before a game starts: finding, creating, joining and inviting."""
