# Sourced by scripts/run and scripts/manage (after _bootstrap.sh): the settings of a local checkout.
# DEBUG is on unless set; with DEBUG on, a secret key of this checkout's own, made once and kept
# in var/ (never the public default). With DEBUG off nothing is made up: the site refuses to
# start without a SECRET_KEY of its own, as a production start must.
export DEBUG="${DEBUG:-1}"
case "${DEBUG,,}" in
    1 | true | yes | on) development=1 ;;
    *) development=0 ;;
esac
if [ -z "${SECRET_KEY:-}" ] && [ "$development" = 1 ]; then
    var_dir="${VAR_DIR:-var}"
    mkdir -p "$var_dir"
    if [ ! -s "$var_dir/secret_key" ]; then
        (umask 077 && python -c 'import secrets; print(secrets.token_urlsafe(50))' > "$var_dir/secret_key")
    fi
    SECRET_KEY=$(cat "$var_dir/secret_key")
    export SECRET_KEY
fi
# The port: as given, else (a development checkout) the one scripts/run last served on, kept in
# var/, else 8000, so that a command's mails (a reply fed to `scripts/manage receive_mail`) link
# to the running site.
port_file="${VAR_DIR:-var}/port"
if [ -z "${WILDCARDS_PORT:-}" ] && [ "$development" = 1 ] && [ -s "$port_file" ]; then
    WILDCARDS_PORT=$(cat "$port_file")
fi
export WILDCARDS_PORT="${WILDCARDS_PORT:-8000}"
# So too the broker and the cache scripts/run was given (kept in var/services): a command's
# mails and tasks go where the running site's worker reads them. What is given here wins.
services_file="${VAR_DIR:-var}/services"
if [ "$development" = 1 ] && [ -s "$services_file" ]; then
    while IFS='=' read -r name value; do
        case "$name" in
            CELERY_BROKER_URL | CACHE_URL) [ -z "${!name:-}" ] && [ -n "$value" ] && export "$name=$value" ;;
        esac
    done < "$services_file"
fi
export SITE_URL="${SITE_URL:-http://127.0.0.1:$WILDCARDS_PORT}"
# The event streams' server (uvicorn, the Procfile's "stream") listens beside the site.
export WILDCARDS_STREAM_PORT="${WILDCARDS_STREAM_PORT:-$((WILDCARDS_PORT + 1))}"
export STREAM_URL="${STREAM_URL:-http://127.0.0.1:$WILDCARDS_STREAM_PORT}"
# The demo's players have a few days of play behind them: its leaderboards list players with 4
# rated games against 4 established people (10 and 5 by default, see docs/operators.md), so they
# are not empty. Here, not in scripts/run alone: a rating made by a command (a game finished by
# a reply to `receive_mail`, `recompute_ratings`) must count the same players as established.
# Only with DEBUG on: a production checkout's commands rate as its web and workers do.
if [ "$development" = 1 ]; then
    export LEADERBOARD_MIN_GAMES="${LEADERBOARD_MIN_GAMES:-4}" LEADERBOARD_MIN_OPPONENTS="${LEADERBOARD_MIN_OPPONENTS:-4}"
    # The demo's accounts are made as it loads: a week's age would leave its boards empty.
    export RATING_FOUNDING_ACCOUNT_DAYS="${RATING_FOUNDING_ACCOUNT_DAYS:-0}"
fi
