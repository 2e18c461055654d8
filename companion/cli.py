"""The `companion` command: the composition root that reads files and wires the pieces together."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.games.xidit.rules import Game, IllegalAction, XiditError, record_from_json, record_to_json
from companion.games.xidit.rules.board import Board

EXIT_BAD_INPUT = 2


class CliError(XiditError):
    """Bad input on the command line: reported as one line, exit 2."""


def _board(path: str | None) -> Board:
    from companion.games.xidit.boards import default_pack, load_pack

    return load_pack(Path(path)) if path else default_pack()


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


def cmd_replay(args: argparse.Namespace) -> int:
    record = record_from_json(_read_json(args.record))
    board = _board(args.board)
    if record.board_sha256 and board.sha256 and record.board_sha256 != board.sha256:
        print(f"warning: the record was played on board {record.board_name!r} with another pack "
              f"(sha256 {record.board_sha256[:12]}…); replaying it on {board.name!r}", file=sys.stderr)
    try:
        game = Game.replay(board, record.setup, record.actions)
    except IllegalAction as error:
        raise CliError(f"action {error.index} is illegal ({error.rule}): {error.sentence}") from None
    if args.steps:
        return _print_steps(board, record, args.lang, args.json)
    view = game.view(args.view)
    if args.json:
        print(json.dumps(view, ensure_ascii=False, indent=2))
    else:
        winner = view["scoring"]["winner"]
        print(f"year {view['year']} of {view['years']}, phase {view['phase']}, {len(record.actions)} actions replayed"
              + (f", winner: seat {winner}" if winner is not None else ""))
    return 0


def _print_steps(board: Board, record: Any, language: str, as_json: bool) -> int:
    """The steps of the whole game for the physical table (docs/formats.md, "Steps of a game")."""
    from companion.table.steps import game_steps

    steps = game_steps(board, record.setup, record.actions)
    shown = []
    for step in steps:
        item: dict[str, Any] = {"year": step.year, "title": step.title.render(language),
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


def _record_writer(folder: Path) -> Callable[[Game], None]:
    """Writes each simulated game's record to --records as it ends: game-0001.json, game-0002.json, …"""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CliError(f"cannot make {folder}: {error.strerror or error}") from None
    written = itertools.count(1)

    def write(game: Game) -> None:
        path = folder / f"game-{next(written):04d}.json"
        path.write_text(json.dumps(record_to_json(game.record()), indent=1) + "\n", encoding="utf-8")
    return write


def cmd_simulate(args: argparse.Namespace) -> int:
    from companion.games.xidit.agents.levels import LEVELS
    from companion.games.xidit.sim.simulate import simulate, simulate_agents

    if not 3 <= args.players <= 5:
        raise CliError(f"--players must be 3, 4 or 5, not {args.players}")
    if args.games < 0:
        raise CliError("--games must be 0 or more")
    levels: tuple[str, ...] | None = None
    if args.agents is not None:
        levels = tuple(name.strip() for name in args.agents.split(","))
        unknown = [name for name in levels if name not in LEVELS]
        if unknown:
            raise CliError(f"--agents: unknown agent {unknown[0]!r}; the agents are {', '.join(LEVELS)}")
        if len(levels) != args.players:
            raise CliError(f"--agents names {len(levels)} agent{'s' * (len(levels) != 1)} for "
                           f"{args.players} players: give one per seat")
    on_game = _record_writer(Path(args.records)) if args.records else (lambda game: None)
    if levels is None:
        summary = simulate(_board(args.board), args.players, args.short, args.games, args.seed, on_game)
    else:
        summary = simulate_agents(_board(args.board), args.short, args.games, args.seed, levels, on_game)
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
    else:
        print("\n".join(summary.lines()))
    return 0


def cmd_board_check(args: argparse.Namespace) -> int:
    from companion.games.xidit.boards import check_pack, pack_warnings, parse_pack

    try:
        text = Path(args.pack).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot read {args.pack}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CliError(f"{args.pack} is not UTF-8 text") from None
    problems = check_pack(text)
    if problems:
        for problem in problems:
            print(f"{args.pack}: {problem.line}")
        print(f"{args.pack}: {len(problems)} problem(s)", file=sys.stderr)
        return EXIT_BAD_INPUT
    board = parse_pack(text)
    for warning in pack_warnings(board):
        print(f"{args.pack}: warning: {warning.line}")
    print(f"{args.pack}: clean ({board.name}, {board.status}, {len(board.cities)} cities, "
          f"{len(board.regions)} regions, {sum(len(t) for t in board.tiles.values())} tiles)")
    return 0


def cmd_board_verify(args: argparse.Namespace) -> int:
    """The walk-through in the terminal; progress and the verified pack are files next to the store."""
    import datetime

    from companion import config as configuration
    from companion.games.xidit.boards import pack_labels, parse_pack
    from companion.games.xidit.boards.saved import PackFiles, pack_in_use
    from companion.games.xidit.boards.verify import BadProgress, Walk
    from companion.games.xidit.boards.verify.terminal import run_walk

    config = configuration.load(Path(args.config)) if args.config else configuration.simulated()
    store = Path(args.store) if args.store else config.store
    date = args.date or datetime.date.today().isoformat()
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise CliError(f"--date must be YYYY-MM-DD, not {date!r}") from None
    files = PackFiles.beside(store)
    walk = None
    saved = None if args.restart else files.load_progress()
    if saved is not None:
        try:
            walk = Walk.from_json(saved)
        except BadProgress as error:
            print(f"companion: {error}; starting over", file=sys.stderr)
            files.set_aside()
    if walk is None:
        if args.pack:
            text = _read_text(args.pack)
        else:
            text, origin = pack_in_use(config.board, store)
            print(f"Starting from {origin}.")
        walk = Walk.start(parse_pack(text), pack_labels(text))
        files.save_progress(walk.to_json())

    def finish(done: Walk) -> bool:
        path = files.save_pack(done.pack_text(date))
        if done.complete():
            files.clear_progress()
            print(f"Saved the verified pack: {path}")
        else:  # the 3-player section is still to come: the walk resumes there
            files.save_progress(done.to_json())
            print(f"Saved the pack, its 3-player tiles still provisional: {path}")
        if config.board is not None:
            print(f"Your config names the board {config.board}: point `board` at {path} to play on it.")
        else:
            print("`companion run` starts new games on it (restart a running table to pick it up).")
        return True

    run_walk(walk, ask=input, say=print, save=lambda w: files.save_progress(w.to_json()), finish=finish,
             language=config.language)
    return 0


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not UTF-8 text") from None


def cmd_bench(args: argparse.Namespace) -> int:
    from companion.games.xidit import bench

    result = bench.run(_board(args.board))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("\n".join(bench.table(result)))
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
    return run(config)


def cmd_pin(args: argparse.Namespace) -> int:
    from companion import config as configuration
    from companion.store import Sessions, Store
    from web import secrets_of
    from web.auth import new_pin

    config = configuration.load(Path(args.config)) if args.config else configuration.simulated()
    if args.new and config.referee_pin:
        raise CliError("the config sets the referee's PIN (web.pin): change it there")
    with Store(Path(args.store) if args.store else config.store) as store:
        if args.new:
            store.set_setting("referee_pin", new_pin())
            # A running table reads the PIN at each sign-in; the referee's sign-ins end now, on it too.
            with Sessions(store.path) as sessions:
                sessions.end_all("referee")
        _, pin, _ = secrets_of(store, {"REFEREE_PIN": config.referee_pin} if config.referee_pin else {})
    print(f"Referee PIN: {pin}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="companion", description="Table companion for Lords of Xidit.")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("run", help="the main job: a table (with no config, a simulated one)")
    p.add_argument("--config", metavar="TOML", help="the table's configuration (default: a simulated table)")
    p.add_argument("--store", metavar="DB", help="the store's path (overrides the config)")
    p.add_argument("--games", type=int, help="stop after this many finished games")
    p.add_argument("--bot-delay", type=float, help="seconds a virtual player takes per decision")
    p.add_argument("--all-bots", action="store_true", help="virtual players in every seat (demos, tests)")
    p.add_argument("--port", type=int, help="the web port (0: any free port; -1: no web server)")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("pin", help="show the referee's PIN (made at first use)")
    p.add_argument("--config", metavar="TOML")
    p.add_argument("--store", metavar="DB")
    p.add_argument("--new", action="store_true",
                   help="make a new PIN: the old one stops working and every referee is signed out, on a running "
                        "table too")
    p.set_defaults(func=cmd_pin)

    p = sub.add_parser("replay", help="replay a game record and print the final state view")
    p.add_argument("record", metavar="RECORD", help="a game record (JSON), or - for standard input")
    p.add_argument("--board", metavar="PACK", help="board pack (default: the embedded pack)")
    p.add_argument("--view", default="referee", help="referee, public or seat:N (default: referee)")
    p.add_argument("--json", action="store_true", help="print the state view as JSON")
    p.add_argument("--steps", action="store_true", help="print the steps of the whole game for the physical table")
    p.add_argument("--lang", choices=("en", "fr"), default="en", help="the language of the steps (default: en)")
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
    p.set_defaults(func=cmd_simulate)

    board = sub.add_parser("board", help="board packs").add_subparsers(dest="board_command", required=True,
                                                                        metavar="SUBCOMMAND")
    p = board.add_parser("check", help="validate a board pack and list every problem")
    p.add_argument("pack", metavar="PACK")
    p.set_defaults(func=cmd_board_check)
    p = board.add_parser("verify", help="check the board pack against your copy of the game, screen by screen "
                                        "(resumable by section; saves the pack next to the store)")
    p.add_argument("--config", metavar="TOML", help="the table's configuration (its store, board and language)")
    p.add_argument("--store", metavar="DB", help="the store's path: the walk and the pack are saved beside it")
    p.add_argument("--pack", metavar="PACK", help="the pack to start from (default: the one new games use)")
    p.add_argument("--restart", action="store_true", help="drop the saved progress and start over")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="the day of the check, written in the pack (default: today)")
    p.set_defaults(func=cmd_board_verify)

    from hardware import doctor  # the doctor parses its own options (companion doctor --help)

    p = sub.add_parser("doctor", help="check I2C screens, serial boxes and GPIO access on this machine",
                       prefix_chars="+", add_help=False)
    p.add_argument("doctor_args", nargs="*", metavar="OPTION", help="--user NAME, --no-hello, --timeout S, --help")
    p.set_defaults(func=lambda args: doctor.main(args.doctor_args))

    p = sub.add_parser("bench", help="measure the performance figures")
    p.add_argument("--board", metavar="PACK")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except (CliError, XiditError) as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
