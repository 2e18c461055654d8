"""Xidit's page tests use the web tests' table and app (tests/web/conftest.py)."""

from tests.web.conftest import app, table

__all__ = ["app", "table"]
