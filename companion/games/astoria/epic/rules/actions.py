"""Each move kind's check and effect, one handler per kind (moves.FIELDS): the fourteen actions of E6 and the
Exile's assault (E9.2), the variant's help and role Talents (E14.2, E14.9), Glyph effects (glyphs.py), the end
of a turn, the out-of-turn answers, and the Invasion cards drawn (E5, E8, E9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.core.errors import N_, IllegalAction
from companion.core.game import Reveal

from . import cards, glyphs, invasion, walls
from .moves import ACTIONS, GLYPH_ACTIONS, HELP, Move, glyphs_of
from .roles import take_role
from .state import Artefact, Mage, Pending, State
from .terms import (
    COLOURS,
    FACTIONS,
    GRAND_ALCHEMIST,
    GRIMOIRE_POWER,
    GUARD_FORCE,
    GUARD_POWER,
    HAND_LIMIT,
    OBJECTIVE_WORDS,
    PREPARER,
    RED,
    ROLES,
    SABOTEUR,
    YELLOW,
)

if TYPE_CHECKING:
    from .match import EpicMatch

Handler = Callable[["EpicMatch", State, Move, list[Reveal]], None]


def apply(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    if s.phase == "roles" or move.type == "role":
        choose_role(match, s, move)
        return
    if move.type in ANSWERS:
        ANSWERS[move.type](match, s, move, news)
        return
    if s.pending:
        raise IllegalAction("E4.4", N_("Another mage must answer first."))
    if s.phase != "turn":
        raise IllegalAction("E4.4", N_("It is nobody's turn to act now."))
    if move.seat != match.active():
        raise IllegalAction("E4.1", N_("It is not your turn."))
    if move.type == "spend":
        glyphs.spend(match, s, move, news)
    elif move.type == "end":
        if s.actions_left > 0:
            raise IllegalAction("E4.3", N_("Actions left this turn: {n}."), n=s.actions_left)
        walls.end_turn(match, s)
    else:
        action(match, s, move, news)


def action(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    free = s.crafted_for_preparer > 0 and move.type == "craft"  # E14.7: the Preparer's second gem
    s.crafted_for_preparer = 0
    if s.actions_left <= 0 and not free:
        raise IllegalAction("E4.3", N_("You have no action left this turn."))
    if mage.exiled and move.type in ("tribute", "fight", "guard", "accuse", *HELP):
        raise IllegalAction("E9.1", N_("A mage in Exile may not do that."))
    if match.players == 2 and move.type in ("accuse", "assault"):
        raise IllegalAction("E13.3", N_("At two players nobody accuses and nobody goes into Exile."))
    if (move.type in HELP or move.type == "role_talent") and not match.variant:
        raise IllegalAction("E14", N_("That is only in the Grand Alchimiste variant."))
    if move.type in HELP:
        if s.helped:
            raise IllegalAction("E14.2", N_("Only one help action per turn."))
        s.helped = True
    generates = move.type in GLYPH_ACTIONS or (move.type == "role_talent" and
                                              match.role(move.seat) == GRAND_ALCHEMIST)
    if not generates:  # an action that generates no Glyph ends the chain
        s.pool, s.chained = {}, False
    HANDLERS[move.type](match, s, move, news)
    s.chained = generates
    if free:
        s.crafted_for_preparer = 0  # E14.7: two gems for one action, not more
    else:
        s.actions_left -= 1


def gain(match: EpicMatch, mage: Mage, n: int) -> None:
    mage.power = min(match.pack.power_max, mage.power + n)  # beyond the track's end is lost


def value(s: State, colour: str | None) -> int:
    """A gem's value: its domain's Flux on the round's card (E5.1, A-24)."""
    if colour not in COLOURS:
        raise IllegalAction("E5.1", N_("Name one of the six colours."))
    assert s.card is not None
    return s.card.flux[COLOURS.index(colour)]


def other(match: EpicMatch, s: State, move: Move) -> Mage:
    if move.target is None or move.target not in s.mages or move.target == move.seat:
        raise IllegalAction("E6", N_("Name another mage."))
    return s.mages[move.target]


# -- E6: the actions -------------------------------------------------------------------------------

def draw(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    if mage.hand >= HAND_LIMIT:
        raise IllegalAction("E6.1", N_("You hold 5 cards: you may not draw."))
    if move.pile not in (1, 2, 3) or s.piles[move.pile - 1] == 0:
        raise IllegalAction("E6.1", N_("Take the top card of a pile that still has cards."))
    s.piles[move.pile - 1] -= 1
    mage.hand += 1


def power(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    gain(match, s.mages[move.seat], 1)  # E6.2


def destroy(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage, worth = s.mages[move.seat], value(s, move.colour)
    assert move.colour is not None
    if mage.stock[move.colour] < 1:
        raise IllegalAction("E6.3", N_("You have no gem of that colour in your Stock."))
    mage.stock[move.colour] -= 1
    s.reserve[move.colour] += 1
    gain(match, mage, worth)  # E6.3, A-24


def create(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage, worth = s.mages[move.seat], value(s, move.colour)
    assert move.colour is not None
    if s.reserve[move.colour] < 1:
        raise IllegalAction("A-24", N_("The Reserve has no gem of that colour."))
    if mage.power < worth:
        raise IllegalAction("E6.4", N_("That gem is worth {n} Power: you have {power}."), n=worth, power=mage.power)
    mage.power -= worth
    s.reserve[move.colour] -= 1
    mage.stock[move.colour] += 1


def craft(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    if move.artefact is None:  # E6.5: start a new one, typed by its player
        card = move.typed
        if card is None:
            raise IllegalAction("E6.5", N_("Say which Artefact you lay: its places, domain and Glyphs."))
        if mage.hand < 1:
            raise IllegalAction("E6.5", N_("You hold no Artefact card to lay."))
        if not 2 <= len(card.places) <= match.pack.places_most:
            raise IllegalAction("E6.6", N_("An Artefact has 2 to {n} gem places."), n=match.pack.places_most)
        if card.grimoire != (card.glyphs == 6) or not (card.grimoire or 1 <= card.glyphs <= 4):
            raise IllegalAction("E1.4", N_("An Artefact shows 1 to 4 Glyphs; a Grimoire six."))
        mage.hand -= 1
        mage.artefacts.append(Artefact(card, [False] * len(card.places)))
        place(match, s, mage, mage, len(mage.artefacts) - 1, move.colour, news)
        return
    if move.typed is not None:
        raise IllegalAction("E6.5", N_("An Artefact already laid is named by its number alone."))
    place(match, s, mage, mage, move.artefact, move.colour, news)


def place(match: EpicMatch, s: State, giver: Mage, owner: Mage, index: int | None, colour: str | None,
          news: list[Reveal]) -> None:
    """One gem from `giver`'s Stock on the place of its colour of `owner`'s Artefact (A-49); the last one
    finishes it (E6.6, E6.7, E6.8; the variant's E14.4, E14.5, E14.7, A-53)."""
    if index is None or not 0 <= index < len(owner.artefacts) or owner.artefacts[index].finished:
        raise IllegalAction("E6.5", N_("Name an Artefact started and not finished."))
    artefact = owner.artefacts[index]
    if colour not in COLOURS or giver.stock[colour] < 1:
        raise IllegalAction("E6.5", N_("You have no gem of that colour in your Stock."))
    free = [n for n, (c, f) in enumerate(zip(artefact.card.places, artefact.filled, strict=True))
            if c == colour and not f]
    if not free:
        raise IllegalAction("A-49", N_("That Artefact has no empty place of that colour."))
    last = artefact.filled.count(False) == 1
    if last and artefact.card.grimoire:
        if giver.power < GRIMOIRE_POWER:
            raise IllegalAction("E6.8", N_("Finishing a Grimoire costs 5 Power: you have {power}."),
                                power=giver.power)
        giver.power -= GRIMOIRE_POWER
    giver.stock[colour] -= 1
    artefact.filled[free[0]] = True
    if match.role(giver.seat) == PREPARER and s.crafted_for_preparer == 0 and giver is owner \
            and s.actions_left > 0:
        s.crafted_for_preparer = 1  # E14.7: this Craft acts as two
    if not last:
        return
    for c in artefact.card.places:  # E6.6: its gems go into the Flask (E14.5: a Saboteur's to his Stock)
        if owner.has_flask:
            owner.flask[c] += 1
        else:
            owner.stock[c] += 1
    if not match.variant or glyphs_of(artefact.card) >= 3:  # E6.7; E14.4
        heal(match, s)


def heal(match: EpicMatch, s: State) -> None:
    s.health = min(match.pack.health_max, s.health + 1)  # never above the maximum


def use(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    if move.card is None or move.card == cards.ROLE:
        raise IllegalAction("E6.9", N_("Name one of your Artefacts or your Talent."))
    domain, count = cards.tilt(mage, move.card, match.role(move.seat))
    s.pool[domain] = s.pool.get(domain, 0) + count


def tribute(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    if move.colour not in (RED, YELLOW) or mage.stock[move.colour] < 1:
        raise IllegalAction("E6.11", N_("The tribute is a red or a yellow gem from your Stock."))
    mage.stock[move.colour] -= 1
    s.reserve[move.colour] += 1
    s.dragon = max(1, s.dragon - 1)  # never below the first space


def fight(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    if move.chief is None or not 0 <= move.chief < len(s.chiefs):
        raise IllegalAction("E8.1", N_("Choose one of the Barbarian Chiefs present."))
    tilted = cards.tilt_all(mage, move.cards or (), match.role(move.seat))
    pool = dict(s.pool)  # the Glyphs already pooled join the fight
    for domain, n in tilted.items():
        pool[domain] = pool.get(domain, 0) + n
    s.pool = {}
    s.pending.append(Pending("fight", [], {"seat": move.seat, "chief": move.chief, "glyphs": pool}))


def guard(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage = s.mages[move.seat]
    if mage.power < GUARD_POWER:
        raise IllegalAction("E6.13", N_("A Guard costs 5 Power: you have {power}."), power=mage.power)
    if mage.stock[mage.colour] < 1:
        raise IllegalAction("E6.13", N_("A Guard is a gem of your own colour from your Stock."))
    mage.power -= GUARD_POWER
    mage.stock[mage.colour] -= 1
    mage.guards += 1


def accuse(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E11, A-29: judged by the engine, which knows every Objective; only the verdict is shown."""
    accuser, accused = s.mages[move.seat], other(match, s, move)
    if accused.revealed:
        raise IllegalAction("A-29", N_("That mage's Objective is already known."))
    if move.faction not in FACTIONS:
        raise IllegalAction("E11.1", N_("Name the faction: the Dragon, the Barbarian Hordes or the Populace."))
    right = match.setup.objective(accused.seat) == move.faction
    key = f"accuse:{match.version + 1}"
    if right:  # E11.2, E11.3
        accused.revealed = accused.exiled = True
        s.traitor_found = True
        news.append(Reveal(key, N_("The accusation is right: {objective} was the Objective of player {accused}, "
                                   "now in Exile."),
                           {"objective": OBJECTIVE_WORDS[move.faction], "accused": accused.seat}))
    else:  # E11.2: nothing revealed
        accuser.exiled = True
        news.append(Reveal(key, N_("The accusation is wrong: player {accuser} is driven out into Exile."),
                           {"accuser": accuser.seat}))


def assault(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E9.2, E9.3, A-28: the attacker's Glyphs (the pool joins, as in a fight, A-26) and Guards; the other
    mages not in Exile are asked clockwise whether they defend."""
    mage = s.mages[move.seat]
    if not mage.exiled:
        raise IllegalAction("E9.2", N_("Only a mage in Exile may attack the Palace."))
    tilted = cards.tilt_all(mage, move.cards or (), match.role(move.seat))
    pool = dict(s.pool)
    for domain, n in tilted.items():
        pool[domain] = pool.get(domain, 0) + n
    s.pool = {}
    seats = walls.clockwise(match, move.seat)[1:]
    s.pending.append(Pending("assault", [p for p in seats if not s.mages[p].exiled],
                             {"seat": move.seat, "glyphs": pool, "defence": {}}))


# -- E14: the variant's help (one per turn) and role Talents ------------------------------------------

def helped(match: EpicMatch, s: State, move: Move) -> Mage:
    target = other(match, s, move)
    if target.exiled:
        raise IllegalAction("E14.3", N_("A mage in Exile may not be helped."))
    return target


def help_craft(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    place(match, s, s.mages[move.seat], helped(match, s, move), move.artefact, move.colour, news)


def give_card(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage, target = s.mages[move.seat], helped(match, s, move)
    if mage.hand < 1 or target.hand >= HAND_LIMIT:
        raise IllegalAction("E14.2", N_("Give a card from your hand to a mage holding fewer than 5."))
    mage.hand -= 1
    target.hand += 1


def give_gems(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage, target = s.mages[move.seat], helped(match, s, move)
    if not 1 <= len(move.colours) <= 2 or any(c not in COLOURS for c in move.colours) or \
            any(mage.stock[c] < move.colours.count(c) for c in move.colours):
        raise IllegalAction("E14.2", N_("Give one or two gems from your Stock."))
    for c in move.colours:
        mage.stock[c] -= 1
        target.stock[c] += 1


def give_artefact(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    mage, target = s.mages[move.seat], helped(match, s, move)
    if move.artefact is None or not 0 <= move.artefact < len(mage.artefacts):
        raise IllegalAction("E14.2", N_("Name one of your Artefacts."))
    target.artefacts.append(mage.artefacts.pop(move.artefact))  # a tilted one stays tilted


def role_talent(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E14.9, A-54: the role's Talent card, tilted with an action."""
    mage, role = s.mages[move.seat], match.role(move.seat)
    if role is None or mage.role_tilted:
        raise IllegalAction("E14.9", N_("Your role's Talent is not available."))
    if role == GRAND_ALCHEMIST:  # 3 Glyphs of his colour, or 1 of a colour of his choice
        if move.colour not in COLOURS:
            raise IllegalAction("E14.9", N_("Name the colour of the Glyphs."))
        s.pool[move.colour] = s.pool.get(move.colour, 0) + (3 if move.colour == mage.colour else 1)
    elif role == PREPARER:  # a gem of any colour from the Reserve, to himself or another (not in Exile)
        target = s.mages.get(move.target if move.target is not None else move.seat)
        if mage.exiled or target is None or target.exiled:
            raise IllegalAction("E14.9", N_("Not while in Exile, nor for a mage in Exile."))
        if move.colour not in COLOURS or s.reserve[move.colour] < 1:
            raise IllegalAction("E14.9", N_("The Reserve has no gem of that colour."))
        s.reserve[move.colour] -= 1
        target.stock[move.colour] += 1
    else:
        saboteur(match, s, move, mage)
    assert role in (GRAND_ALCHEMIST, PREPARER, SABOTEUR)
    mage.role_tilted = True


def saboteur(match: EpicMatch, s: State, move: Move, mage: Mage) -> None:
    target = other(match, s, move)
    if mage.exiled:
        raise IllegalAction("E14.9", N_("Not while in Exile."))
    index = move.artefact
    if index is None or not 0 <= index < len(target.artefacts):
        raise IllegalAction("E14.9", N_("Name one of that mage's Artefacts."))
    artefact = target.artefacts[index]
    if move.effect == "ungem":  # a gem off an Artefact in progress, back to the Reserve
        if artefact.finished or move.colour not in COLOURS:
            raise IllegalAction("E14.9", N_("Name a gem on an Artefact in progress."))
        placed = [n for n, (c, f) in enumerate(zip(artefact.card.places, artefact.filled, strict=True))
                  if f and c == move.colour]
        if not placed:
            raise IllegalAction("E14.9", N_("No gem of that colour lies on that Artefact."))
        artefact.filled[placed[0]] = False
        s.reserve[move.colour] += 1
    elif move.effect == "tilt":  # an available Artefact tilted without generating Glyphs
        if not artefact.finished or artefact.tilted:
            raise IllegalAction("E14.9", N_("Name an available finished Artefact."))
        artefact.tilted = True
    else:
        raise IllegalAction("E14.9", N_("Take a gem off an Artefact in progress, or tilt an available one."))


def choose_role(match: EpicMatch, s: State, move: Move) -> None:
    """E14.1, A-52: each mage chooses his role in turn, the first player first, before he reads his
    Objective. The split of the six role cards is not in the text: any role may be chosen."""
    if s.phase != "roles" or move.type != "role":
        raise IllegalAction("E14.1", N_("The roles are chosen before the game begins."))
    if move.seat != s.order[s.turn]:
        raise IllegalAction("E14.1", N_("It is not your turn to choose."))
    if move.role not in ROLES:
        raise IllegalAction("E14.1", N_("Choose Grand Alchemist, Preparer or Saboteur."))
    take_role(match.pack, s, move.seat, move.role)
    s.turn += 1
    if s.turn == len(s.order):
        s.phase, s.order, s.turn = "invasion", [], 0


# -- out of turn -----------------------------------------------------------------------------------

def asked(s: State, kind: str, seat: int) -> Pending:
    top = s.pending[-1] if s.pending else None
    if top is None or top.kind != kind or not top.asked or \
            (seat not in top.asked if kind == "straighten" else top.asked[0] != seat):
        raise IllegalAction("E4.4", N_("You are not being asked that now."))
    return top


def rescue(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E7.6, A-30: one Cobalt Glyph, from a card tilted outside one's turn, saves the Guard."""
    top = asked(s, "rescue", move.seat)
    if move.card is None:
        top.asked.pop(0)
        if not top.asked:
            walls.kill_guard(s, top.data["owner"])
            s.pending.pop()
        return
    mage = s.mages[move.seat]
    if move.card not in cards.can_show(mage, "blue"):
        raise IllegalAction("E7.6", N_("Tilt an available Cobalt card of yours."))
    cards.set_tilted(mage, move.card, True)
    s.pending.pop()


def parry(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E10.4, A-38: an available card of the Chief's domain, tilted at no action's cost."""
    top = asked(s, "parry", move.seat)
    if move.card is None:
        top.asked.pop(0)
        return
    mage = s.mages[move.seat]
    if move.card not in cards.can_show(mage, top.data["glyph"]):
        raise IllegalAction("E10.4", N_("Tilt an available card of the Chief's domain."))
    cards.set_tilted(mage, move.card, True)
    top.data["parried"] = True
    top.asked.clear()


def defend(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E9.3, A-28: a defender's Glyphs and Guards count; one may declare with Guards only."""
    top = asked(s, "assault", move.seat)
    if move.cards is not None:
        tilted = cards.tilt_all(s.mages[move.seat], move.cards, match.role(move.seat))
        top.data["defence"][move.seat] = tilted
    top.asked.pop(0)


def straighten(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    """E10.5, A-39: up to two of his own tilted cards."""
    top = asked(s, "straighten", move.seat)
    mage = s.mages[move.seat]
    chosen = move.cards or ()
    if len(chosen) > 2 or len(set(chosen)) != len(chosen) or \
            any(ref not in cards.refs(mage, match.role(move.seat)) or not cards.tilted(mage, ref)
                for ref in chosen):
        raise IllegalAction("E10.5", N_("Straighten up to two of your tilted cards."))
    for ref in chosen:
        cards.set_tilted(mage, ref, False)
    top.asked.remove(move.seat)


# -- an Invasion card drawn --------------------------------------------------------------------------

def drawn(match: EpicMatch, s: State, outcome: object, news: list[Reveal]) -> None:
    top = s.pending[-1] if s.pending else None
    if top is not None and top.kind == "look":
        glyphs.looked(match, s, top, outcome, news)
        return
    number, card = invasion.take(match.pack, s, outcome)
    if top is None:  # the round's card (E4.1, E5, A-22)
        s.card, s.card_number = card, number
        if card.hammer:  # E5.2
            s.reinforcements = min(match.pack.reinforcements_max, s.reinforcements + 1)
        s.dragon = min(match.pack.dragon_head, s.dragon + card.dragon)  # E5.3: the head ends the game (ends.py)
        if card.chief:  # E5.4
            s.chiefs.append(card)
            s.chief_numbers.append(number)
        s.phase = "turn"
        walls.start_turn(match, s)
        return
    s.drawn.append(number)  # E5.5, A-23: under the cards already drawn, its effects not applied
    s.pending.pop()
    force = sum(n * card.flux[COLOURS.index(d)] for d, n in top.data["glyphs"].items())
    if top.kind == "fight":  # E8.3 to E8.5
        chief = s.chiefs[top.data["chief"]]
        if force >= chief.chief:
            s.mages[top.data["seat"]].chiefs.append(chief.chief)
            del s.chiefs[top.data["chief"]]
            del s.chief_numbers[top.data["chief"]]
        else:
            s.actions_left, s.pool = 0, {}
        return
    attacker = s.mages[top.data["seat"]]  # E9.4, A-28
    attack = force + GUARD_FORCE * attacker.guards
    defence = sum(GUARD_FORCE * s.mages[p].guards + sum(n * card.flux[COLOURS.index(d)] for d, n in g.items())
                  for p, g in top.data["defence"].items())
    if attack > defence:
        s.phase, s.end = "over", {"how": "palace", "seat": attacker.seat}
    else:
        s.actions_left, s.pool = 0, {}  # E9.2: his turn ends


HANDLERS: dict[str, Handler] = {
    "draw": draw, "power": power, "destroy": destroy, "create": create, "craft": craft, "use": use,
    "tribute": tribute, "fight": fight, "guard": guard, "accuse": accuse, "assault": assault,
    "help_craft": help_craft, "give_card": give_card, "give_gems": give_gems, "give_artefact": give_artefact,
    "role_talent": role_talent,
}
ANSWERS: dict[str, Handler] = {"rescue": rescue, "parry": parry, "defend": defend, "straighten": straighten}
assert set(HANDLERS) == set(ACTIONS)
