"""The reader of a view, parsed once for every game and the table (companion.core.game.Reader)."""

from __future__ import annotations

import pytest

from companion.core.errors import BadReader, CompanionError
from companion.core.game import Reader


@pytest.mark.parametrize(("text", "seat", "referee"), [("referee", None, True), ("public", None, False),
                                                       ("seat:0", 0, False), ("seat:3", 3, False)])
def test_a_reader_is_read_and_written_back(text: str, seat: int | None, referee: bool) -> None:
    who = Reader.parse(text, range(4))
    assert (who.seat, who.referee, str(who)) == (seat, referee, text)
    assert who.sees(3) == (referee or seat == 3)
    assert who.me == (-1 if referee else seat)


@pytest.mark.parametrize("text", ["seat:4", "seat:x", "seat:", "nobody", "", "Referee", "seat:-1"])
def test_an_unknown_reader_is_refused_in_words(text: str) -> None:
    with pytest.raises(BadReader, match="use referee, public or seat:N with N one of 0, 1, 2, 3") as refused:
        Reader.parse(text, range(4))
    assert isinstance(refused.value, CompanionError)


def test_without_its_seats_any_seat_number_reads() -> None:
    assert Reader.parse("seat:9").seat == 9
    with pytest.raises(BadReader):
        Reader.parse("seat:nine")
