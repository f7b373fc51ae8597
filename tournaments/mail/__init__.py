"""Tournament mail: to the entrants (mails) and to the organisers (organiser_mails)."""
