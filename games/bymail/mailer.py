"""The site's mailer (`games.services.notify.Mailer`): each game event's mail, by its builder.

Registered when the site starts (`games.bymail.apps`), so the services queue mail without
importing how it is made.
"""

from __future__ import annotations

from games.bymail import mails, mails_ahead, mails_lobby, mails_organiser, preferences

your_turn = mails.your_turn
turn_goes_on = mails.turn_goes_on
reminder = mails.reminder
timed_out = mails.timed_out
phase_results = mails.phase_results
game_over = mails.game_over
answers_ahead = mails_ahead.queue
load_opt_outs = preferences.load_opt_outs
invitation = mails_lobby.invitation
table_event = mails_organiser.table_event
seat_offered = mails_organiser.seat_offered
table_adjudicated = mails_organiser.table_adjudicated
