"""The product as an owner installs it: a wheel built from a clean copy of the checkout, installed (not
editable) into a fresh virtual environment outside the checkout, serves every page with its static files
and plays a game. The other tests import the checkout itself and cannot see what the wheel leaves out.

The dependencies' wheels are kept in build/wheel-cache (git ignores build/): the first run fetches them
from the package index, later runs install offline from there.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urljoin, urlsplit

import pytest

from tests.install.night import companion_run

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / "build" / "wheel-cache"
PAGES = ("/", "/referee", "/scoring")
SECONDS = 60  # for the table to start and each command to end; warm, the whole test takes about 15 s


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet", *args], check=True,
                   env=_clean_env(), timeout=600)


def _clean_env() -> dict[str, str]:
    # Nothing may lead the installed package back to the checkout.
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


def _clean_copy(destination: Path) -> Path:
    """The files of the checkout git tracks or would (new ones not yet added too), as the working tree has
    them: no egg-info, build folder or virtual environment (all ignored) comes along."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                                check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the clean copy to build the wheel from is made with `git ls-files`")
    for name in listed.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return destination


def _dependencies_cached() -> None:
    """Fills build/wheel-cache with the wheels of the dependencies and of the build back-end, once per
    set of dependencies (a stamp holds the hash of pyproject's lists)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [*project["build-system"]["requires"], "wheel", *project["project"]["dependencies"]]
    stamp = CACHE / f"stamp-{hashlib.sha256(json.dumps(wanted).encode()).hexdigest()[:16]}"
    if stamp.exists():
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    _pip("wheel", "--wheel-dir", str(CACHE), *wanted)
    stamp.touch()


def install_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh virtual environment holding the wheel built from the checkout (the fixture
    `installed`, tests/install/conftest.py: built once for the folder's tests)."""
    _dependencies_cached()
    work = tmp_path_factory.mktemp("wheel")
    source = _clean_copy(work / "source")
    dist = work / "dist"
    offline = ("--no-index", "--find-links", str(CACHE))
    _pip("wheel", "--no-deps", *offline, "--wheel-dir", str(dist), str(source))
    wheels = list(dist.glob("xidit_companion-*.whl"))
    assert len(wheels) == 1, wheels
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=SECONDS)
    _pip("--python", str(venv / "bin" / "python"), "install", *offline, str(wheels[0]))
    # The package runs from the virtual environment, not from the checkout or the copy.
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import companion, web; print(web.__file__)"],
                           cwd=work, env=_clean_env(), capture_output=True, text=True)
    assert where.returncode == 0 and Path(where.stdout.strip()).is_relative_to(venv), where.stderr
    return venv / "bin"


class _Links(HTMLParser):
    """The static files a page links to (href and src)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value and "/static/" in value:
                self.links.append(value)


def _get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=SECONDS) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()


@pytest.fixture
def serving(installed: Path, tmp_path: Path) -> Iterator[str]:
    """`companion run` from the virtual environment on loopback, any free port, a store of its own and
    virtual players in every seat; yields the table's address."""
    config = tmp_path / "table.toml"
    config.write_text('store = "night.db"\n[web]\nhost = "127.0.0.1"\nport = 0\n'
                      + '[[player]]\nbox = "bot"\n' * 3, encoding="utf-8")
    with companion_run([str(installed / "companion"), "run", "--config", str(config), "--bot-delay", "0.2"],
                       tmp_path, _clean_env(), []) as address:
        yield address


def test_the_installed_wheel_serves_every_page_and_its_static_files(serving: str) -> None:
    static: set[str] = set()
    for page in PAGES:
        status, kind, body = _get(urljoin(serving, page))
        assert (status, kind.split(";")[0]) == (200, "text/html"), (page, status, body[:300])
        links = _Links()
        links.feed(body.decode("utf-8"))
        assert links.links, f"{page} links to no static file"
        static.update(urljoin(serving, urlsplit(link).path) for link in links.links)
    for url in sorted(static):
        status, _, body = _get(url)
        assert status == 200 and body, (url, status)


def test_the_installed_wheel_plays_and_replays_a_simulated_game(installed: Path, tmp_path: Path) -> None:
    records = tmp_path / "records"
    played = subprocess.run([str(installed / "companion"), "simulate", "--players", "3", "--short", "--games", "1",
                             "--seed", "7", "--json", "--records", str(records)], cwd=tmp_path, env=_clean_env(),
                            check=True, capture_output=True, text=True, timeout=SECONDS)
    summary = json.loads(played.stdout)
    assert summary["games"] == 1 and sum(summary["winners"].values()) == 1
    record = records / "game-0001.json"
    # The same game played by the checkout: the installed package is the same engine, on the same pack.
    from companion.agents.simulate import simulate
    from companion.core import registry
    from companion.games.xidit.boards import default_pack

    kit = registry.load("xidit").agents
    assert kit is not None
    games: list[Any] = []
    simulate(kit, default_pack(), 3, {"length": "short"}, 1, 7, games.append)
    assert json.loads(record.read_text(encoding="utf-8")) == json.loads(json.dumps(games[0].record_json()))
    replayed = subprocess.run([str(installed / "companion"), "replay", str(record)], cwd=tmp_path, env=_clean_env(),
                              check=True, capture_output=True, text=True, timeout=SECONDS)
    assert re.match(r"year \d+ of 9, phase \w+, \d+ actions replayed, winner: seat \d", replayed.stdout), \
        replayed.stdout


def test_the_installed_wheel_holds_the_frameworks_generic_page_parts(installed: Path, tmp_path: Path) -> None:
    """A game without page parts of its own is served the framework's (web/generic.py): its templates ship."""
    check = ("import sys\nfrom web.generic import GENERIC\n"
             "missing = [n for n in GENERIC.slots.values() if not (GENERIC.templates / n).is_file()]\n"
             "sys.exit(f'missing: {missing}' if missing else 0)")
    subprocess.run([str(installed / "python"), "-c", check], cwd=tmp_path, env=_clean_env(), check=True,
                   timeout=SECONDS)
