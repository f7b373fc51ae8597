"""Leaderboards and player rating pages."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournaments.ratings import fair_play, leaderboards
from tournaments.ratings.charts import history_svg
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.pools import POOLS, pool_title

# Head to head lists this many of the newest games the two played together.
HEAD_TO_HEAD_GAMES = 50


def _page_number(request: HttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("page", "1")))
    except ValueError:
        return 1


def leaderboards_index(request: HttpRequest) -> HttpResponse:
    """`/ratings/` itself: the first game's leaderboard, as the menu's link (each board links the others)."""
    return redirect("ratings:leaderboard", pool=next(iter(POOLS)))


def leaderboard(request: HttpRequest, pool: str) -> HttpResponse:
    if pool not in POOLS:
        raise Http404
    # People and bot accounts each have a leaderboard: bots=1 is the bots'.
    bots = request.GET.get("bots") == "1"
    if request.GET.get("me") and request.user.is_authenticated:
        mine = Rating.objects.filter(player=request.user, pool=pool).first()
        place = leaderboards.position(mine)
        if place is not None:
            number = (place - 1) // leaderboards.PAGE_SIZE + 1
            board_of = "bots=1&" if leaderboards.is_bot_account(request.user.pk) else ""
            return redirect(f"{reverse('ratings:leaderboard', args=[pool])}?{board_of}page={number}#me")
    board = leaderboards.page(pool, _page_number(request), bots)
    context = {
        "pool": pool,
        "bots": bots,
        "title": pool_title(pool),
        "pools": [(p, pool_title(p)) for p in POOLS],
        "board": board,
        "rows": [(board.first_position + i, row) for i, row in enumerate(board.rows)],
        "not_listed": request.GET.get("me") and request.user.is_authenticated,
        "rules": leaderboards.rules(),
        # The "?" after a provisional rating, said under the table: a title shows on no phone.
        "any_provisional": any(row.provisional for row in board.rows),
        "provisional_games": settings.RATING_PROVISIONAL_GAMES,
    }
    if context["not_listed"] or not board.rows:
        # Only where the rules are said: while too few are established, every opponent counts.
        context["founding"] = fair_play.founding(pool)
    return render(request, "ratings/leaderboard.html", context)


def player(request: HttpRequest, username: str) -> HttpResponse:
    person = get_object_or_404(get_user_model().objects.select_related("profile"), username=username)
    ratings = leaderboards.ratings_with_positions(person)
    changes = list(
        leaderboards.seen_by(RatingChange.objects.filter(player=person), request.user)
        .order_by("pool", "-finished_at", "-game_id")
        .values_list("pool", "game_id", "finished_at", "rank", "before", "after", "delta")
    )
    by_pool: dict[str, list] = {}
    for pool, game_id, finished_at, rank, before, after, delta in changes:
        by_pool.setdefault(pool, []).append(
            RatingChange(
                pool=pool, game_id=game_id, finished_at=finished_at, rank=rank, before=before, after=after, delta=delta
            )
        )
    # A chart changes only when a game is rated: cached by the rating's games count and value,
    # and by which of its games this viewer may see (a private game shows only to its players).
    shown = {
        pool: hashlib.sha1(",".join(str(c.game_id) for c in pool_changes).encode()).hexdigest()[:16]
        for pool, pool_changes in by_pool.items()
    }
    keys = {
        r.pool: f"rating-chart:2:{person.pk}:{r.pool}:{r.games}:{r.rating!r}:{get_language()}:{shown.get(r.pool, '')}"
        for r in ratings
    }
    charts = cache.get_many(list(keys.values()))
    sections = []
    for rating in ratings:
        history = list(reversed(by_pool.get(rating.pool, [])))[-200:]
        chart = charts.get(keys[rating.pool])
        if chart is None:
            chart = history_svg(pool_title(rating.pool), history)
            cache.set(keys[rating.pool], str(chart), 24 * 3600)
        sections.append(
            {
                "rating": rating,
                "title": pool_title(rating.pool),
                "win_rate": round(100 * rating.wins / rating.games) if rating.games else 0,
                # Rated games this viewer may not see (private ones): counted above, listed nowhere.
                "hidden": max(0, rating.games - len(by_pool.get(rating.pool, []))),
                "chart": mark_safe(chart),  # noqa: S308 - SVG rendered by pygal above
                "history": history,
            }
        )
    recent = sorted((c for cs in by_pool.values() for c in cs), key=lambda c: (c.finished_at, c.game_id), reverse=True)[
        :20
    ]
    for change in recent:
        change.pool_title = pool_title(change.pool)
    other_name = request.GET.get("vs", "").strip()
    other, versus, together = None, [], []
    if other_name:
        other = get_user_model().objects.select_related("profile").filter(username=other_name).first()
        if other is not None and other != person:  # oneself: the page asks for someone else
            games = leaderboards.head_to_head_games(person, other, request.user, HEAD_TO_HEAD_GAMES + 1)
            # The tally per game from the games listed when they are all of them (one query fewer,
            # as nearly always); counted by the database past the list's length.
            if len(games) > HEAD_TO_HEAD_GAMES:
                rows = leaderboards.head_to_head(person, other, request.user)
            else:
                rows = leaderboards.tally(games)
            versus = [{**row, "title": pool_title(row["pool"])} for row in rows]
            together = [{**row, "title": pool_title(row["pool"])} for row in games[:HEAD_TO_HEAD_GAMES]]
    return render(
        request,
        "ratings/player.html",
        {
            "person": person,
            "sections": sections,
            "recent": recent,
            "other": other,
            "other_name": other_name,
            "versus": versus,
            "together": together,
            "together_limit": HEAD_TO_HEAD_GAMES,
        },
    )
