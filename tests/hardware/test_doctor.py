"""`companion doctor` on made-up /dev trees: what it finds, the fix it gives for each problem, exit 0 always."""

from __future__ import annotations

import getpass
import io
import os
from pathlib import Path

import pytest

from companion.cli import main as companion_main
from hardware import doctor

from .fakebox import PtyBox


def run_doctor(dev: Path, proc: Path, *args: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = doctor.main(["--user", "xidit", "--timeout", "2", *args], dev=dev, proc=proc,
                       i2c_probe=lambda bus, address: False, out=out)
    return code, out.getvalue().splitlines()


def test_an_empty_machine_gets_clear_not_found_lines_and_exit_0(tmp_path: Path) -> None:
    dev, proc = tmp_path / "dev", tmp_path / "proc"
    dev.mkdir()
    code, lines = run_doctor(dev, proc)
    assert code == 0
    text = "\n".join(lines)
    assert f"i2c: no I2C bus found ({dev}/i2c-*)" in text and "raspi-config nonint do_i2c 0" in text
    assert f"serial: no serial box found ({dev}/xidit/box-*, {dev}/serial/by-path, {dev}/ttyACM*)" in text
    assert f"gpio: no GPIO chip found ({dev}/gpiochip*)" in text


def test_a_pi_with_screens_a_box_and_missing_groups(tmp_path: Path) -> None:
    dev, proc = tmp_path / "dev", tmp_path / "proc"
    (dev / "serial" / "by-path").mkdir(parents=True)
    proc.mkdir()
    for name in ("i2c-1", "i2c-20", "gpiochip0", "ttyACM1"):
        (dev / name).write_bytes(b"")
    (proc / "cmdline").write_text("coherent_pool=1M console=serial0,115200 console=tty1 root=/dev/mmcblk0p2\n")
    box = PtyBox(box_id="E6614C311B7A2F2D").start()
    os.symlink(box.path, dev / "serial" / "by-path" / "platform-fd500000.pcie-pci-0000:01:00.0-usb-0:1.2:1.0")
    (dev / "xidit").mkdir()
    port = dev / "xidit" / "box-platform-fd500000_pcie-pci-0000_01_00_0-usb-0_1_2_1_0"
    os.symlink(box.path, port)  # the udev rule's name for the same box: the one the doctor gives

    def probe(bus: int, address: int) -> bool:
        if bus == 20:
            raise PermissionError("no")
        return (bus, address) == (1, 0x3C)

    out = io.StringIO()
    try:
        code = doctor.main(["--timeout", "3"], dev=dev, proc=proc, groups={"dialout"},
                           group_exists=lambda name: True, i2c_probe=probe, out=out)
    finally:
        box.close()
    lines = out.getvalue().splitlines()
    user = getpass.getuser()
    assert code == 0
    assert f"i2c: {dev}/i2c-1: a screen answers at 0x3C; for its seat: screen = \"ssd1306:1:0x3C\" " \
           "(sh1106:... for an SH1106 screen)" in lines
    assert f"i2c: {dev}/i2c-20: permission denied -- fix: sudo usermod -aG i2c {user}, then log in again " \
           "(or restart the service)" in lines
    hello = [line for line in lines if line.startswith("serial: ") and "box E66" in line]
    assert hello == [f"serial: {port} ({Path(box.path).name}): box E6614C311B7A2F2D, firmware 1.0, protocol 1; "
                     f"for its seat: box = \"serial:{port}\""]
    assert any(line.startswith(f"serial: {dev}/ttyACM1: cannot open") for line in lines)  # not a serial port
    assert f"gpio: {dev}/gpiochip0: usable" in lines
    assert any("console holds GPIO 14/15" in line and "do_serial_cons 1" in line for line in lines)
    if user != "root":
        assert f"groups: {user} is not in gpio -- fix: sudo usermod -aG gpio {user}, then log in again " \
               "(or restart the service)" in lines
        assert f"groups: {user} is in dialout" in lines


def test_the_groups_of_a_named_user_are_checked(tmp_path: Path) -> None:
    findings = doctor.check_groups("xidit", {"i2c"}, lambda name: name != "gpio")
    assert [f.line() for f in findings] == [
        "groups: xidit is in i2c",
        "groups: there is no group 'gpio' on this system (not Raspberry Pi OS?)",
        "groups: xidit is not in dialout -- fix: sudo usermod -aG dialout xidit, then log in again "
        "(or restart the service)",
    ]


def test_a_port_that_says_nothing_is_reported_with_a_hint(tmp_path: Path) -> None:
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "ttyACM0").write_bytes(b"")
    findings = doctor.check_serial(dev, lambda path, timeout: None, 0.5, "xidit")
    assert [f.line() for f in findings] == [
        f"serial: {dev}/ttyACM0: no HELLO within 0.5 s -- fix: if it is a Xidit box, flash its firmware "
        "(hardware/README.md)"]
    denied = doctor.check_serial(dev, lambda path, timeout: (_ for _ in ()).throw(PermissionError()), 0.5, "xidit")
    assert denied[0].fix.startswith("sudo usermod -aG dialout xidit")


def test_without_smbus2_the_doctor_says_how_to_install_it(tmp_path: Path) -> None:
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "i2c-1").write_bytes(b"")
    lines = [f.line() for f in doctor.check_i2c(dev, None, "xidit")]
    assert lines == [f"i2c: bus {dev}/i2c-1",
                     "i2c: smbus2 is not installed: OLED addresses 0x3C/0x3D not probed -- fix: pip install smbus2 "
                     "(into the companion's environment; luma.oled brings it too)"]


def test_companion_doctor_runs_here_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion_main(["doctor", "--no-hello"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].endswith("found")
    assert "i2c:" in out and "serial:" in out and "gpio:" in out and "groups:" in out


def test_a_box_the_companion_holds_is_reported_busy_not_read(tmp_path: Path) -> None:
    from hardware.serial_box import SerialLink

    from .support import Collector

    box = PtyBox().start()
    dev = tmp_path / "dev"
    (dev / "serial" / "by-path").mkdir(parents=True)
    port = dev / "serial" / "by-path" / "usb-0:1.3:1.0"
    os.symlink(box.path, port)
    sink = Collector()
    try:
        with SerialLink(box.path, sink, seat_for_port={box.path: 1}, timeout=0.01) as link:
            assert link.wait_bound(5)
            findings = doctor.check_serial(dev, doctor.serial_hello, 0.5, "xidit")
            box.press("OK")
            assert sink.wait_for(1)  # the link still gets the keys
    finally:
        box.close()
    assert len(findings) == 1 and "cannot open" in findings[0].text and "is the companion running?" in findings[0].text


def test_a_box_without_the_udev_rule_is_given_the_name_the_rule_makes(tmp_path: Path) -> None:
    dev = tmp_path / "dev"
    (dev / "serial" / "by-path").mkdir(parents=True)
    id_path = "platform-fd500000.pcie-pci-0000:01:00.0-usb-0:1.4:1.0"
    (dev / "ttyACM0").write_bytes(b"")
    os.symlink(dev / "ttyACM0", dev / "serial" / "by-path" / id_path)
    said = doctor.proto.parse(doctor.proto.encode(doctor.proto.HELLO, 0, "E6614C311B7A2F2D", "1.0", "B007", 1))
    findings = doctor.check_serial(dev, lambda path, timeout: said, 0.5, "xidit")
    assert len(findings) == 1 and findings[0].fix.startswith("install the udev rule")
    name = "/dev/xidit/box-platform-fd500000_pcie-pci-0000_01_00_0-usb-0_1_4_1_0"
    assert f'once named by udev, for its seat: box = "serial:{name}"' in findings[0].text
    # the name the rule makes: SYMLINK+="xidit/box-$env{ID_PATH_TAG}", ID_PATH_TAG being udev's tag of ID_PATH
    rules = (Path(__file__).resolve().parents[2] / "systemd" / "99-xidit-boxes.rules").read_text()
    assert 'SYMLINK+="xidit/box-$env{ID_PATH_TAG}"' in rules
    assert doctor.udev_name(id_path) == name
    # and the builds' configs use names of that form
    builds = Path(__file__).resolve().parents[2] / "docs" / "builds" / "three-players.toml"
    assert f'"serial:{name}"' in builds.read_text()


def test_the_i2c_probe_is_a_quick_write_like_i2cdetect(monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import sys
    import types

    calls: list[tuple[str, int, int]] = []

    class SMBus:
        def __init__(self, bus: int) -> None:
            self.bus = bus

        def __enter__(self) -> SMBus:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def write_quick(self, address: int) -> None:
            calls.append(("write_quick", self.bus, address))
            if address != 0x3C:
                raise OSError(errno.EREMOTEIO, "Remote I/O error")

        def read_byte(self, address: int) -> int:
            calls.append(("read_byte", self.bus, address))
            return 0

    monkeypatch.setitem(sys.modules, "smbus2", types.SimpleNamespace(SMBus=SMBus))
    probe = doctor.smbus_probe()
    assert probe is not None
    assert probe(1, 0x3C) and not probe(1, 0x3D)
    assert calls == [("write_quick", 1, 0x3C), ("write_quick", 1, 0x3D)]


def pi(tmp_path: Path, model: str, cmdline: str, serial0: str = "") -> tuple[Path, Path]:
    """A made-up Pi: its model in the device tree (with the NUL the kernel ends it with), its kernel command
    line, and where /dev/serial0 points."""
    dev, proc = tmp_path / "dev", tmp_path / "proc"
    (proc / "device-tree").mkdir(parents=True)
    dev.mkdir()
    (dev / "gpiochip0").write_bytes(b"")
    (proc / "device-tree" / "model").write_bytes(model.encode() + b"\0")
    (proc / "cmdline").write_text(cmdline + "\n")
    if serial0:
        (dev / serial0).write_bytes(b"")
        os.symlink(serial0, dev / "serial0")
    return dev, proc


CONSOLE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait"


def holds_gpio_15(dev: Path, proc: Path) -> bool:
    return any("console holds GPIO 14/15" in f.text for f in doctor.check_gpio(dev, proc, "xidit"))


def test_a_pi_5s_serial_console_is_on_its_own_connector_not_on_gpio_15(tmp_path: Path) -> None:
    dev, proc = pi(tmp_path, "Raspberry Pi 5 Model B Rev 1.0", CONSOLE, serial0="ttyAMA10")
    assert doctor.pi_model(proc) == "Raspberry Pi 5 Model B Rev 1.0"
    assert not holds_gpio_15(dev, proc)


@pytest.mark.parametrize(("model", "cmdline", "serial0"), [
    ("Raspberry Pi 4 Model B Rev 1.5", CONSOLE, "ttyS0"),
    ("Raspberry Pi 3 Model B Plus Rev 1.3", CONSOLE.replace("serial0", "ttyAMA0"), ""),
    ("Raspberry Pi 5 Model B Rev 1.0", CONSOLE.replace("serial0", "ttyAMA0"), "ttyAMA10"),
    ("Raspberry Pi 5 Model B Rev 1.0", CONSOLE, "ttyAMA0"),  # serial0 moved to GPIO 14/15 (dtparam=uart0_console)
])
def test_a_console_on_the_uart_of_gpio_14_15_is_reported(tmp_path: Path, model: str, cmdline: str,
                                                         serial0: str) -> None:
    dev, proc = pi(tmp_path, model, cmdline, serial0)
    assert holds_gpio_15(dev, proc)


def test_without_a_pin_library_the_fix_is_raspberry_pis_package(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    dev, proc = pi(tmp_path, "Raspberry Pi 5 Model B Rev 1.0", "console=tty1")
    real = doctor.importlib.util.find_spec
    monkeypatch.setattr(doctor.importlib.util, "find_spec",
                        lambda name, *args: None if name in ("lgpio", "RPi") else real(name, *args))
    [finding] = [f for f in doctor.check_gpio(dev, proc, "xidit") if "pin library" in f.text]
    # pip's lgpio does not install on Raspberry Pi OS Trixie (Python 3.13): the Debian package does
    assert finding.fix.startswith("sudo apt install python3-lgpio") and "pip" not in finding.fix
