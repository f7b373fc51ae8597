"""Wild Cards as the site shows it: the table (`table`), the mails and replies (`mail`), its words
(`terms`) and what changed between two looks (`recap`); the hooks are listed in
`games.presenters.base`."""
