"""The installed package, built once for every test of this folder that uses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.install.test_wheel import install_wheel


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh virtual environment holding the wheel built from the checkout."""
    return install_wheel(tmp_path_factory)
