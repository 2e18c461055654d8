"""The owner's first boot: `companion pin` shows the service's PIN however it is run (sudo, the service's
account, no config given), a mistake in the config stops the service with its message (the unit does not
restart it), and a second `companion run` on the service's store says so and leaves the store alone."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import cli
from companion import config as configuration
from companion.store import Store
from tests.spawned import ended, spawned

from .test_systemd import unit

SERVICE_LIKE = """store = "{store}"
[web]
port = -1
[bots]
delay = 600.0
[[player]]
seat = 1
colour = "blue"
[[player]]
seat = 2
colour = "red"
[[player]]
seat = 3
colour = "green"
"""


def companion(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120,
                          env=env)


def test_pin_with_no_config_shows_the_pin_of_the_installed_service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "service" / "companion.db"
    installed = tmp_path / "companion.toml"
    installed.write_text(SERVICE_LIKE.format(store=store))
    with Store(store) as service:
        service.set_setting("referee_pin", "246810")
    monkeypatch.setattr(configuration, "SERVICE_CONFIG", installed)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "own"))
    assert cli.main(["pin"]) == 0
    assert capsys.readouterr().out == "Referee PIN: 246810\n"
    assert not (tmp_path / "own").exists()  # no store of the user's own made on the way


@pytest.fixture
def state() -> Iterator[Path]:
    """A folder as /var/lib/xidit is: the service account's, in folders anyone may pass through (pytest's own
    folder is root's alone, which the account could not pass)."""
    with tempfile.TemporaryDirectory() as outer:
        Path(outer).chmod(0o755)
        folder = Path(outer) / "xidit"
        folder.mkdir()
        os.chown(folder, 65534, 65534)  # the service's account: nobody here
        yield folder


def test_pin_run_as_root_leaves_the_store_to_the_service_account(state: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root, as `sudo companion pin` runs")
    folder = state
    done = companion("pin", "--store", str(folder / "companion.db"))
    assert done.returncode == 0 and done.stdout.startswith("Referee PIN: "), done.stderr
    assert sorted(path.name for path in folder.iterdir()) == ["companion.db"]
    assert {path.stat().st_uid for path in folder.iterdir()} == {65534}  # the service can still write it
    again = companion("pin", "--store", str(folder / "companion.db"))
    assert again.stdout == done.stdout


def test_a_mistake_in_the_config_stops_the_service_with_its_message(tmp_path: Path) -> None:
    mistaken = tmp_path / "companion.toml"
    mistaken.write_text('language = "de"\n')
    done = companion("run", "--config", str(mistaken))
    assert done.returncode == cli.EXIT_CONFIG
    assert done.stderr.startswith("companion: config: ") and done.stderr.count("\n") == 1
    # systemd restarts the service on failure, but never on this code: the message stays the journal's last word
    assert str(cli.EXIT_CONFIG) in unit()["Service"]["RestartPreventExitStatus"].split()


@pytest.fixture
def notify(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(30)
    yield sock, path
    sock.close()


def test_a_second_run_on_the_store_of_a_running_table_says_so_and_leaves_it_alone(
        tmp_path: Path, notify: tuple[socket.socket, str]) -> None:
    sock, path = notify
    config = tmp_path / "companion.toml"
    store = tmp_path / "companion.db"
    config.write_text(SERVICE_LIKE.format(store=store))
    env = {**os.environ, "NOTIFY_SOCKET": path}
    with spawned([sys.executable, "-m", "companion", "run", "--config", str(config)], env=env,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
        while not sock.recv(4096).decode().startswith("READY=1"):
            pass
        before = {p.name: p.read_bytes() for p in tmp_path.glob("companion.db*")}
        with spawned([sys.executable, "-m", "companion", "run", "--config", str(config)],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE) as second:
            code, _, err = ended(second, 30)
        assert code == cli.EXIT_BAD_INPUT
        assert err == (f"companion: a table already runs on {store} (the service? `systemctl status "
                       "xidit-companion`): stop it first, or give this one another --store\n")
        assert {p.name: p.read_bytes() for p in tmp_path.glob("companion.db*")} == before


def test_a_run_on_the_port_of_a_running_table_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:  # the service, on loopback here
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        config = tmp_path / "companion.toml"
        config.write_text(SERVICE_LIKE.format(store=tmp_path / "own.db").replace("port = -1", f'host = "127.0.0.1"\n'
                                                                                              f"port = {port}"))
        done = companion("run", "--config", str(config))
    assert done.returncode == cli.EXIT_BAD_INPUT
    last = done.stderr.splitlines()[-1]
    assert last == (f"companion: port {port} is taken by another process (the table's service? `systemctl status "
                    "xidit-companion`): stop it first, or give another --port")
    assert "Traceback" not in done.stderr
