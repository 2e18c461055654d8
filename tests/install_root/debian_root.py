"""A Debian root to install into: Debian's own archive unpacked by debootstrap into a folder, entered with
chroot inside a private mount namespace (its /proc and the caches' bind mounts vanish with the command,
whatever happens to the test).

The root is minbase (what debootstrap calls the smallest Debian with apt) plus systemd and udev, which any
installed Debian has. It is built once and kept as a tar in build/install-root/ (git ignores build/), with
apt's downloaded packages and pip's cache beside it: a second run unpacks the tar and finds the packages
there instead of downloading them again.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "install-root"
# Bookworm by default (Raspberry Pi OS Bookworm's base); XIDIT_DEBIAN_SUITE=trixie tries Trixie's.
SUITE = os.environ.get("XIDIT_DEBIAN_SUITE", "bookworm")
#: What each suite is called in its /etc/os-release, and its Python.
SUITES = {"bookworm": ("Debian GNU/Linux 12 (bookworm)", (3, 11)), "trixie": ("Debian GNU/Linux 13 (trixie)", (3, 13))}
MIRROR = "http://deb.debian.org/debian"
INCLUDE = "systemd,udev"
DEBOOTSTRAP_TIMEOUT = 600  # seconds; about 50 here, from Debian's mirror
# Copied into the root from the checkout: the project, not its builds and caches.
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "build", "__pycache__", ".*_cache", "*.egg-info", "node_modules",
                                    ".hypothesis")

# In a private mount namespace: /proc and the caches mounted into the root, then the command in it.
ENTER = """set -e
root=$1; shift
mount -t proc proc "$root/proc"
mkdir -p "$root/var/cache/apt/archives" "$root/root/.cache/pip"
mount --bind "$CACHE/apt-$SUITE" "$root/var/cache/apt/archives"
mount --bind "$CACHE/pip" "$root/root/.cache/pip"
if [ -n "${DEVICES:-}" ]; then mount --rbind /dev "$root/dev"; fi  # pseudo-terminals, /dev/full, ...
exec "$CHROOT" "$root" "$@"
"""


def tool(name: str) -> str:
    """A system tool's path, also when this PATH lacks the system folders (debootstrap is in /usr/sbin)."""
    return shutil.which(name, path=f"{os.environ.get('PATH', '')}:/usr/sbin:/usr/bin:/sbin:/bin") or name


def why_not() -> tuple[str, bool] | None:
    """Why a Debian root cannot be made here, and whether CI could have that reason too (it runs as root,
    with network, and `make tools` installs debootstrap: only a machine that forbids chroot or mount
    namespaces, such as an unprivileged container, is beyond its control); None when it can."""
    if os.geteuid() != 0:
        return "not root: debootstrap, chroot and mount need root (CI runs as root)", False
    if not Path(tool("debootstrap")).is_absolute():
        return "debootstrap is not installed (apt-get install debootstrap; `make tools` does it)", False
    try:
        socket.create_connection(("deb.debian.org", 80), timeout=10).close()
    except OSError as error:
        return f"no network: Debian's mirror deb.debian.org does not answer ({error})", False
    probe = subprocess.run([tool("unshare"), "--mount", "--propagation", "private", tool("chroot"), "/", "true"],
                           capture_output=True, text=True, timeout=30)
    if probe.returncode != 0:
        return (f"this machine forbids a private mount namespace or chroot ({probe.stderr.strip()}): an "
                "unprivileged container, which CI's machine may be"), True
    return None


def require() -> None:
    """Skip, visibly, when a Debian root cannot be made here; in CI fail instead, unless CI cannot help it."""
    reason = why_not()
    if reason is None:
        return
    why, beyond_ci = reason
    if os.environ.get("CI") == "true" and not beyond_ci:
        pytest.fail(f"the installer's test in a Debian root cannot run in CI: {why}")
    pytest.skip(why)


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def base_tar(suite: str = SUITE) -> Path:
    """The minbase root of `suite` as a tar, made by debootstrap the first time."""
    tar = CACHE / f"{suite}-minbase-{architecture()}.tar"
    if tar.exists():
        return tar
    CACHE.mkdir(parents=True, exist_ok=True)
    scratch = CACHE / f"debootstrap-{suite}"
    shutil.rmtree(scratch, ignore_errors=True)
    # In two stages, as for another architecture: the packages unpacked, then dpkg configures them in the
    # root, told first to spare the disk (it halves the time).
    unpack = subprocess.run([tool("debootstrap"), "--foreign", "--variant=minbase", f"--include={INCLUDE}", suite,
                             str(scratch), MIRROR], capture_output=True, text=True, timeout=DEBOOTSTRAP_TIMEOUT)
    assert unpack.returncode == 0, unpack.stdout[-3000:] + unpack.stderr[-3000:]
    throwaway(scratch)
    configure = subprocess.run([tool("chroot"), str(scratch), "/debootstrap/debootstrap", "--second-stage"],
                               capture_output=True, text=True, timeout=DEBOOTSTRAP_TIMEOUT)
    assert configure.returncode == 0, configure.stdout[-3000:] + configure.stderr[-3000:]
    part = tar.with_suffix(".part")
    subprocess.run(["tar", "--numeric-owner", "-C", str(scratch), "-cf", str(part), "."], check=True, timeout=300)
    part.rename(tar)
    shutil.rmtree(scratch)
    return tar


def throwaway(root: Path) -> None:
    """The root is thrown away: dpkg need not wait for each file to reach the disk (a minute on a busy
    machine), nor unpack manuals and translations."""
    (root / "etc" / "dpkg" / "dpkg.cfg.d" / "throwaway").write_text(
        "force-unsafe-io\npath-exclude=/usr/share/doc/*\npath-exclude=/usr/share/man/*\n"
        "path-exclude=/usr/share/locale/*\n")


def make_root(folder: Path, suite: str = SUITE) -> Path:
    """A fresh Debian root of `suite` in `folder`, with the checkout in /root/table-companion as a clone would
    be."""
    root = folder / "root"
    root.mkdir()
    subprocess.run(["tar", "--numeric-owner", "-C", str(root), "-xpf", str(base_tar(suite))], check=True, timeout=300)
    for cache in (f"apt-{suite}", "pip"):
        (CACHE / cache).mkdir(parents=True, exist_ok=True)
    # No daemon may start inside the chroot (a package's set-up would start polkitd): Debian's own switch.
    policy = root / "usr" / "sbin" / "policy-rc.d"
    policy.write_text("#!/bin/sh\nexit 101\n")
    policy.chmod(0o755)
    shutil.copytree(ROOT, root / "root" / "table-companion", ignore=NOT_COPIED, symlinks=True)
    return root


def environment(root: Path) -> list[str]:
    """The environment of a command in the root: a clean one, with this machine's proxy settings and, when
    it names one, its certificate bundle (copied into the root: a proxy that signs TLS itself is trusted
    there as here)."""
    env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
           "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
           "PIP_DEFAULT_TIMEOUT": "120"}
    for name in ("http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"):
        if name in os.environ:
            env[name] = os.environ[name]
    for name in ("PIP_CERT", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE"):
        bundle = os.environ.get(name)
        if bundle and Path(bundle).is_file():
            shutil.copyfile(bundle, root / "root" / "machine-ca.pem")
            env["PIP_CERT"] = "/root/machine-ca.pem"
            break
    return [f"{key}={value}" for key, value in env.items()]


def run_in(root: Path, *command: str, timeout: float = 120, suite: str = SUITE,
           devices: bool = False) -> subprocess.CompletedProcess[str]:
    """`command` run in the root (of `suite`) as its root user, with nothing of this machine's environment but
    `environment`; with `devices`, this machine's /dev mounted in the root's (for the tests' pseudo-terminals)."""
    enter = [tool("unshare"), "--mount", "--propagation", "private", "bash", "-c", ENTER, "enter", str(root)]
    return subprocess.run([*enter, "env", "-i", *environment(root), *command], capture_output=True, text=True,
                          timeout=timeout, env=dict(os.environ, CACHE=str(CACHE), SUITE=suite, CHROOT=tool("chroot"),
                                   DEVICES="1" if devices else ""))
