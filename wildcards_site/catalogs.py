"""The translation catalogs: compile them and find what is missing, in pure Python.

The `.po` files under `locale/` are the source of the translations (edit them
directly, or with Poedit/Weblate). polib compiles them so that no gettext system
package is needed to run the site; gettext's `xgettext` is only needed by
`makemessages` to refresh them.

    python -m wildcards_site.catalogs compile   # .po -> .mo where the .po is newer
    python -m wildcards_site.catalogs check     # list empty, fuzzy or broken entries
"""

import re
import sys
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# Python %-placeholders (named or not) and brace placeholders must survive translation.
_PLACEHOLDER = re.compile(r"%\([^)]+\)[sdifr]|%[sdifr]|\{[a-z_]*\}")


def catalog_paths(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/django.po"))


def _placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def problems(po_path: Path) -> list[str]:
    """What stops this catalog from being complete and compilable, one line each."""
    try:
        catalog = polib.pofile(str(po_path))
    except (OSError, ValueError) as exc:
        return [f"{po_path}: cannot be read: {exc}"]
    found = []
    seen = set()
    nplurals = re.search(r"nplurals\s*=\s*(\d+)", catalog.metadata.get("Plural-Forms", ""))
    for entry in catalog:
        if entry.obsolete:
            continue
        label = f"{po_path}:{entry.linenum}: {entry.msgid[:70]!r}"
        if (entry.msgctxt, entry.msgid) in seen:
            found.append(f"{label} is defined twice (msgfmt refuses the file)")
            continue
        seen.add((entry.msgctxt, entry.msgid))
        if "fuzzy" in entry.flags:
            found.append(f"{label} is fuzzy")
            continue
        if not entry.translated():
            found.append(f"{label} is not translated")
            continue
        if entry.msgid_plural and nplurals and len(entry.msgstr_plural) != int(nplurals.group(1)):
            found.append(f"{label} needs {nplurals.group(1)} plural forms (see Plural-Forms)")
            continue
        if "python-format" in entry.flags or "python-brace-format" in entry.flags:
            if entry.msgid_plural:
                wanted = set(_placeholders(entry.msgid)) | set(_placeholders(entry.msgid_plural))
                for text in entry.msgstr_plural.values():
                    if not set(_placeholders(text)) <= wanted:
                        found.append(f"{label} has a placeholder the English does not")
            elif _placeholders(entry.msgstr) != _placeholders(entry.msgid):
                found.append(f"{label} does not keep the placeholders of the English")
    return found


def compile_catalog(po_path: Path) -> Path:
    """Write the .mo beside the .po (fuzzy entries left out, as msgfmt does)."""
    catalog = polib.pofile(str(po_path))
    for entry in list(catalog):
        if "fuzzy" in entry.flags and entry.msgid:
            catalog.remove(entry)
    mo_path = po_path.with_suffix(".mo")
    catalog.save_as_mofile(str(mo_path))
    return mo_path


def compile_all(locale_dir: Path = LOCALE_DIR, force: bool = False) -> list[Path]:
    written = []
    for po_path in catalog_paths(locale_dir):
        mo_path = po_path.with_suffix(".mo")
        if force or not mo_path.exists() or po_path.stat().st_mtime > mo_path.stat().st_mtime:
            written.append(compile_catalog(po_path))
    return written


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "compile"
    if command == "compile":
        compile_all(force="--force" in argv)
        return 0
    if command == "check":
        found = [line for path in catalog_paths() for line in problems(path)]
        print("\n".join(found) if found else "All catalogs complete.")
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
