# Sourced by scripts/run and scripts/test: a virtual environment with the
# locked dependencies, made on first use and refreshed when the lock changes.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

find_python() {
    # Django 6 needs Python 3.12 or newer; take the first one found.
    local candidate
    for candidate in "${PYTHON:-}" python3.13 python3.12 python3.14 python3 \
        "$HOME"/.pyenv/versions/3.13*/bin/python3 "$HOME"/.pyenv/versions/3.12*/bin/python3 \
        /root/.pyenv/versions/3.13*/bin/python3 /root/.pyenv/versions/3.12*/bin/python3; do
        [ -n "$candidate" ] || continue
        if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
            command -v "$candidate" 2>/dev/null || echo "$candidate"
            return 0
        fi
    done
    echo "No Python 3.12 or newer found. Install one, or point PYTHON at it." >&2
    return 1
}

if [ ! -x .venv/bin/python ]; then
    python_bin=$(find_python)
    echo "Creating .venv with $python_bin"
    "$python_bin" -m venv .venv
fi
stamp=".venv/.installed-$(cat requirements.lock pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
    echo "Installing the locked dependencies into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e ".[test]"
    rm -f .venv/.installed-*
    touch "$stamp"
fi
export PATH="$ROOT/.venv/bin:$PATH"

# The mail translations: compile locale/*/LC_MESSAGES/django.po with gettext's msgfmt
# (installed from Debian when missing and we may) whenever a .po is newer than its .mo.
if ! command -v msgfmt >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing gettext to compile the translations"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null) \
        || echo "Could not install gettext: mail stays in English" >&2
fi
for po in locale/*/LC_MESSAGES/django.po; do
    [ -f "$po" ] || continue
    if [ ! -f "${po%.po}.mo" ] || [ "$po" -nt "${po%.po}.mo" ]; then
        command -v msgfmt >/dev/null && msgfmt --check-format -o "${po%.po}.mo" "$po"
    fi
done
