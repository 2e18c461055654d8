#!/usr/bin/env bash
# Removes the Xidit table companion service installed by install.sh. The games and the config are
# kept unless --purge is given.  sudo systemd/uninstall.sh [--dry-run] [--purge]
set -euo pipefail

DRY_RUN=0
PURGE=0
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --purge) PURGE=1 ;;
        *) echo "usage: $0 [--dry-run] [--purge]" >&2; exit 2 ;;
    esac
done

UNIT=xidit-companion.service
run() {
    printf '+ %s\n' "$*"
    if [[ $DRY_RUN -eq 0 ]]; then "$@"; fi
}

if [[ $DRY_RUN -eq 0 && $EUID -ne 0 ]]; then
    echo "run it as root: sudo $0" >&2
    exit 1
fi

run systemctl disable --now "$UNIT" || true
run rm -f "/etc/systemd/system/$UNIT" /etc/udev/rules.d/99-xidit-boxes.rules \
    /etc/polkit-1/rules.d/50-xidit-poweroff.rules
run systemctl daemon-reload
run udevadm control --reload-rules
run rm -rf /opt/xidit
run rm -f /usr/local/bin/companion
if [[ $PURGE -eq 1 ]]; then
    run rm -rf /var/lib/xidit /etc/xidit
    run userdel xidit || true
else
    echo "kept the games in /var/lib/xidit and the config in /etc/xidit (--purge removes them)"
fi
