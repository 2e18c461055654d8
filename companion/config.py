"""The table's TOML configuration. Without a file, a simulated table on the embedded default store.

Framework: the game comes from the registry (`game = "xidit"`, the default), its options from its own
table (`[xidit] length = "short"`), its colours, seat count and agent levels from its module at load time."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from platformdirs import user_data_path

from companion.core import registry
from companion.core.errors import CompanionError, UnknownGame
from companion.core.game import GameModule
from companion.core.random_agents import kit_of
from companion.i18n import LANGUAGES
from companion.settings import BOX_KEYS, PACES
from hardware.pinout import DEFAULT_PIN_MAPS, pin_clash, pin_uses

BOXES = ("bot", "phone", "gpio", "serial")
# The service's config, as systemd/install.sh installs it: what `companion pin` reads when given none, so
# that the owner sees the PIN of the table the service runs (its store), never one of a store of their own.
SERVICE_CONFIG: Final = Path("/etc/xidit/companion.toml")


class BadConfig(CompanionError, ValueError):
    """A configuration file with a mistake; the message names the key."""


@dataclass(frozen=True)
class PlayerConfig:
    seat: int
    colour: str
    name: str | None = None
    box: str = "bot"  # bot, phone, gpio:N, serial:<port>
    screen: str | None = None  # a GPIO box's OLED on the Pi's I²C: "ssd1306:1:0x3C" or "sh1106:1:0x3C"
    level: str = "normal"  # how well the table plays this seat when box = "bot" (the game's agents)
    pins: dict[str, int] | None = None  # a GPIO box on pins of its own (box = "gpio"): key name -> BCM number


@dataclass(frozen=True)
class Config:
    players: tuple[PlayerConfig, ...]
    language: str = "en"
    store: Path = field(default_factory=lambda: user_data_path("xidit-companion") / "companion.db")
    board: Path | None = None
    pace: str = ""  # "" when the config does not say: see `table_pace`
    web_port: int = 8000
    web_host: str = "0.0.0.0"
    web_names: tuple[str, ...] = ()  # the names phones reach the table by (links use the first)
    referee_pin: str | None = None
    bot_delay: float = 0.4
    bot_seed: int = 1
    games: int = 0  # stop after this many finished games (0: never); for demos and tests
    power_pin: int | None = None  # a GPIO power button: held 3 s, the table stops and the Pi shuts down
    shutdown: tuple[str, ...] = ("systemctl", "poweroff")
    simulated: bool = False
    game: str = registry.DEFAULT  # the game new games are of (companion.core.registry)
    options: tuple[tuple[str, str], ...] = ()  # the game's options as the file gives them (its [game] table)

    def table_pace(self) -> str:
        """The pace the table starts with: the config's; when it does not say, "orders" ("wait for the
        table": the phones never run ahead of the physical board, which a group at a table expects) as
        soon as one seat is played by a person, and "decisions" when every seat is virtual (a demo or a
        test: nobody is at a board to tap Done, so the game goes on by itself)."""
        if self.pace:
            return self.pace
        return "orders" if any(p.box != "bot" for p in self.players) else "decisions"

    def game_options(self) -> dict[str, str]:
        """The options new games start with: the file's, over the game's defaults (a Config made by hand)."""
        return {**{option.name: option.default for option in registry.load(self.game).options}, **dict(self.options)}


def for_game(config: Config, game: GameModule) -> Config:
    """The config for another game than its own (`companion run --game`): each seat the same as people read
    it (from 1), numbered as the other game numbers its seats."""
    own = registry.load(config.game)
    return replace(config, game=game.key, players=tuple(
        replace(p, seat=game.inner_seat(own.shown_seat(p.seat))) for p in config.players))


def simulated() -> Config:
    """What `companion run` shows with no config: a table of four on the default store, seat 1 played
    from a phone (its link is in the log), seats 2 to 4 by virtual players. No board beside it (the log
    shows the steps), so decisions go on without waiting for anyone to tap Done."""
    colours = registry.load().rules.colours
    players = tuple(PlayerConfig(i + 1, colours[i], box="phone" if i == 0 else "bot") for i in range(4))
    return Config(players=players, simulated=True, pace="decisions")


# Every key a config file may hold ("table.key" for a key inside a table): `load` reads no other, and
# docs/config.example.toml explains each one (a test keeps it so). Their defaults are `Config`'s.
# A game's own table (`[xidit]`) holds its options and `board`; configs from before issue 28 gave the default
# game's options and `board` at the top, which stay accepted (`_old_keys`). `game` (GAME_KEY) names the game:
# with one game installed it can only be the default, so it is kept apart from the keys whose every value
# changes the config (tests/test_docs.py).
GAME_KEY: Final = "game"
KEYS: Final = ("language", "store", "board", "pace", "games", "web.port", "web.host",
               "web.names", "web.pin", "bots.delay", "bots.seed", "power.pin", "player.seat", "player.colour",
               "player.name", "player.box", "player.screen", "player.level", "player.pins")
DEFAULT: Final = Config(players=())
DEFAULT_PLAYER: Final = PlayerConfig(seat=0, colour="")  # seat and colour default to the player's place


def _level(player: dict[str, Any], index: int, levels: tuple[str, ...]) -> str:
    level = _get(player, "level", str, DEFAULT_PLAYER.level)
    if level not in levels:
        raise BadConfig(f"config: player[{index}].level must be one of {', '.join(levels)}, not {level!r}")
    return str(level)


def _game(data: dict[str, Any]) -> GameModule:
    key = _get(data, GAME_KEY, str, registry.DEFAULT)
    try:
        return registry.load(key)
    except UnknownGame:
        raise BadConfig(f"config: game must be one of {', '.join(registry.keys())}, not {key!r}") from None


def _old_keys() -> frozenset[str]:
    """The keys a config gave at its top before each game had its table: the default game's options."""
    return frozenset(option.name for option in registry.load(registry.DEFAULT).options)


def _options(data: dict[str, Any], game: GameModule) -> tuple[dict[str, str], str | None]:
    """The game's options and pack from its table (`[xidit]`), or for the default game from the old
    top-level keys."""
    own = _get(data, game.key, dict, {})
    old = (_old_keys() | {"board"}) & set(data)
    if old and game.key != registry.DEFAULT:
        raise BadConfig(f"config: {', '.join(sorted(old))} belong to [{registry.DEFAULT}]; "
                        f"put {game.key}'s options in [{game.key}]")
    given = {**{k: data[k] for k in old}, **own}  # the game's table over the old places
    known = {option.name: option for option in game.options}
    unknown = sorted(set(given) - set(known) - {"board"})
    if unknown:
        raise BadConfig(f"config: unknown key(s) in [{game.key}]: {', '.join(unknown)} "
                        f"(its options: {', '.join([*known, 'board'])})")
    options = {}
    for name, option in known.items():
        value = _get(given, name, str, option.default)
        if value not in option.values:
            raise BadConfig(f"config: {name} must be one of {', '.join(option.values)}, not {value!r}")
        options[name] = value
    return options, _get(given, "board", str, None)


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any) -> Any:
    value = data.get(key, default)
    if value is not default and (not isinstance(value, kind) or isinstance(value, bool)):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadConfig(f"config: {key!r} must be {name}, not {value!r}")
    return value


def _pins(player: dict[str, Any], i: int, box: str) -> dict[str, int] | None:
    """A seat's `[player.pins]`: every key of its GPIO box on a BCM pin of its own (issue 18)."""
    pins = _get(player, "pins", dict, None)
    if pins is None:
        return None
    where = f"player[{i}].pins"
    if box != "gpio":
        raise BadConfig(f"config: {where} needs box = \"gpio\" (a GPIO box on these pins), not {box!r}")
    unknown = sorted(set(pins) - set(BOX_KEYS))
    if unknown:
        raise BadConfig(f"config: {where}: unknown key(s) {', '.join(unknown)} (keys: {', '.join(BOX_KEYS)})")
    for key in pins:
        pin = _get(pins, key, int, None)
        if not 0 <= pin <= 27:
            raise BadConfig(f"config: {where}.{key} must be a GPIO number 0 to 27, not {pin}")
    if len(set(pins.values())) != len(pins):
        raise BadConfig(f"config: {where}: two keys share a pin")
    if not pins:
        raise BadConfig(f"config: {where} is empty")
    return dict(pins)


def _check_seats(players: list[PlayerConfig], game: GameModule, options: dict[str, str]) -> None:
    """Each `seat` as the pages number it: 1 to the game's most players, each once; a game that seats its
    players in order itself (its set-up names no seat: Zargos) takes 1 to the number of players."""
    most = game.seats.stop - 1
    for i, p in enumerate(players):
        if not 1 <= p.seat <= most:
            raise BadConfig(f"config: player[{i}].seat must be 1 to {most} (the seats as the pages number them), "
                            f"not {p.seat}")
        if any(q.seat == p.seat for q in players[:i]):
            raise BadConfig(f"config: player[{i}].seat {p.seat} is another player's seat too")
    sits = _seats_of_a_new_game(players, game, options)
    given = sorted(p.seat for p in players)
    if sits is not None and sits != given:
        raise BadConfig(f"config: a game of {game.key} seats its {len(players)} players in order: seats "
                        f"{', '.join(map(str, sits))}, not {', '.join(map(str, given))}")


def _seats_of_a_new_game(players: list[PlayerConfig], game: GameModule, options: dict[str, str]) -> list[int] | None:
    """The seats (from 1) a new game of these players has, as the game's own set-up numbers them; None when
    it cannot tell (no agents, or a set-up it refuses: the run says why when it starts)."""
    if game.agents is None:
        return None
    given = [(game.inner_seat(p.seat), p.colour, p.name) for p in players]
    try:
        setup = game.rules.default_setup(given, options, 1)
        return sorted(game.shown_seat(seat) for seat, _, _ in game.rules.players(setup))
    except (CompanionError, ValueError):
        return None


def _names(web: dict[str, Any]) -> tuple[str, ...]:
    names = _get(web, "names", list, [])
    if not all(isinstance(name, str) and name.strip() for name in names):
        raise BadConfig(f"config: 'web.names' must be a list of host names, not {names!r}")
    return tuple(name.strip() for name in names)


def load(path: Path) -> Config:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BadConfig(f"cannot read the config {path}: {error.strerror or error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise BadConfig(f"config {path}: {error}") from None
    game = _game(data)
    known = {key.split(".")[0] for key in KEYS} | {GAME_KEY, game.key} | _old_keys()
    unknown = set(data) - known
    if unknown:
        raise BadConfig(f"config: unknown key(s) {', '.join(sorted(unknown))}")
    options, board = _options(data, game)
    colours = game.rules.colours
    levels = tuple(kit_of(game).levels)  # no agents of its own: the framework's random player
    players = []
    for i, p in enumerate(data.get("player", [])):
        if not isinstance(p, dict):
            raise BadConfig(f"config: player[{i}] must be a table")
        box = _get(p, "box", str, DEFAULT_PLAYER.box)
        if box.split(":")[0] not in BOXES:
            raise BadConfig(f"config: player[{i}].box must be one of {', '.join(BOXES)}, not {box!r}")
        if box.startswith("gpio:") and box not in (f"gpio:{n}" for n in range(len(DEFAULT_PIN_MAPS))):
            raise BadConfig(f"config: player[{i}].box: gpio:N names a pin map, N = 0 to {len(DEFAULT_PIN_MAPS) - 1}"
                            f", not {box!r}")
        players.append(PlayerConfig(_get(p, "seat", int, i + 1), _get(p, "colour", str, colours[i % len(colours)]),
                                    _get(p, "name", str, DEFAULT_PLAYER.name), box,
                                    _get(p, "screen", str, DEFAULT_PLAYER.screen), _level(p, i, levels),
                                    _pins(p, i, box)))
    seats = game.seats
    if len(players) not in seats:
        counts = f"{seats.start} to {seats.stop - 1}" if seats.step == 1 else ", ".join(map(str, seats))
        raise BadConfig(f"config: a table has {counts} [[player]] entries, not {len(players)}")
    _check_seats(players, game, options)
    language = _get(data, "language", str, DEFAULT.language)
    if language not in LANGUAGES:
        raise BadConfig(f"config: language must be one of {', '.join(LANGUAGES)}")
    pace = _get(data, "pace", str, DEFAULT.pace)
    if pace and pace not in PACES:
        raise BadConfig(f"config: pace must be one of {', '.join(PACES)}")
    web = _get(data, "web", dict, {})
    power = _get(data, "power", dict, {})
    bots = _get(data, "bots", dict, {})
    store = _get(data, "store", str, None)
    power_pin = _get(power, "pin", int, DEFAULT.power_pin)
    if power_pin is not None and not 0 <= power_pin <= 27:
        raise BadConfig(f"config: power.pin must be a GPIO number 0 to 27, not {power_pin}")
    # Two uses of one pin: the second fails when opened (gpiozero's GPIOPinInUse), and under systemd the
    # service would die and restart for ever; refused here, with both uses named.
    clash = pin_clash(pin_uses(players, power_pin))
    if clash:
        raise BadConfig(f"config: {clash}")
    base = path.parent
    # The file numbers seats as the pages show them (from 1); the table, as the game does (Zargos from 0).
    players = [replace(p, seat=game.inner_seat(p.seat)) for p in players]
    return Config(
        players=tuple(players), language=language, pace=pace,
        store=(base / Path(store).expanduser()) if store else DEFAULT.store,
        board=(base / Path(board).expanduser()) if board else DEFAULT.board,
        game=game.key, options=tuple(options.items()),
        web_port=_get(web, "port", int, DEFAULT.web_port), web_host=_get(web, "host", str, DEFAULT.web_host),
        referee_pin=_get(web, "pin", str, DEFAULT.referee_pin), web_names=_names(web),
        bot_delay=float(_get(bots, "delay", (float, int), DEFAULT.bot_delay)),
        bot_seed=_get(bots, "seed", int, DEFAULT.bot_seed), games=_get(data, "games", int, DEFAULT.games),
        power_pin=power_pin,
    )
