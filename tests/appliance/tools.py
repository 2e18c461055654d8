"""A Debian tool a test needs: skipped with a visible reason when absent, but never skipped in CI
(`make test` installs it there)."""

from __future__ import annotations

import os
import shutil

import pytest


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{tool} is missing in CI: `make test` should have installed it")
        pytest.skip(f"{tool} is not installed (apt-get install {tool}); `make test` installs it when run as root")
    return path
