from django.core.management.base import BaseCommand, CommandError

from games.history.replay import rebuild_state, verify
from games.models import Game


class Command(BaseCommand):
    help = "Rebuild games from their action logs and check them against the cached state."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, help="games to check (default: all started games)")
        parser.add_argument("--repair", action="store_true", help="replace a wrong cache with the rebuilt state")

    def handle(self, *args, **options):
        games = Game.objects.filter(state__isnull=False).order_by("pk")
        if options["game_ids"]:
            games = games.filter(pk__in=options["game_ids"])
        bad = 0
        for game in games.iterator():
            problems = verify(game)
            if not problems:
                self.stdout.write(f"game {game.pk}: ok ({game.version} actions)")
                continue
            bad += 1
            self.stdout.write(f"game {game.pk}: " + "; ".join(problems))
            if options["repair"]:
                game.state = rebuild_state(game)
                game.save(update_fields=["state"])
                self.stdout.write(f"game {game.pk}: cache rebuilt from the log")
        if bad and not options["repair"]:
            raise CommandError(f"{bad} game(s) disagree with their log")
