"""The `companion` command: the composition root that reads files and wires the pieces together."""

from __future__ import annotations

import argparse
import dataclasses
import errno
import itertools
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import bench as benchmarks
from companion.agents import levels as agent_levels
from companion.agents.simulate import simulate, simulate_agents
from companion.core import framework, rebuild, registry
from companion.core.commands import GameCommands
from companion.core.errors import CompanionError, IllegalAction
from companion.core.game import GameModule, Match
from companion.store import CannotOpen
from companion.store_lock import SERVICE, only_table

if TYPE_CHECKING:
    from companion.config import Config

EXIT_BAD_INPUT = 2
# The store is not damaged but cannot be used now (a full, failing or read-only card): left untouched, the
# table does not start. sysexits.h's EX_IOERR, distinct from bad input so that a service manager or a
# script can tell the card is at fault.
EXIT_CANNOT_OPEN = 74
# A mistake in the config file: the service's unit names this code in RestartPreventExitStatus, so that
# systemd stops with the message in the journal instead of starting the same mistake again every few
# seconds. EX_CONFIG of sysexits.h.
EXIT_CONFIG = 78


class CliError(CompanionError):
    """Bad input on the command line: reported as one line, exit 2."""


def _game(key: str | None) -> GameModule:
    """The game a command is about: `--game`, else the one every command meant before there were several."""
    return registry.load(key or registry.DEFAULT)


def _commands(game: GameModule) -> GameCommands:
    if game.commands is None:
        raise CliError(f"the game {game.key!r} has no packs to read on the command line")
    return game.commands


def _pack(game: GameModule, path: str | None) -> Any:
    """The pack named, or the shipped one; None for a game without packs on the command line (its rules
    start with their own, as at a table: Astoria's Laboratory)."""
    if game.commands is None and path is None:
        return None
    return _commands(game).load_pack(Path(path) if path else None)


def _options(game: GameModule, given: Sequence[str], short: bool = False) -> dict[str, str]:
    """The game's options from `--option name=value` (and the old `--short`), each checked; defaults for the rest."""
    known = {option.name: option for option in game.options}
    options = {name: option.default for name, option in known.items()}
    if short:
        if "length" not in known or "short" not in known["length"].values:
            raise CliError(f"--short: {game.title} has no short game")
        options["length"] = "short"
    for item in given:
        name, equals, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or name not in known:
            choices = ", ".join(f"{o.name}={'|'.join(o.values)}" for o in known.values()) or "none"
            raise CliError(f"--option {item!r}: {game.title}'s options are {choices}")
        if value not in known[name].values:
            raise CliError(f"--option {name} must be one of {', '.join(known[name].values)}, not {value!r}")
        options[name] = value
    return options


def _read_json(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(f"{path} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}") from None


def _record_game(key: str | None, record: Any) -> GameModule:
    """The game of a record: `--game`, else the one that writes the record's format (a record that names
    none is read as the default game's, which says what is wrong with it)."""
    if key is not None or not isinstance(record, dict) or "format" not in record:
        return _game(key)
    return registry.by_record_format(record["format"])


def cmd_replay(args: argparse.Namespace) -> int:
    data = _read_json(args.record)
    game = _record_game(args.game, data)
    pack = _pack(game, args.board)
    warning = _commands(game).replay_warning(data, pack)
    if warning is not None:
        print(warning, file=sys.stderr)
    try:
        match = rebuild.from_record(game.rules, pack, data)
    except IllegalAction as error:
        raise CliError(f"action {error.index} is illegal ({error.rule}): {error.sentence}") from None
    if args.steps:
        return _print_steps(pack, match, args.lang, args.json, game.key)
    view = match.view(args.view)
    if args.json:
        print(json.dumps(view, ensure_ascii=False, indent=2))
    else:
        print(_commands(game).replay_line(match))
    return 0


def _print_steps(pack: Any, match: Any, language: str, as_json: bool, game: str | None = None) -> int:
    """The steps of the whole game for the physical table (docs/formats.md, "Steps of a game")."""
    from companion.table.steps import game_steps

    steps = game_steps(pack, match.setup, list(match.moves), game)
    shown = []
    for step in steps:
        item: dict[str, Any] = {"year": step.round, "title": step.title.render(language),
                                "lines": [line.text(language, None) for line in step.lines]}
        private = [{"seat": line.seat, "text": line.text(language, line.seat)}
                   for line in step.lines if line.private is not None]
        if private:
            item["private"] = private
        shown.append(item)
    if as_json:
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    else:
        for item in shown:
            print(f"[{item['year']}] {item['title']}")
            print("\n".join(f"  - {line}" for line in item["lines"]))
    return 0


def _record_writer(folder: Path) -> Callable[[Match], None]:
    """Writes each simulated game's record to --records as it ends: game-0001.json, game-0002.json, …"""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CliError(f"cannot make {folder}: {error.strerror or error}") from None
    written = itertools.count(1)

    def write(match: Match) -> None:
        path = folder / f"game-{next(written):04d}.json"
        path.write_text(json.dumps(match.record_json(), indent=1) + "\n", encoding="utf-8")
    return write


def _in_words(seats: range) -> str:
    counts = [str(n) for n in seats]
    return counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _game(args.game)
    kit = agent_levels.kit(game)
    if args.players not in game.seats:
        raise CliError(f"--players must be {_in_words(game.seats)}, not {args.players}")
    if args.games < 0:
        raise CliError("--games must be 0 or more")
    options = _options(game, args.option, args.short)
    levels: tuple[str, ...] | None = None
    if args.agents is not None:
        levels = tuple(name.strip() for name in args.agents.split(","))
        unknown = [name for name in levels if name not in kit.levels]
        if unknown:
            raise CliError(f"--agents: unknown agent {unknown[0]!r}; the agents are {', '.join(kit.levels)}")
        if len(levels) != args.players:
            raise CliError(f"--agents names {len(levels)} agent{'s' * (len(levels) != 1)} for "
                           f"{args.players} players: give one per seat")
    on_game = _record_writer(Path(args.records)) if args.records else (lambda match: None)
    pack = _pack(game, args.board)
    if levels is None:
        summary = simulate(kit, pack, args.players, options, args.games, args.seed, on_game)
    else:
        summary = simulate_agents(kit, pack, options, args.games, args.seed, levels, on_game)
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
    else:
        print("\n".join(summary.lines()))
    return 0


def cmd_board_check(args: argparse.Namespace) -> int:
    commands = _commands(_game(args.game))
    text = _read_text(args.pack)
    problems = commands.pack_problems(text)
    if problems:
        for problem in problems:
            print(f"{args.pack}: {problem}")
        print(f"{args.pack}: {len(problems)} problem(s)", file=sys.stderr)
        return EXIT_BAD_INPUT
    for warning in commands.pack_warnings(text):
        print(f"{args.pack}: warning: {warning}")
    print(f"{args.pack}: clean ({commands.pack_summary(text)})")
    return 0


def cmd_board_verify(args: argparse.Namespace) -> int:
    """The walk-through in the terminal; progress and the verified pack are files next to the store."""
    import datetime

    from companion import config as configuration

    config = configuration.load(Path(args.config)) if args.config else configuration.simulated()
    store = Path(args.store) if args.store else config.store
    date = args.date or datetime.date.today().isoformat()
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise CliError(f"--date must be YYYY-MM-DD, not {date!r}") from None
    commands = _commands(_game(args.game or config.game))
    start = _read_text(args.pack) if args.pack else None
    commands.verify(store, config.board, start, restart=args.restart, date=date, language=config.language,
                    ask=input, say=print, warn=lambda line: print(line, file=sys.stderr))
    return 0


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not UTF-8 text") from None


def cmd_bench(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if game.bench is None:
        raise CliError(f"the game {game.key!r} has no benchmarks")
    result = benchmarks.run(game.bench, _pack(game, args.board))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("\n".join(benchmarks.table(result)))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """The games this companion plays: their ids, names, seats and options (`--json`: and the framework's
    packages, which an outside check may verify import no game)."""
    games = [game.describe() for game in registry.available()]
    if args.json:
        print(json.dumps({"games": games, "framework": list(framework.FRAMEWORK)}, indent=2))
        return 0
    for game in games:
        seats = game["seats"]
        options = ", ".join(f"{o['name']} {'|'.join(o['values'])} (default {o['default']})" for o in game["options"])
        print(f"{game['id']}: {game['name']}, {seats['min']} to {seats['max']} players"
              + (f"; options: {options}" if options else ""))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from companion import config as configuration
    from companion.run import configure_logging, run

    configure_logging()
    config = configuration.load(Path(args.config)) if args.config else configuration.simulated()
    if args.store:
        config = dataclasses.replace(config, store=Path(args.store))
    if args.games is not None:
        config = dataclasses.replace(config, games=args.games)
    if args.bot_delay is not None:
        config = dataclasses.replace(config, bot_delay=args.bot_delay)
    if args.all_bots:
        config = dataclasses.replace(config, players=tuple(dataclasses.replace(p, box="bot") for p in config.players))
    if args.port is not None:
        config = dataclasses.replace(config, web_port=args.port)
    if args.game is not None or args.option:
        game = _game(args.game or config.game)
        kept = [f"{name}={value}" for name, value in config.options] if game.key == config.game else []
        options = _options(game, [*kept, *args.option])
        # The same seats as people read them (from 1), numbered as the game does (Zargos from 0).
        config = dataclasses.replace(configuration.for_game(config, game), options=tuple(options.items()))
    with only_table(config.store):  # before the store is opened: a second table leaves it alone
        try:
            return run(config)
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
            raise CliError(f"port {config.web_port} is taken by another process (the table's service? "
                           f"`systemctl status {SERVICE}`): stop it first, or give another --port") from None


def _service_config() -> Config:
    """The config `companion pin` reads when given none: the service's when it is installed here."""
    from companion import config as configuration

    if not configuration.SERVICE_CONFIG.exists():
        return configuration.simulated()
    try:
        return configuration.load(configuration.SERVICE_CONFIG)
    except configuration.BadConfig as error:
        if not os.access(configuration.SERVICE_CONFIG, os.R_OK):
            raise CliError(f"cannot read the service's config {configuration.SERVICE_CONFIG}: "
                           "run `sudo companion pin`") from None
        raise error


def _as_owner_of(path: Path) -> None:
    """Run by root (sudo), the rest of the command acts as the account that owns the store, or the folder it
    goes in (the service's): the files SQLite makes stay the service's, which could not open them were they
    root's."""
    if os.geteuid() != 0:
        return
    while not path.exists() and path != path.parent:
        path = path.parent
    owner = path.stat()
    if owner.st_uid == 0:
        return
    os.setgroups([])
    os.setgid(owner.st_gid)
    os.setuid(owner.st_uid)


def cmd_pin(args: argparse.Namespace) -> int:
    from companion import config as configuration
    from companion.store import Sessions, Store
    from web import secrets_of
    from web.auth import new_pin

    config = configuration.load(Path(args.config)) if args.config else _service_config()
    if args.new and config.referee_pin:
        raise CliError("the config sets the referee's PIN (web.pin): change it there")
    path = Path(args.store) if args.store else config.store
    _as_owner_of(path)
    with Store(path) as store:
        if args.new:
            store.set_setting("referee_pin", new_pin())
            # A running table reads the PIN at each sign-in; the referee's sign-ins end now, on it too.
            with Sessions(store.path) as sessions:
                sessions.end_all("referee")
        _, pin, _ = secrets_of(store, {"REFEREE_PIN": config.referee_pin} if config.referee_pin else {})
    print(f"Referee PIN: {pin}")
    return 0


def cmd_store(args: argparse.Namespace) -> int:
    from companion import config as configuration
    from companion.store import Store
    from companion.store_aside import mark_taken, stores_aside, take_back

    config = configuration.load(Path(args.config)) if args.config else configuration.simulated()
    path = Path(args.store) if args.store else config.store
    with Store(path) as store:
        if args.store_command == "resume":
            numbers = take_back(store, Path(args.aside))
            print(f"Taken back into {path}: game(s) {', '.join(map(str, numbers))}. A game that was under way is "
                  "among the referee page's \"Games set aside\": resume it there.")
            return 0
        found = mark_taken(stores_aside(path), store)
    if not found:
        print(f"No store set aside beside {path}.")
    for aside in found:
        said = "taken back" if aside.taken_back else f"companion store resume {aside.path}"
        print(f"{aside.path}  set aside {aside.moved}: {aside.games} game(s), {aside.under_way} under way, "
              f"{aside.actions} action(s) readable; {said}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="companion", description="Table companion for board games "
                                  "(`companion games` lists them; Lords of Xidit when a command names none).")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("run", help="the main job: a table (with no config, a simulated one)")
    p.add_argument("--config", metavar="TOML", help="the table's configuration (default: a simulated table)")
    p.add_argument("--store", metavar="DB", help="the store's path (overrides the config)")
    p.add_argument("--games", type=int, help="stop after this many finished games")
    p.add_argument("--bot-delay", type=float, help="seconds a virtual player takes per decision")
    p.add_argument("--all-bots", action="store_true", help="virtual players in every seat (demos, tests)")
    p.add_argument("--port", type=int, help="the web port (0: any free port; -1: no web server)")
    _game_arguments(p, "the game new games are of (default: the config's, else xidit)", options=True)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("games", help="the games this companion plays: id, name, players, options")
    p.add_argument("--json", action="store_true", help="as JSON, with the framework's packages (which import no game)")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("pin", help="show the referee's PIN (made at first use)")
    p.add_argument("--config", metavar="TOML")
    p.add_argument("--store", metavar="DB")
    p.add_argument("--new", action="store_true",
                   help="make a new PIN: the old one stops working and every referee is signed out, on a running "
                        "table too")
    p.set_defaults(func=cmd_pin)

    stores = sub.add_parser("store", help="stores set aside beside the table's store: list them, take their games back")
    store = stores.add_subparsers(dest="store_command", required=True, metavar="SUBCOMMAND")
    p = store.add_parser("list", help="the stores set aside (a damaged store is), with the games readable in each")
    p.add_argument("--config", metavar="TOML")
    p.add_argument("--store", metavar="DB")
    p.set_defaults(func=cmd_store)
    p = store.add_parser("resume", help="copy a store's games back into the table's store: the referee resumes "
                                        "them from \"Games set aside\" (the table may be running)")
    p.add_argument("aside", metavar="FILE", help="a store set aside, as `companion store list` names it")
    p.add_argument("--config", metavar="TOML")
    p.add_argument("--store", metavar="DB")
    p.set_defaults(func=cmd_store)

    p = sub.add_parser("replay", help="replay a game record and print the final state view")
    p.add_argument("record", metavar="RECORD", help="a game record (JSON), or - for standard input")
    p.add_argument("--board", metavar="PACK", help="board pack (default: the embedded pack)")
    p.add_argument("--view", default="referee", help="referee, public or seat:N (default: referee)")
    p.add_argument("--json", action="store_true", help="print the state view as JSON")
    p.add_argument("--steps", action="store_true", help="print the steps of the whole game for the physical table")
    p.add_argument("--lang", choices=("en", "fr"), default="en", help="the language of the steps (default: en)")
    _game_arguments(p, "the record's game (default: the game whose format the record names)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="play random legal games to the end and summarise them")
    p.add_argument("--players", type=int, required=True, help="3, 4 or 5")
    p.add_argument("--short", action="store_true", help="9 years instead of 12")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--board", metavar="PACK")
    p.add_argument("--agents", metavar="A1,A2,...",
                   help="one agent per seat, in seat order: random, easy, normal or strong "
                        "(default: the planning agent of every seat, as before)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--records", metavar="DIR", help="write each game's record (xidit-record/1) into DIR")
    _game_arguments(p, options=True)
    p.set_defaults(func=cmd_simulate)

    board = sub.add_parser("board", help="board packs").add_subparsers(dest="board_command", required=True,
                                                                        metavar="SUBCOMMAND")
    p = board.add_parser("check", help="validate a board pack and list every problem")
    p.add_argument("pack", metavar="PACK")
    _game_arguments(p)
    p.set_defaults(func=cmd_board_check)
    p = board.add_parser("verify", help="check the board pack against your copy of the game, screen by screen "
                                        "(resumable by section; saves the pack next to the store)")
    p.add_argument("--config", metavar="TOML", help="the table's configuration (its store, board and language)")
    p.add_argument("--store", metavar="DB", help="the store's path: the walk and the pack are saved beside it")
    p.add_argument("--pack", metavar="PACK", help="the pack to start from (default: the one new games use)")
    p.add_argument("--restart", action="store_true", help="drop the saved progress and start over")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="the day of the check, written in the pack (default: today)")
    _game_arguments(p, "the pack's game (default: the config's, else xidit)")
    p.set_defaults(func=cmd_board_verify)

    from hardware import doctor  # the doctor parses its own options (companion doctor --help)

    p = sub.add_parser("doctor", help="check I2C screens, serial boxes and GPIO access on this machine",
                       prefix_chars="+", add_help=False)
    p.add_argument("doctor_args", nargs="*", metavar="OPTION", help="--user NAME, --no-hello, --timeout S, --help")
    p.set_defaults(func=lambda args: doctor.main(args.doctor_args))

    p = sub.add_parser("bench", help="measure the performance figures")
    p.add_argument("--board", metavar="PACK")
    p.add_argument("--json", action="store_true")
    _game_arguments(p)
    p.set_defaults(func=cmd_bench)
    return top


def _game_arguments(p: argparse.ArgumentParser, help: str = "the game (default: xidit)", *,
                    options: bool = False) -> None:
    p.add_argument("--game", metavar="ID", help=f"{help}; `companion games` lists them")
    if options:
        p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="one of the game's options, e.g. length=short (`companion games` lists them)")


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except CannotOpen as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_CANNOT_OPEN
    except CompanionError as error:
        from companion.config import BadConfig

        print(f"companion: {error}", file=sys.stderr)
        return EXIT_CONFIG if isinstance(error, BadConfig) else EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
