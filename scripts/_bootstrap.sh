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

# The translations: compile locale/*/LC_MESSAGES/django.po into .mo files with polib
# (pure Python, so no gettext package is needed) whenever a .po is newer than its .mo.
python -m wildcards_site.catalogs compile
