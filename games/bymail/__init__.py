"""Play by mail: the private view in each mail, signed action links, moves by reply, preferences.

Mail is queued through `wildcards_site.outbox`; every move made from a mail
enters through `games.services.do_action` with channel `email_link` or
`email_reply`.
"""
