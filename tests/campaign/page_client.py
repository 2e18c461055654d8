"""A phone's page as the campaigns drive it over HTTP: signed in once, tapping with the version it saw."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any


class Page:
    """One phone's page over HTTP, from an address of its own (`source`): signed in once, it keeps its connection
    and sends commands with the version it last saw."""

    def __init__(self, port: int, path: str, login: dict[str, Any] | None = None, *,
                 source: str = "127.0.0.1") -> None:
        self.port, self.source = port, source
        self.connection = self.connect()
        if login is None:
            self.connection.request("GET", path)
        else:
            self.connection.request("POST", path, json.dumps(login), self.headers())
        response = self.connection.getresponse()
        response.read()
        self.cookie = (response.getheader("Set-Cookie") or "").split(";")[0]
        assert self.cookie, response.status
        self.connection.request("GET", "/api/view", headers={"Cookie": self.cookie})
        self.version = json.loads(self.connection.getresponse().read())["version"]

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(self.source, 0))

    def headers(self) -> dict[str, str]:
        return {"Origin": f"http://127.0.0.1:{self.port}", "Content-Type": "application/json",
                **({"Cookie": self.cookie} if getattr(self, "cookie", "") else {})}

    def command(self, **body: Any) -> tuple[int, float]:
        start = time.perf_counter()
        try:
            self.connection.request("POST", "/api/command", json.dumps(dict(body, version=self.version)),
                                    self.headers())
            response = self.connection.getresponse()
            answer = json.loads(response.read())
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = self.connect()
            return 0, (time.perf_counter() - start) * 1000
        if response.status == 200:
            self.version = max(self.version, answer["version"])
        return response.status, (time.perf_counter() - start) * 1000

    def stream(self) -> int:
        """Opens a live stream on a connection of its own: its status (the connection stays open)."""
        connection = self.connect()
        connection.request("GET", "/api/stream", headers={"Cookie": self.cookie})
        status = connection.getresponse().status
        connection.close()
        return status
