"""Page tests that start a game on the web tests' table use the web tests' table and app (tests/web/conftest.py)."""

from tests.web.conftest import app, table

__all__ = ["app", "table"]
