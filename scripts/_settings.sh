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
export WILDCARDS_PORT="${WILDCARDS_PORT:-8000}"
export SITE_URL="${SITE_URL:-http://127.0.0.1:$WILDCARDS_PORT}"
