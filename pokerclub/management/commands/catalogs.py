"""The interface's catalogs (locale/<language>/LC_MESSAGES/django.po and djangojs.po): brought
up to date with the code, or checked.

``manage.py catalogs`` runs Django's ``makemessages`` for every language but English (the
code's own) on both domains: the templates and Python (``django``) and static/js
(``djangojs``). New strings come in untranslated, strings gone from the code leave.

``manage.py catalogs --check`` does the same on a copy and fails (exit status 1) when a
catalog is out of date with the code, has an entry untranslated or fuzzy, or one whose
placeholders are not the English ones (``msgfmt --check``): CI runs it through
tests/test_catalogs.py. docs/glossary.md is the poker vocabulary the Italian follows.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings

DOMAINS = ("django", "djangojs")
IGNORE = [".venv", "staticfiles", "tests", "bench", "docs", "deploy", "node_modules"]
"""Folders whose strings are not the site's (the virtualenv holds allauth's own catalog)."""

STATISTICS = re.compile(
    r"(?:(\d+) translated messages?)?(?:, )?(?:(\d+) fuzzy translations?)?(?:, )?"
    r"(?:(\d+) untranslated messages?)?"
)


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES if code != "en"]


def update(locale_dir: Path) -> None:
    """``makemessages`` for every language and domain, into ``locale_dir``."""
    with override_settings(LOCALE_PATHS=[locale_dir]):
        for domain in DOMAINS:
            call_command(
                "makemessages",
                locale=languages(),
                domain=domain,
                ignore_patterns=IGNORE,
                no_obsolete=True,
                add_location="file",
                verbosity=0,
            )


def statistics(po: Path) -> tuple[int, int, int]:
    """(translated, fuzzy, untranslated) entries of ``po``, by ``msgfmt --check``; a
    placeholder that differs from the English one is a ``CommandError``."""
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise CommandError(f"{po}: {done.stderr.strip()}")
    found = STATISTICS.search(done.stderr.strip())
    counts = [int(n) if n else 0 for n in found.groups()] if found else [0, 0, 0]
    return counts[0], counts[1], counts[2]


def problems(committed: Path) -> list[str]:
    """What is wrong with the catalogs in ``committed`` (empty: nothing). They are brought
    up to date where they are, looked at and put back as they were: ``makemessages`` writes
    a project's strings into the project's own ``locale`` folder whatever LOCALE_PATHS says,
    so a copy elsewhere would never see a new string."""
    found = []
    with tempfile.TemporaryDirectory() as work:
        saved = Path(work) / "locale"
        shutil.copytree(committed, saved)
        try:
            update(committed)
            for language in languages():
                for domain in DOMAINS:
                    name = f"{language}/LC_MESSAGES/{domain}.po"
                    if not (saved / name).exists():
                        found.append(f"{name}: missing (manage.py catalogs makes it)")
                        continue
                    translated, fuzzy, untranslated = statistics(committed / name)
                    if untranslated:
                        found.append(f"{name}: {untranslated} entries untranslated")
                    if fuzzy:
                        found.append(f"{name}: {fuzzy} entries fuzzy")
                    stale = statistics(saved / name)[0] - translated
                    if stale > 0:
                        found.append(f"{name}: {stale} entries no longer in the code")
        finally:
            shutil.rmtree(committed)
            shutil.copytree(saved, committed)
    return found


class Command(BaseCommand):
    help = "Bring the .po catalogs up to date with the code, or (--check) fail if they are not."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing; fail when a catalog is out of date, untranslated or fuzzy.",
        )

    def handle(self, *args: Any, check: bool = False, **options: Any) -> None:
        locale = Path(settings.LOCALE_PATHS[0])
        if not check:
            update(locale)
            return
        found = problems(locale)
        if found:
            raise CommandError(
                "The catalogs are not ready (`manage.py catalogs`, then translate):\n  "
                + "\n  ".join(found)
            )
        self.stdout.write("The catalogs are up to date, translated and not fuzzy.")
