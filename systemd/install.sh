#!/usr/bin/env bash
# Installs the Xidit table companion as a service on Raspberry Pi OS (Bookworm, 64-bit Lite).
# Run from a clone of the project:  sudo systemd/install.sh   (or --dry-run to list the steps only).
# Idempotent: running it again updates the installation and keeps the config and the games.
set -euo pipefail

DRY_RUN=0
if [[ "${1:-}" == "--dry-run" ]]; then
    DRY_RUN=1
elif [[ $# -gt 0 ]]; then
    echo "usage: $0 [--dry-run]" >&2
    exit 2
fi

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=/opt/xidit
VENV=$PREFIX/venv
CONFIG=/etc/xidit/companion.toml
STATE=/var/lib/xidit
ACCOUNT=xidit
UNIT=xidit-companion.service

step() { printf '\n== %s\n' "$*"; }
run() {
    printf '+ %s\n' "$*"
    if [[ $DRY_RUN -eq 0 ]]; then "$@"; fi
}

if [[ $DRY_RUN -eq 0 && $EUID -ne 0 ]]; then
    echo "run it as root: sudo $0" >&2
    exit 1
fi

step "1. Debian packages"
run apt-get update
run apt-get install -y python3-venv python3-dev python3-lgpio i2c-tools libopenjp2-7 libjpeg62-turbo

step "2. I2C and SPI"
if command -v raspi-config >/dev/null 2>&1; then
    run raspi-config nonint do_i2c 0
    run raspi-config nonint do_spi 0
else
    echo "raspi-config not found: not a Raspberry Pi OS, enable I2C and SPI by hand if boxes use them"
fi

step "3. Service account"
if ! id -u "$ACCOUNT" >/dev/null 2>&1; then
    run useradd --system --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin "$ACCOUNT"
else
    echo "account $ACCOUNT exists"
fi
for group in gpio i2c spi dialout; do
    if getent group "$group" >/dev/null 2>&1; then
        run usermod -aG "$group" "$ACCOUNT"
    else
        echo "no group $group on this system: skipped"
    fi
done

step "4. Program, in a virtual environment"
run install -d -m 0755 "$PREFIX"
if [[ ! -x "$VENV/bin/python" ]]; then
    # The system's site packages give gpiozero the Pi's lgpio pin driver (python3-lgpio).
    run python3 -m venv --system-site-packages "$VENV"
fi
run "$VENV/bin/pip" install --upgrade pip
run "$VENV/bin/pip" install --upgrade "${SOURCE}[pi]"
run install -m 0644 "$SOURCE/README.md" "$PREFIX/README.md"

step "5. Configuration and state"
run install -d -m 0750 -o "$ACCOUNT" -g "$ACCOUNT" "$STATE"
if [[ ! -f "$CONFIG" ]]; then
    run install -D -m 0640 -o root -g "$ACCOUNT" "$SOURCE/systemd/companion.toml" "$CONFIG"
else
    echo "keeping the existing $CONFIG"
fi

step "6. Service, udev rules, and the right to power off (for the optional power button)"
run install -m 0644 "$SOURCE/systemd/$UNIT" "/etc/systemd/system/$UNIT"
run install -m 0644 "$SOURCE/systemd/99-xidit-boxes.rules" /etc/udev/rules.d/99-xidit-boxes.rules
run install -D -m 0644 "$SOURCE/systemd/50-xidit-poweroff.rules" /etc/polkit-1/rules.d/50-xidit-poweroff.rules
run udevadm control --reload-rules
run udevadm trigger --subsystem-match=tty
run systemctl daemon-reload
run systemctl enable "$UNIT"
run systemctl restart "$UNIT"

step "7. Ready"
run runuser -u "$ACCOUNT" -- "$VENV/bin/companion" pin --config "$CONFIG"
if [[ $DRY_RUN -eq 0 ]]; then
    for address in $(hostname -I); do
        echo "Table view: http://$address:8000/   Referee page: http://$address:8000/referee"
    done
fi
echo "Logs: journalctl -u $UNIT -f"
