"""What every request passes before a route sees it: the Host it names must be one of the table's own
addresses, and a request that changes anything must come from the table's own pages (its Origin, or
Referer when a browser sends no Origin) and carry JSON of bounded size and depth.

Why each check: the session cookie's SameSite=Strict is not enough (a page on another port of the same
machine is "same site"); a simple `text/plain` POST needs no CORS preflight, so JSON is required; a
forged Host would put an attacker's name into links if any link were built from it (none are: they
come from `public_url`); and Python's json parser recurses, so a deeply nested body is refused before
it is parsed.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import threading
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from flask import Flask, Response, abort, current_app, request
from werkzeug.exceptions import BadRequest

from .address import TableAddress, machine_addresses

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_DEPTH = 32  # a game record, the deepest body a page sends, nests 6 levels
SIGNED_IN_BODY = 1 << 20  # a game record or a board pack to import
PUBLIC_BODY = 64 << 10  # a PIN, a seat's token: the public sends nothing near this big
REDETECT = 10.0  # seconds between two looks at the machine's addresses (they change with DHCP)

# The pages' scripts are files of the table's own; inline scripts and handlers are never run. Styles
# may be inline (the provisional banner, drawn SVG); images include the phone box's screen (a blob).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


def host_name(host: str) -> str:
    """The name in a Host header (or a URL's netloc), without port, brackets or a final dot, in lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.split(":")[0]
    return host.rstrip(".")


def machine_names() -> set[str]:
    """This machine's names and addresses, as a phone on the local network may name it."""
    name = socket.gethostname().lower()  # no name lookups: a Pi without DNS would wait for each
    # Every address of every interface, not only the one with the default route: the Pi may be its own
    # Wi-Fi access point.
    return {host_name(n) for n in {name, f"{name}.local", *machine_addresses()} if n}


class Hosts:
    """The names the table answers to: the configured ones, this machine's (looked at again, at most
    every REDETECT seconds, when a request names an unknown one) and any loopback address."""

    def __init__(self, names: Iterable[str] = (), detect: Callable[[], set[str]] = machine_names,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._configured = {host_name(n) for n in names} | {"localhost"}
        self._detect, self._clock = detect, clock
        self._known = self._configured | detect()
        self._looked = clock()
        self._lock = threading.Lock()

    def allows(self, host: str) -> bool:
        name = host_name(host)
        if not name:
            return False
        if name in self._known or _loopback(name):
            return True
        with self._lock:
            if self._clock() - self._looked < REDETECT:
                return False
            self._looked = self._clock()
            self._known = self._configured | self._detect()
            return name in self._known


THIS_MACHINE = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


def this_machine(address: str) -> bool:
    """Whether a request's source address is this machine's own loopback: its own screen, its tests. No
    packet from the network carries it (the kernel drops such packets), so it may be trusted with
    more; the other 127.x.y.z addresses are loopback too but are counted as any other, so that tests can
    play many attackers on one machine."""
    return address in THIS_MACHINE


def _loopback(name: str) -> bool:
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _origin(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname or port is None:
        return None
    return parts.scheme.lower(), host_name(parts.hostname), port


def same_origin() -> bool:
    """Whether this request comes from one of the table's own pages: its Origin (else its Referer)
    names the scheme, host and port the request was sent to."""
    source = request.headers.get("Origin") or request.headers.get("Referer")
    if not source or source == "null":
        return False
    mine = _origin(f"{request.scheme}://{request.host}")
    return mine is not None and _origin(source) == mine


_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether a JSON text nests deeper than `limit`: read without recursion (the strings left out)."""
    brackets = _STRINGS.sub(b"", raw).translate(None, _NOT_BRACKETS)
    if len(brackets) <= limit:
        return False
    depth = 0
    for byte in brackets:
        depth += 1 if byte in b"[{" else -1
        if depth > limit:
            return True
    return False


def check_request(signed_in: Callable[[], bool]) -> None:
    """The before-request hook: aborts a request that fails a check, with the status that says why."""
    hosts: Hosts = current_app.config["HOSTS"]
    if not hosts.allows(request.host):
        abort(421, "this table does not answer to that name: use its address")
    if request.method not in WRITES:
        return
    if not same_origin():
        abort(403, "changes come from the table's own pages only")
    if request.mimetype != "application/json":
        abort(403, "send JSON (Content-Type: application/json)")
    request.max_content_length = SIGNED_IN_BODY if signed_in() else PUBLIC_BODY
    raw = request.get_data(cache=True)  # 413 when over the limit
    if too_deep(raw):
        abort(400, f"the JSON body nests deeper than {MAX_DEPTH} levels")
    if raw.strip():
        try:
            request.get_json()  # parsed once, here: the routes read the same value
        except BadRequest:  # not JSON, or not UTF-8
            abort(400, "the body is not valid JSON")


def security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    # The pages' own requests carry their origin (an Origin header is how writes are checked); other
    # sites never learn an address, so a seat link never leaks.
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def public_url() -> str | None:
    """The table's address for links and QR codes: configured, or detected again when served (see
    web/address.py), never the request's Host header. None when the table has only loopback: no link."""
    return app_url(current_app)


def app_url(app: Flask) -> str | None:
    address: TableAddress | None = app.config.get("ADDRESS")
    if address is not None:
        return address.url()
    return str(app.config.get("PUBLIC_URL") or "http://localhost/")


def install(app: Flask, signed_in: Callable[[], bool]) -> None:
    app.before_request(lambda: check_request(signed_in))
    app.after_request(security_headers)
    app.jinja_env.globals["public_url"] = public_url
