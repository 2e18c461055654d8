"""The JSON form of table commands sent by pages, checked field by field: a malformed request is a
clear 400, never a crash.

One small decoder per command name: the framework's below, a game's own (Xidit's set_order, lock,
tell_tile...) from its page parts (`GameWeb.requests`). Who may send a command is checked before its body
is read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import registry
from companion.core.errors import CompanionError
from companion.table import chance
from companion.table import commands as c
from companion.table.chance import POLICIES

from .auth import Role
from .game_parts import GameRequest
from .generic import GENERIC


class BadRequest(ValueError):
    pass


class Forbidden(PermissionError):
    pass


class Fields:
    """A request body's fields, each read with a clear error when missing or of the wrong kind (the
    reader games get through `web.game_parts.Fields`)."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body

    def get(self, key: str) -> Any:
        return self.body.get(key)

    def number(self, key: str) -> int:
        value = self.body.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRequest(f"'{key}' must be a whole number")
        return value

    def text(self, key: str) -> str:
        value = self.body.get(key)
        if not isinstance(value, str):
            raise BadRequest(f"'{key}' must be text")
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.body.get(key)
        if not isinstance(value, dict):
            raise BadRequest(f"'{key}' must be an object")
        return value

    def bad(self, message: str) -> Exception:
        return BadRequest(message)


@dataclass(frozen=True)
class Sender:
    role: Role
    seat: int | None  # the seat the command acts for ("seat" commands), else the sender's seat if any

    @property
    def by(self) -> str:
        return c.REFEREE if self.role.kind == "referee" else "player"


@dataclass(frozen=True)
class Request:
    # "seat": a player for their own seat, or the referee for any (the body names it in "seat"); "table":
    # anyone seated or the referee; "anyone": also a page not signed in; "referee": the referee only.
    who: str
    decode: Callable[[Fields, Sender], c.Command]


def _replacing(fields: Fields) -> int | None:
    """The game under way the referee was told is set aside (null or missing: they saw none)."""
    value = fields.get("replacing")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadRequest("'replacing' must be the number of the game set aside, or null")
    return value


def _decide(f: Fields, s: Sender) -> c.Command:
    return c.Decide(s.seat or 0, f.mapping("action"), by=s.by, blind=s.role.blind)


def _rollback(f: Fields, s: Sender) -> c.Command:
    confirm = f.get("confirm") if "confirm" in f.body else False
    if not isinstance(confirm, bool):
        raise BadRequest("'confirm' must be true or false")
    # A confirm carries what its preview saw: it is refused, never re-aimed, if the game moved on.
    seen = f.number("seen") if confirm else None
    return c.Rollback(f.number("keep"), confirm, seen=seen, blind=s.role.blind)


def _acknowledge(f: Fields, s: Sender) -> c.Command:
    # Anyone at the table may say a step is done (the table view's Done): it moves no piece of the game.
    skip = f.get("skip") if "skip" in f.body else False
    if skip not in (True, False, 0, 1):
        raise BadRequest("'skip' must be true or false")
    if skip and s.role.kind != "referee":
        raise Forbidden("only the referee can skip a step")
    return c.Acknowledge(f.number("upto"), skip=bool(skip), by=s.by if s.role.kind == "referee" else "table")


def _new_game(f: Fields, s: Sender) -> c.Command:
    seats = f.get("seats")
    if seats is not None and not isinstance(seats, dict):
        raise BadRequest("'seats' must be an object: seat number -> device")
    plays = f.get("referee_seat")
    if plays is not None and (isinstance(plays, bool) or not isinstance(plays, int)):
        raise BadRequest("'referee_seat' must be the seat the referee plays, or null")
    game = f.get("game") if "game" in f.body else registry.DEFAULT  # pages before issue 29 name no game: Xidit
    known = registry.keys()
    if game not in known:
        raise BadRequest(f"'game' must be one of the games: {', '.join(known)}")
    # What the table typed in for the set-up, under the field the game's pages name it (docs/formats.md).
    web = registry.load(game).web
    field = (GENERIC if web is None else web).typed_field
    typed = f.get(field)
    if typed is not None and not isinstance(typed, dict):
        raise BadRequest(f"'{field}' must be an object: what the table typed in for the set-up")
    policy = f.get("chance")
    if policy is not None and policy not in POLICIES:
        raise BadRequest(f"'chance' must be one of {', '.join(map(repr, POLICIES))}, or null for the game's own")
    names = f.get("names")
    if names is not None and (not isinstance(names, dict) or not all(
            isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in names.items())):
        raise BadRequest("'names' must be an object: seat number -> the name typed for it")
    setup = _wizard_setup(game, f.mapping("wizard")) if "wizard" in f.body else f.mapping("setup")
    return c.NewGame(setup, replacing=_replacing(f), seats=seats, typed=typed, referee_seat=plays,
                     game=game, chance=policy, names={int(k): v for k, v in names.items()} if names else None)


def _wizard_setup(game: str, form: dict[str, Any]) -> dict[str, Any]:
    """The set-up of a game whose pages have no wizard script of their own (a game of rules alone): the
    wizard sends its own form, `wizard` (players: [{seat, colour, name}], options), and the game's rules make
    the set-up (`Rules.default_setup`), its random parts drawn from a secret seed as the table draws its own.
    A first player named there is the game's to read from its own form: `default_setup` takes none."""
    rules = registry.load(game).rules
    players = form.get("players")
    if not isinstance(players, list) or not players or not all(
            isinstance(p, dict) and isinstance(p.get("seat"), int) and not isinstance(p.get("seat"), bool)
            and isinstance(p.get("colour"), str) and isinstance(p.get("name"), str | None) for p in players):
        raise BadRequest("'wizard.players' must be a list of players: {seat, colour, name}")
    options = form.get("options") or {}
    known = {o.name: o.values for o in rules.options}
    if not isinstance(options, dict) or not all(value in known.get(name, ()) for name, value in options.items()):
        raise BadRequest("'wizard.options' must give each option of the game one of its values")
    given = [(p["seat"], p["colour"], p.get("name")) for p in players]
    try:
        setup = rules.default_setup(given, options, chance.secret_seed())
        return dict(rules.setup_to_json(setup))
    except (CompanionError, ValueError) as error:
        raise BadRequest(f"'wizard': {error}") from None


def _teller(s: Sender) -> str:
    """Who tells or states, as the table names them: the referee, or the sender's own seat."""
    return c.REFEREE if s.role.kind == "referee" else f"seat:{s.role.seat}"


def _tell(f: Fields, s: Sender) -> c.Command:
    # Any JSON may be an outcome (a card's name, a list of dice totals): the table checks it is one the game
    # asks for, and who may tell it (the node's `told_by`). The question it answers is required: of two taps
    # at once, the second is refused instead of being taken for the next roll.
    if "outcome" not in f.body:
        raise BadRequest("'outcome' must say what the dice or the card say")
    return c.Tell(f.get("outcome"), by=_teller(s), question=f.number("question"))


def _set_chance(f: Fields, s: Sender) -> c.Command:
    policy = f.get("policy")
    if policy not in POLICIES:
        raise BadRequest(f"'policy' must be one of {', '.join(map(repr, POLICIES))}")
    return c.SetChance(policy)


def _countdown(f: Fields, s: Sender) -> c.Command:
    what = f.text("what")
    return c.Countdown(what, f.number("seconds") if what == "extend" else 0)


def _state(f: Fields, s: Sender) -> c.Command:
    action = f.mapping("action")
    if s.role.kind == "seat" and action.get("seat") != s.role.seat:
        raise Forbidden("a player states for their own seat only")
    return c.State(action, by=_teller(s))


def _seen_reveal(f: Fields, s: Sender) -> c.Command:
    # A seat has read what the game showed it; the referee dismisses it for everyone (companion/table/reveals.py).
    key = f.get("reveal")
    if isinstance(key, bool) or not isinstance(key, str | int):
        raise BadRequest("'reveal' must name what was shown (its key)")
    return c.SeenReveal(str(key), by=_teller(s))


FRAMEWORK: dict[str, Request] = {
    "decide": Request("seat", _decide),
    "acknowledge": Request("anyone", _acknowledge),
    "rollback": Request("referee", _rollback),
    "pace": Request("referee", lambda f, s: c.SetPace(f.text("pace"))),
    "new_game": Request("referee", _new_game),
    "import": Request("referee", lambda f, s: c.ImportGame(f.mapping("record"), replacing=_replacing(f))),
    "resume": Request("referee", lambda f, s: c.ResumeGame(f.number("game"), replacing=_replacing(f))),
    "move_seat": Request("referee", lambda f, s: c.MoveSeat(f.number("seat"), f.mapping("device"))),
    "language": Request("referee", lambda f, s: c.SetLanguage(f.text("language"))),
    "renew_link": Request("referee", lambda f, s: c.RenewLink(f.number("seat"))),
    "tell": Request("table", _tell),  # the table checks who may tell this question (a secret draw: its seat)
    "set_chance": Request("referee", _set_chance),
    "state": Request("table", _state),  # a seat states for itself, the referee as the referee
    "countdown": Request("referee", _countdown),  # a timed window's countdown (companion/table/timed.py)
    "seen_reveal": Request("table", _seen_reveal),  # a reveal read by its seat, or dismissed by the referee
    # A sealed choice keyed in piece by piece, in the game's terms (its table part's `drafts.edit` reads the
    # change and refuses a bad one), then sealed and unsealed: any game's pages, Xidit's under its own names.
    "edit_draft": Request("seat", lambda f, s: c.EditDraft(s.seat or 0, f.mapping("change"))),
    "seal": Request("seat", lambda f, s: c.Seal(s.seat or 0)),
    "unseal": Request("seat", lambda f, s: c.Unseal(s.seat or 0)),
}
MAY_SEND = {"referee": {"seat", "table", "anyone", "referee"}, "seat": {"seat", "table", "anyone"},
            "public": {"anyone"}}


def game_requests(parts: Mapping[str, GameRequest]) -> dict[str, Request]:
    """A game's requests as the framework's: the game's decoder gets the seat and the sender's word."""
    def adapt(request: GameRequest) -> Request:
        decode = request.decode
        return Request(request.who, lambda f, s: decode(f, s.seat, s.by))
    return {name: adapt(request) for name, request in parts.items()}


def parse(body: Any, role: Role, game: Mapping[str, Request] | None = None) -> c.Command:
    """A command from a request body, for the role that sent it. `game`: the game's own requests
    (`game_requests(GameWeb.requests)`), which never replace the framework's."""
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    name = body.get("command")
    known = {**(game or {}), **FRAMEWORK}
    if not isinstance(name, str) or name not in known:
        raise BadRequest(f"unknown command {name!r}")
    request = known[name]
    if request.who not in MAY_SEND.get(role.kind, set()):
        raise Forbidden("only the referee can do that" if role.kind == "seat" else "join a seat or sign in first")
    fields = Fields(body)
    seat = role.seat if role.kind == "seat" else None
    if request.who == "seat":
        asked = fields.number("seat")
        if seat is not None and asked != seat:
            raise Forbidden("a player acts for their own seat only")
        seat = asked
    return request.decode(fields, Sender(role, seat))
