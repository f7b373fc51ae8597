"""The tournament and leaderboard pages: views, URL confs, the organiser's form, and what the pages show."""
