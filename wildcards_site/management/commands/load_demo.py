"""Load the demo players from seeds/demo/: safe to run again, it updates in place."""

import json

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from wildcards_site.accounts.models import profile_for

DEMO_DIR = settings.BASE_DIR / "seeds" / "demo"


class Command(BaseCommand):
    help = "Create or refresh the demo players; their games and tournaments are made once."

    @transaction.atomic
    def handle(self, *args, **options):
        data = json.loads((DEMO_DIR / "users.json").read_text())
        users = get_user_model().objects
        for entry in data["users"]:
            user, created = users.get_or_create(
                username=entry["username"], defaults={"email": f"{entry['username']}@demo.wildcards.localhost"}
            )
            user.is_active = True
            user.is_staff = user.is_superuser = bool(entry.get("staff"))
            user.set_password(data["password"])
            user.save()
            profile = profile_for(user)
            profile.display_name = entry["display_name"]
            profile.language = entry["language"]
            profile.time_zone = entry["time_zone"]
            profile.save()
            self.stdout.write(f"{'created' if created else 'refreshed'} demo player {user.username}")
        from games.management.demo import load_demo_games

        for game in load_demo_games():
            self.stdout.write(f"created demo game {game} ({game.get_status_display()})")
        from tournaments.demo import load_demo_tournaments

        made = load_demo_tournaments()
        self.stdout.write(f"demo tournaments: {made['round_robin']}, {made['double']}")
