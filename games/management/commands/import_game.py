import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.history.archive import check_document, do_import_game
from games.services.errors import ActionRejected


class Command(BaseCommand):
    help = (
        "Verify a game document by replaying it through its engine; with --save, store it as a finished game "
        "(seats go to the users with the same usernames, others become bot seats)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the JSON document written by export_game ('-' for standard input)")
        parser.add_argument("--save", action="store_true", help="store the game after it verifies")
        parser.add_argument("--owner", help="username recorded as the game's creator (required with --save)")

    def handle(self, *args, **options):
        try:
            if options["path"] == "-":
                document = json.load(sys.stdin)
            else:
                with open(options["path"], encoding="utf-8") as handle:
                    document = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {options['path']}: {error}") from None
        try:
            checked = check_document(document)
        except ActionRejected as rejected:
            raise CommandError(rejected.message) from None
        ranks = ", ".join(f"seat {row['seat']}: {row['score']} (rank {row['rank']})" for row in checked.result)
        self.stdout.write(f"verified: {document['engine']}, {len(document['actions'])} actions; {ranks}")
        if not checked.same_engine_version:
            self.stdout.write("note: made with another engine version; the replay still gives the same result")
        if not options["save"]:
            return
        owner = get_user_model().objects.filter(username=options["owner"] or "").first()
        if owner is None:
            raise CommandError("--save needs --owner USERNAME of an existing user")
        try:
            game = do_import_game(document, owner)
        except ActionRejected as rejected:
            raise CommandError(rejected.message) from None
        self.stdout.write(f"saved as game {game.pk}")
