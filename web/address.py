"""Where phones reach the table, for its links and QR codes: read again when they are made, since the
table's address changes after start-up (the network comes up late, DHCP hands another, the Pi becomes its
own Wi-Fi hotspot). A table served on every address never hands out a loopback address: with nothing
else there is no link, and the pages say there is no network. (A table the config serves on 127.0.0.1
only is for this machine alone: its links name 127.0.0.1.)
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

#: Seconds a look at the machine's addresses is kept: links are made on every page, a look costs a few
#: system calls, and an address that has just changed shows within this long.
LOOKED_AGAIN = 5.0

WILDCARDS = ("", "0.0.0.0", "::")


def machine_addresses() -> list[str]:
    """This machine's IP addresses: the one of the outgoing route first (when there is a route), then every
    IPv4 address of every interface, then the IPv6 ones (Linux)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.append(probe.getsockname()[0])
    except OSError:  # no route: a hotspot with no upstream network, or no network yet
        pass
    try:
        # Every IPv4 address of every interface, not only the one with the default route.
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
        found += [lines[i - 1].split()[-1] for i, line in enumerate(lines) if "/32 host LOCAL" in line and i]
    except OSError:
        pass
    try:
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            found.append(str(ipaddress.IPv6Address(int(line.split()[0], 16))))
    except (OSError, ValueError, IndexError):
        pass
    return list(dict.fromkeys(found))


def reachable(host: str) -> bool:
    """Whether a phone on the network may reach this host: a name, or an address that is not loopback,
    unspecified or link-local (an IPv6 link-local address needs a zone no phone's browser takes)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return bool(host) and host != "localhost"
    return not (address.is_loopback or address.is_unspecified or address.is_link_local)


def url_of(host: str, port: int) -> str:
    """The table's address as a URL: an IPv6 address in brackets."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class TableAddress:
    """The table's address for links: its configured names first, else the machine's address (IPv4 before
    IPv6, the outgoing route's first), looked at again at most every `every` seconds."""

    def __init__(self, port: int, names: Iterable[str] = (), host: str = "0.0.0.0", *,
                 source: Callable[[], list[str]] = machine_addresses, clock: Callable[[], float] = time.monotonic,
                 every: float = LOOKED_AGAIN) -> None:
        self.port = port
        self._names = [name for name in names if name]
        self._host = host
        self._source, self._clock, self._every = source, clock, every
        self._lock = threading.Lock()
        self._looked: float | None = None
        self._hosts: list[str] = []

    def hosts(self) -> list[str]:
        """Where phones may reach the table now, the best first; empty when the table has only loopback."""
        with self._lock:
            now = self._clock()
            if self._looked is None or now - self._looked >= self._every:
                self._looked = now
                self._hosts = self._look()
            return list(self._hosts)

    def _look(self) -> list[str]:
        if self._host not in WILDCARDS:
            # Served on one address only, the config's choice (127.0.0.1: this machine only, no phones
            # on the network): links can only name it.
            return [self._host]
        found = self._source()
        found = [h for h in found if ":" not in h] + [h for h in found if ":" in h]  # IPv4 first
        return list(dict.fromkeys(h for h in [*self._names, *found] if reachable(h)))

    def url(self) -> str | None:
        """The URL links and QR codes use, or None when, served on every address, the table has only
        loopback ones (no network yet)."""
        hosts = self.hosts()
        return url_of(hosts[0], self.port) if hosts else None

    def urls(self) -> list[str]:
        """Every URL the table may be reached by now, this machine's own loopback last (for the log)."""
        local = ["::1" if self._host == "::" else "127.0.0.1"] if self._host in WILDCARDS else []
        return [url_of(host, self.port) for host in dict.fromkeys([*self.hosts(), *local])]
