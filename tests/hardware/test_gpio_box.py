"""GPIO button boxes on gpiozero's mock pins: presses, holds, UP/DOWN auto-repeat, pins released on close."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.events import InputEvent, Key
from hardware.gpio_box import GpioBox
from hardware.pinout import DEFAULT_PIN_MAPS, FREE_PINS, default_pins

from .support import Collector, settle

PINS = {Key.LEFT: 17, Key.RIGHT: 27, Key.UP: 22, Key.DOWN: 23, Key.OK: 24, Key.BACK: 25, Key.RED: 5}


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


def kinds(events: list[InputEvent], key: Key) -> list[str]:
    return [e.kind for e in events if e.key == key]


def test_each_key_press_gives_one_press_event_for_the_seat(factory: MockFactory) -> None:
    sink = Collector()
    with GpioBox(3, PINS, sink, pin_factory=factory):
        for n, (_key, pin) in enumerate(PINS.items(), start=1):
            factory.pin(pin).drive_low()
            assert sink.wait_for(n)
            factory.pin(pin).drive_high()
    assert sink.snapshot() == [InputEvent(3, key, "press") for key in PINS]


def test_release_gives_nothing_and_buttons_use_pull_up_and_bounce_time(factory: MockFactory) -> None:
    sink = Collector()
    with GpioBox(1, PINS, sink, pin_factory=factory, bounce_time=0.03):
        pin = factory.pin(PINS[Key.OK])
        assert pin.pull == "up" and pin.bounce == pytest.approx(0.03)
        pin.drive_low()
        pin.drive_high()
        assert sink.wait_for(1)
        settle(0.05)
    assert sink.snapshot() == [InputEvent(1, Key.OK, "press")]


def test_ok_held_gives_one_hold_and_no_repeat(factory: MockFactory) -> None:
    sink = Collector()
    with GpioBox(2, PINS, sink, pin_factory=factory, hold_time=0.05, repeat_every=0.01):
        factory.pin(PINS[Key.OK]).drive_low()
        assert sink.wait_for(2)
        assert not sink.wait_for(3, timeout=0.3)  # held six times longer: still only press and hold
        factory.pin(PINS[Key.OK]).drive_high()
    assert kinds(sink.snapshot(), Key.OK) == ["press", "hold"]


@pytest.mark.parametrize("key", [Key.UP, Key.DOWN])
def test_up_and_down_held_give_hold_then_repeats_until_released(factory: MockFactory, key: Key) -> None:
    sink = Collector()
    with GpioBox(4, PINS, sink, pin_factory=factory, hold_time=0.3, repeat_every=0.01):
        pin = factory.pin(PINS[key])
        pin.drive_low()
        assert sink.wait_for(7)
        pin.drive_high()
        stopped = len(sink.snapshot())
        settle(0.1)
        events = sink.snapshot()
    assert kinds(events, key)[:7] == ["press", "hold"] + ["repeat"] * 5
    assert all(e.seat == 4 and e.key == key for e in events)
    assert len(events) <= stopped + 1  # at most one repeat already under way when the key came up
    # repeats come at the repeat period, not at the hold time: five of them well within one hold time
    assert sink.times[6] - sink.times[1] < 0.3


def test_a_new_press_waits_the_full_hold_time_again(factory: MockFactory) -> None:
    sink = Collector()
    with GpioBox(1, PINS, sink, pin_factory=factory, hold_time=0.2, repeat_every=0.01):
        pin = factory.pin(PINS[Key.DOWN])
        pin.drive_low()
        assert sink.wait_until(lambda ev: kinds(ev, Key.DOWN).count("repeat") >= 2)
        pin.drive_high()
        settle(0.05)
        before = len(sink.snapshot())
        pin.drive_low()
        assert sink.wait_for(before + 2)
        pin.drive_high()
    events, times = sink.snapshot(), sink.times
    assert [e.kind for e in events[before:before + 2]] == ["press", "hold"]
    assert times[before + 1] - times[before] >= 0.2 * 0.9


def test_close_is_idempotent_releases_pins_and_stops_events(factory: MockFactory) -> None:
    sink = Collector()
    box = GpioBox(1, PINS, sink, pin_factory=factory)
    box.close()
    box.close()
    assert box.closed
    factory.pin(PINS[Key.OK]).drive_low()
    settle(0.05)
    assert sink.snapshot() == []
    with GpioBox(1, PINS, sink, pin_factory=factory):  # the pins are free again
        pass


def test_a_failing_construction_releases_the_pins_it_took(factory: MockFactory) -> None:
    with pytest.raises(Exception):  # noqa: B017 - gpiozero's own error for a pin the board lacks
        GpioBox(1, {Key.OK: 17, Key.BACK: 99}, Collector(), pin_factory=factory)
    with GpioBox(1, {Key.OK: 17}, Collector(), pin_factory=factory):
        pass


def test_bad_pin_maps_are_refused(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="share a pin"):
        GpioBox(1, {Key.OK: 17, Key.BACK: 17}, Collector(), pin_factory=factory)
    with pytest.raises(ValueError):
        GpioBox(1, {}, Collector(), pin_factory=factory)
    with pytest.raises(ValueError):
        default_pins(3)


def test_a_failing_sink_does_not_stop_later_events(factory: MockFactory) -> None:
    seen = Collector()

    def sink(event: InputEvent) -> None:
        seen(event)
        raise RuntimeError("boom")

    with GpioBox(1, PINS, sink, pin_factory=factory):
        for pin in (PINS[Key.LEFT], PINS[Key.RIGHT]):
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
        assert seen.wait_for(2)


def test_default_pin_maps_fit_three_boxes_on_the_header_together(factory: MockFactory) -> None:
    used = [pin for pins in DEFAULT_PIN_MAPS for pin in pins.values()]
    assert len(used) == len(set(used)) == 18
    assert set(used) - set(FREE_PINS) == {15}  # the one documented exception: the UART's receive pin
    assert not set(used) & {0, 1, 2, 3, 7, 8, 9, 10, 11, 14}
    sink = Collector()
    boxes = [GpioBox(seat, default_pins(seat - 1), sink, pin_factory=factory) for seat in (1, 2, 3)]
    try:
        for seat, pins in enumerate(DEFAULT_PIN_MAPS, start=1):
            assert set(pins) == {Key.LEFT, Key.RIGHT, Key.UP, Key.DOWN, Key.OK, Key.BACK}
            factory.pin(pins[Key.BACK]).drive_low()
            expected = InputEvent(seat, Key.BACK, "press")
            assert sink.wait_until(lambda events, expected=expected: expected in events)  # type: ignore[misc]
    finally:
        for box in boxes:
            box.close()
