"""manage.py recompute_ratings [--pool P] [--check]: rebuild every rating from the finished games."""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from tournaments.ratings.pools import POOLS
from tournaments.ratings.recompute import compute, differences
from tournaments.ratings.services import rebuild


class Command(BaseCommand):
    help = "Rebuild ratings from finished games; with --check, only report differences from what is stored."

    def add_arguments(self, parser):
        parser.add_argument("--pool", action="append", choices=POOLS, help="only this pool (repeatable)")
        parser.add_argument("--check", action="store_true", help="compare with the stored ratings, change nothing")
        parser.add_argument("--quiet-progress", action="store_true", help="no progress bar")

    def handle(self, *args, pool=None, check=False, quiet_progress=False, **options):
        pools = set(pool) if pool else None  # None: every pool, whatever games exist
        started = time.monotonic()
        games = Game.objects.filter(status=Game.Status.FINISHED, rated=True)
        total = (games.filter(engine__in=pools) if pools else games).count()
        progress = None if quiet_progress else _bar(total, self.stderr)
        # --check only reads; a rebuild reads under the pools' locks (services.rebuild).
        result = compute(pools, progress=progress) if check else rebuild(pools, progress=progress)
        if progress:
            self.stderr.write("")
        if check:
            found = differences(result, pools, limit=0)
            for line in found[:50]:
                self.stdout.write(line)
            if found:
                raise CommandError(f"{len(found)} differences between stored and recomputed ratings")
            self.stdout.write(f"No differences: {result.games} games, {len(result.changes)} rating changes.")
            return
        seconds = time.monotonic() - started
        self.stdout.write(
            f"Recomputed {result.games} games, {len(result.changes)} rating changes, "
            f"{len(result.standings)} ratings in {seconds:.1f} s."
        )


def _bar(total: int, out):
    """A one-line progress bar on stderr (no dependency needed for one bar)."""
    width = 30

    def show(done: int) -> None:
        filled = width * done // total if total else width
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", ending="")
        if hasattr(out, "flush"):
            out.flush()
        else:
            sys.stderr.flush()

    return show
