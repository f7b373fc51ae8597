import json

from django.core.management.base import BaseCommand, CommandError

from games.history.archive import export_game
from games.models import Game
from games.services.errors import ActionRejected


class Command(BaseCommand):
    help = "Write a finished game as one JSON document (engine, version, options, seed, players, actions)."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        game = Game.objects.filter(pk=options["game_id"]).first()
        if game is None:
            raise CommandError(f"there is no game {options['game_id']}")
        try:
            document = export_game(game)
        except ActionRejected as rejected:
            raise CommandError(rejected.message) from None
        text = json.dumps(document, indent=2, sort_keys=True) + "\n"
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stderr.write(f"game {game.pk}: {len(document['actions'])} actions written to {options['output']}")
        else:
            self.stdout.write(text, ending="")
