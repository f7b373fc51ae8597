"""The catalogs are complete: makemessages adds nothing untranslated, and every .po compiles."""

import gettext
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from wildcards_site import catalogs

ROOT = Path(settings.BASE_DIR)
LANGS = ["it", "es", "nl"]
# The same options a translator uses to refresh the catalogs (see docs/contributing.md, "Translations").
MAKEMESSAGES = dict(locale=LANGS, no_obsolete=True, ignore_patterns=["tests/*", "bench/*"], verbosity=0)


SOURCES = ("games", "tournaments", "wildcards_site", "templates")


@pytest.fixture
def refreshed_copy(tmp_path, monkeypatch):
    """The catalogs as makemessages would leave them, made in a copy so the tree stays clean.

    makemessages writes each file's strings to the `locale` folder beside the project it runs
    in (the current directory's), whatever LOCALE_PATHS says: so it runs in a stand-in project
    whose sources are links to ours and whose `locale` is the copy.
    """
    if shutil.which("xgettext") is None:
        pytest.fail("makemessages needs gettext's xgettext (apt-get install gettext)")
    project = tmp_path / "project"
    project.mkdir()
    for name in SOURCES:
        (project / name).symlink_to(ROOT / name, target_is_directory=True)
    copy = project / "locale"
    shutil.copytree(ROOT / "locale", copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.chdir(project)
    with override_settings(LOCALE_PATHS=[copy]):
        call_command("makemessages", symlinks=True, **MAKEMESSAGES)
    return copy


def test_makemessages_finds_every_string_translated_in_every_catalog(refreshed_copy):
    found = [line for path in catalogs.catalog_paths(refreshed_copy) for line in catalogs.problems(path)]
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all; see docs/contributing.md, Translations)"


def test_every_catalog_compiles_and_gives_translations(tmp_path):
    shutil.copytree(ROOT / "locale", tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    written = catalogs.compile_all(tmp_path / "locale", force=True)
    assert len(written) == len(LANGS)
    expected = {"it": "Gioco per posta", "es": "Juego por correo", "nl": "Spelen per mail"}
    for mo_path in written:
        language = mo_path.parent.parent.name
        with mo_path.open("rb") as handle:
            translations = gettext.GNUTranslations(handle)
        assert translations.gettext("Play by mail") == expected[language]


HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
)


@pytest.mark.parametrize(
    ("entry", "complaint"),
    [
        ('msgid "Lobby"\nmsgstr ""\n', "is not translated"),
        ('#, fuzzy\nmsgid "Lobby"\nmsgstr "Lobby"\n', "is fuzzy"),
        ('#, python-format\nmsgid "Round %(round)s"\nmsgstr "Turno %(turno)s"\n', "placeholders"),
        ('msgid "Lobby"\nmsgzzz "Sala"\n', "cannot be read"),
        ('msgid "%(n)s game"\nmsgid_plural "%(n)s games"\nmsgstr[0] "%(n)s partida"\n', "plural forms"),
        ('msgid "Lobby"\nmsgstr "Sala"\n\nmsgid "Lobby"\nmsgstr "Salone"\n', "defined twice"),
    ],
)
def test_the_check_reports_an_empty_fuzzy_or_broken_entry(tmp_path, entry, complaint):
    po_path = tmp_path / "django.po"
    po_path.write_text(HEADER + entry, encoding="utf-8")
    found = catalogs.problems(po_path)
    assert len(found) == 1 and complaint in found[0]


def test_the_check_accepts_a_complete_entry(tmp_path):
    po_path = tmp_path / "django.po"
    po_path.write_text(
        HEADER + '#, python-format\nmsgid "Round %(round)s"\nmsgstr "Turno %(round)s"\n', encoding="utf-8"
    )
    assert catalogs.problems(po_path) == []
