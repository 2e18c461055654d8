#!/usr/bin/env bash
# Installs the Xidit table companion as a service on Raspberry Pi OS Bookworm or Trixie (64-bit Lite; Python
# 3.11 or 3.13). On another Debian it installs what it can and its last lines say what the system lacks.
# Run from a clone of the project:
#   sudo systemd/install.sh [--config BUILD.toml] [--no-start] [--dry-run]
# --config: the table's config to install (e.g. docs/builds/three-players.toml) when there is none yet;
# --no-start: enable the service for the next boot but neither start it nor reload udev (also when systemd
# is not running: a chroot, an image being built); --dry-run: show each step and change nothing.
# Idempotent: running it again updates the installation and keeps the config and the games; a step whose
# work is already done says so and does nothing.
# XIDIT_ROOT (empty unless set) is put before every system path: for trying it on a stand-in system.
set -euo pipefail

USAGE="usage: $0 [--config BUILD.toml] [--no-start] [--dry-run]"
DRY_RUN=0
NO_START=0
BUILD=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --no-start) NO_START=1 ;;
        --config)
            if [[ $# -lt 2 ]]; then echo "$USAGE" >&2; exit 2; fi
            BUILD=$2
            shift ;;
        *) echo "$USAGE" >&2; exit 2 ;;
    esac
    shift
done

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=${XIDIT_ROOT:-}
PREFIX=$ROOT/opt/xidit
VENV=$PREFIX/venv
CONFIG=$ROOT/etc/xidit/companion.toml
STATE=$ROOT/var/lib/xidit
ACCOUNT=xidit
UNIT=xidit-companion.service
ON_PATH=$ROOT/usr/local/bin/companion
I2C_SPEED=dtparam=i2c_arm_baudrate=400000

# What this system lacks that Raspberry Pi OS has: said again at the end.
LACKS=()
step() { printf '\n== %s\n' "$*"; }
run() {
    printf '+ %s\n' "$*"
    if [[ $DRY_RUN -eq 0 ]]; then "$@"; fi
}

if [[ -n $BUILD && ! -f $BUILD ]]; then
    echo "no such config: $BUILD" >&2
    exit 2
fi
if [[ $DRY_RUN -eq 0 && $EUID -ne 0 ]]; then
    echo "run it as root: sudo $0" >&2
    exit 1
fi

# raspi-config's `nonint get_*` answers 0 for "on".
raspi_on() { [[ "$(raspi-config nonint "$1" 2>/dev/null)" == "0" ]]; }

# systemd not running (a chroot, an image being built): nothing to start or reload, only files to install.
if [[ ! -d /run/systemd/system ]]; then
    NO_START=1
fi

# apt knows a version of the package it could install (after apt-get update).
apt_has() { [[ "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')" =~ ^[0-9] ]]; }

step "1. Debian packages"
run apt-get update
# polkitd: the right to power off for the power button (without it, Lite's `systemctl poweroff` fails).
run apt-get install -y python3-venv python3-dev i2c-tools polkitd libopenjp2-7 libjpeg62-turbo
# gpiozero's pin driver for GPIO boxes: Raspberry Pi's archive has it (Bookworm and Trixie alike; pip's lgpio
# does not install on Trixie's Python 3.13), Debian's does not.
if apt_has python3-lgpio; then
    run apt-get install -y python3-lgpio
else
    echo "no python3-lgpio in this system's archives (it is in Raspberry Pi OS's): GPIO boxes will not work"
    LACKS+=("python3-lgpio (Raspberry Pi's archive only): without it GPIO boxes do not work")
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "the companion needs Python 3.11 or newer (Raspberry Pi OS Bookworm: 3.11, Trixie: 3.13);" \
        "this system has $(python3 -V 2>&1 || echo none)" >&2
    exit 1
fi

step "2. I2C at 400 kHz (SPI left as it is: no box uses it)"
BOOT_CONFIG=""
for candidate in "$ROOT/boot/firmware/config.txt" "$ROOT/boot/config.txt"; do
    if [[ -f $candidate ]]; then BOOT_CONFIG=$candidate; break; fi
done
if command -v raspi-config >/dev/null 2>&1; then
    if raspi_on get_i2c; then
        echo "I2C is on"
    else
        run raspi-config nonint do_i2c 0
    fi
else
    echo "raspi-config not found: not a Raspberry Pi OS, enable I2C by hand if boxes use it"
    LACKS+=("raspi-config: turn I2C on (and the serial console off for a box on GPIO 15) by hand")
fi
if [[ -z $BOOT_CONFIG ]]; then
    echo "no /boot/firmware/config.txt: add $I2C_SPEED to the boot config by hand"
    LACKS+=("the Pi's boot config (/boot/firmware/config.txt): add $I2C_SPEED by hand")
elif grep -qx "$I2C_SPEED" "$BOOT_CONFIG"; then
    echo "I2C already at 400 kHz in $BOOT_CONFIG"
elif grep -q '^dtparam=i2c_arm_baudrate=' "$BOOT_CONFIG"; then
    run sed -i "s/^dtparam=i2c_arm_baudrate=.*/$I2C_SPEED/" "$BOOT_CONFIG"
    echo "reboot for the new I2C speed"
else
    # under [all]: the lines before may belong to one Pi model's section
    run sed -i -e '$a [all]' -e "\$a $I2C_SPEED" "$BOOT_CONFIG"
    echo "reboot for the new I2C speed"
fi

step "3. Service account"
if ! id -u "$ACCOUNT" >/dev/null 2>&1; then
    run useradd --system --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin "$ACCOUNT"
else
    echo "account $ACCOUNT exists"
fi
# The unit runs with these groups: systemd does not start it when one is missing. Raspberry Pi OS has them,
# with udev rules that give them the GPIO, I2C and SPI devices; elsewhere they are created here, without
# such rules.
MADE=()
for group in gpio i2c spi dialout; do
    if ! getent group "$group" >/dev/null 2>&1; then
        run groupadd --system "$group"
        MADE+=("$group")
    fi
    if id -nG "$ACCOUNT" 2>/dev/null | tr ' ' '\n' | grep -qx "$group"; then
        echo "$ACCOUNT is in $group"
    else
        run usermod -aG "$group" "$ACCOUNT"
    fi
done
if [[ ${#MADE[@]} -gt 0 ]]; then
    LACKS+=("the groups ${MADE[*]} (made here) own no devices: Raspberry Pi OS's udev rules give them GPIO, I2C, SPI")
fi

step "4. Program, in a virtual environment, and companion on PATH"
run install -d -m 0755 "$PREFIX"
if [[ ! -x "$VENV/bin/python" ]]; then
    # The system's site packages give gpiozero the Pi's lgpio pin driver (python3-lgpio).
    run python3 -m venv --system-site-packages "$VENV"
fi
run "$VENV/bin/pip" install --upgrade pip
run "$VENV/bin/pip" install --upgrade "${SOURCE}[pi]"
run install -m 0644 "$SOURCE/README.md" "$PREFIX/README.md"
if [[ "$(readlink "$ON_PATH" 2>/dev/null || true)" == "$VENV/bin/companion" ]]; then
    echo "$ON_PATH is there"
else
    run ln -sfn "$VENV/bin/companion" "$ON_PATH"
fi

step "5. Configuration and state"
run install -d -m 0750 -o "$ACCOUNT" -g "$ACCOUNT" "$STATE"
IN_EFFECT=$CONFIG
if [[ ! -f "$CONFIG" ]]; then
    IN_EFFECT=${BUILD:-$SOURCE/systemd/companion.toml}
    run install -D -m 0640 -o root -g "$ACCOUNT" "$IN_EFFECT" "$CONFIG"
else
    echo "keeping the existing $CONFIG${BUILD:+ (to use $BUILD instead: sudo cp $BUILD $CONFIG)}"
fi

step "6. Serial console (off only when a GPIO box needs GPIO 15)"
PINS=$(PYTHONPATH=$SOURCE python3 -m hardware.pinout "$IN_EFFECT")
if [[ " $PINS " == *" 15 "* ]]; then
    if ! command -v raspi-config >/dev/null 2>&1; then
        echo "a GPIO box uses GPIO 15: turn the serial console and the UART off by hand"
    else
        if raspi_on get_serial_cons; then
            run raspi-config nonint do_serial_cons 1
        else
            echo "the serial console is off"
        fi
        if raspi_on get_serial_hw; then
            run raspi-config nonint do_serial_hw 1
        else
            echo "the UART is off"
        fi
    fi
else
    echo "no GPIO box uses GPIO 15: the serial console is left as it is"
fi

step "7. Service, udev rules, and the right to power off (for the optional power button)"
run install -m 0644 "$SOURCE/systemd/$UNIT" "$ROOT/etc/systemd/system/$UNIT"
run install -m 0644 "$SOURCE/systemd/99-xidit-boxes.rules" "$ROOT/etc/udev/rules.d/99-xidit-boxes.rules"
run install -D -m 0644 "$SOURCE/systemd/50-xidit-poweroff.rules" "$ROOT/etc/polkit-1/rules.d/50-xidit-poweroff.rules"
if [[ $NO_START -eq 1 ]]; then
    echo "systemd is not running here or --no-start: the service is enabled, to start at the next boot"
    run systemctl enable "$UNIT"
else
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty
    run systemctl daemon-reload
    run systemctl enable "$UNIT"
    run systemctl restart "$UNIT"
fi

step "8. Ready"
run runuser -u "$ACCOUNT" -- "$VENV/bin/companion" pin --config "$CONFIG"
for address in $(hostname -I 2>/dev/null || true); do
    # an IPv6 address goes in brackets in a link: http://[fd00::2]:8000/
    if [[ $address == *:* ]]; then address="[$address]"; fi
    echo "Table view: http://$address:8000/   Referee page: http://$address:8000/referee"
done
echo "Check the boxes: companion doctor --user $ACCOUNT (stop the service first to ask serial boxes)"
echo "Logs: journalctl -u $UNIT -f"
if [[ ${#LACKS[@]} -gt 0 ]]; then
    # shellcheck disable=SC1091 # the system's own file
    SYSTEM=$(. "$ROOT/etc/os-release" 2>/dev/null && echo "$PRETTY_NAME" || echo "this system")
    echo
    echo "$SYSTEM is not Raspberry Pi OS: the table serves phones and serial boxes, but it lacks:"
    for lack in "${LACKS[@]}"; do echo "  - $lack"; done
fi
