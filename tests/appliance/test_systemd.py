"""The appliance files: the unit passes `systemd-analyze verify` and has the settings the Pi needs,
the installer lists every step in a dry run, and the shell scripts are shellcheck-clean."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

from .tools import need

ROOT = Path(__file__).parent.parent.parent
UNIT = ROOT / "systemd" / "xidit-companion.service"


def unit() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNIT)
    return parser


def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = need("systemd-analyze")
    # The unit names the installed program; here it is checked against this checkout's own.
    companion = shutil.which("companion") or str(ROOT / ".venv" / "bin" / "companion")
    text = UNIT.read_text().replace("/opt/xidit/venv/bin/companion", companion)
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    done = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "xidit-companion.service" not in done.stderr, done.stderr


def test_the_unit_is_a_hardened_notify_service_with_a_watchdog() -> None:
    service = unit()["Service"]
    assert service["Type"] == "notify" and int(service["WatchdogSec"]) > 0
    assert service["Restart"] == "on-failure"
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "i2c", "spi", "dialout"}
    assert service["User"] == "xidit" and service["StateDirectory"] == "xidit"
    for key, value in {"ProtectSystem": "strict", "ProtectHome": "true", "PrivateTmp": "true",
                       "NoNewPrivileges": "true"}.items():
        assert service[key] == value, key
    # The boxes' devices (I2C, GPIO, USB serial) must stay visible.
    assert service.get("PrivateDevices", "false") == "false"
    assert "companion run --config /etc/xidit/companion.toml" in service["ExecStart"]


def test_the_unit_comes_up_without_a_network() -> None:
    """A table that is its own Wi-Fi hotspot has no upstream network: the unit may follow the network's
    configuration (network.target) but never wait for it to be online (held back 60 s at boot)."""
    section = unit()["Unit"]
    for key in ("Wants", "Requires", "Requisite", "BindsTo", "After"):
        assert "network-online.target" not in section.get(key, "").split(), key
    assert "network.target" in section["After"].split()


def test_the_installer_dry_run_lists_every_step_and_changes_nothing(tmp_path: Path) -> None:
    done = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run"], capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for step in ("Debian packages", "I2C at 400 kHz", "Service account", "virtual environment",
                 "Configuration and state", "Serial console", "Service, udev rules", "Ready"):
        assert step in out, step
    for command in ("apt-get install", "polkitd", "python3 -m venv", "pip install", "systemctl enable",
                    "99-xidit-boxes.rules", "companion pin", "ln -sfn /opt/xidit/venv/bin/companion "
                    "/usr/local/bin/companion"):
        assert command in out, command
    assert "do_spi" not in out


def test_the_installer_refuses_unknown_arguments() -> None:
    done = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--frobnicate"], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2 and "usage" in done.stderr


def test_the_uninstaller_dry_run_keeps_the_games_unless_purged() -> None:
    script = str(ROOT / "systemd" / "uninstall.sh")
    keep = subprocess.run(["bash", script, "--dry-run"], capture_output=True, text=True, timeout=30)
    purge = subprocess.run(["bash", script, "--dry-run", "--purge"], capture_output=True, text=True, timeout=30)
    assert keep.returncode == 0 and purge.returncode == 0
    assert "/var/lib/xidit" not in keep.stdout.replace("kept the games in /var/lib/xidit", "")
    assert "rm -rf /var/lib/xidit" in purge.stdout


def test_the_shell_scripts_are_shellcheck_clean() -> None:
    shellcheck = need("shellcheck")
    scripts = [str(ROOT / "systemd" / name) for name in ("install.sh", "uninstall.sh")]
    done = subprocess.run([shellcheck, *scripts], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout


def test_serial_boxes_get_a_stable_name_by_usb_socket() -> None:
    rules = (ROOT / "systemd" / "99-xidit-boxes.rules").read_text()
    rule = next(line for line in rules.splitlines() if line and not line.startswith("#"))
    assert 'ENV{ID_VENDOR_ID}=="2e8a"' in rule and "SYMLINK+=\"xidit/box-$env{ID_PATH_TAG}\"" in rule
