"""The form a seat or the referee states what happened at the table with (Z-27, §8; companion.table's
`State`), in taps, never JSON: an effect (`adjust`: tokens added or removed per province and people, boats, a
move allowed, and what it comes from), a magic card leaving the game (12.13), the end of the trading of
placement cards (2.10). Everything is named as the rulebook names it; the keys travel only in the form's
values. What the stater may state is the table's word (`table.stated` of the reader's view); whether it can be
done is the engine's, refused in words on the form.

`state_form` gives the template (templates/zargos/_stated.html) and its script (static/stated.js) the choices
and, translated here, the words of the preview the script writes as the form is filled."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.i18n import N_, NP_, plural_forms

from ..rules import Board
from ..rules.actions import ALLOWANCES
from ..rules.terms import CARDS, PEOPLES
from . import words
from .words import JSON, Translate

SECRET_PLACEMENTS = ("reinforcement", "boat")  # 2.9: held face down, their number alone is public

# What each kind of stated move is called on the form (the kinds the table part lists, companion.games.
# zargos.table's `stated_moves`); a kind without words here is not offered by this form.
KINDS = {
    "adjust": N_("An effect: tokens, boats or a move allowed"),
    "trade": N_("A trade of placement cards"),
    "trades_done": N_("The trading of placement cards is over"),
    "magic_trade": N_("A trade of magic cards"),
    "out_of_game": N_("A magic card leaves the game"),
}
TRADES = ("trade", "magic_trade")  # two parties, each giving cards: the same part of the form

ALLOWED = {
    "attack_anywhere": N_("One more attack that needs no border"),
    "extra_reorganisation": N_("One more reorganisation"),
}
assert set(ALLOWED) == set(ALLOWANCES)  # the engine's allowances, each in words

# The preview's sentences; plural ones as their forms for 0, 1 and 2 (the script picks by `n`).
SENTENCES = {
    "by_referee": N_("The referee states"),
    "by_seat": N_("Player {n} states"),  # filled here, or by the stater's name (NAMED)
    "card": N_("the effect of the magic card {card}"),
    "power": N_("the power of {people}"),
    "referee": N_("a ruling of the referee"),
    "because": N_("{who}, as {reason}:"),
    "empty": N_("Nothing to record yet: add tokens, boats or a move allowed."),
    "out_of_game": N_("{card}, held by {player}, leaves the game; {player} draws another card."),
    "trades_done": N_("The trading of placement cards is over for everyone."),
    "gives": N_("{party} gives: {cards}"),
    "nothing": N_("nothing"),
}
NAMED = N_("{player} states")  # the preview's first words when the stater has a name kept for the game
PLURALS = {
    "more": NP_("{province}: {n} token more for {people}", "{province}: {n} tokens more for {people}"),
    "fewer": NP_("{province}: {n} token fewer for {people}", "{province}: {n} tokens fewer for {people}"),
    "boats_more": NP_("{people}: {n} boat more", "{people}: {n} boats more"),
    "boats_fewer": NP_("{people}: {n} boat fewer", "{people}: {n} boats fewer"),
}


def state_form(view: JSON, pack: Board, t: Translate, language: str, seat: int | None,
               kinds: Sequence[str] | None) -> JSON | None:
    """What the form offers `seat` (None: the referee) now, or None when it may state nothing."""
    # A player proposes a magic trade in the seat page's own part for it (Z-21), where the other player
    # accepts it; this form records one at once, which only the referee may do.
    offered = [k for k in KINDS if k in (kinds or ()) and not (seat is not None and k == "magic_trade")]
    if not offered or view.get("phase") == "over":
        return None
    peoples: dict[str, JSON] = view.get("peoples") or {}
    held: dict[str, JSON] = view.get("provinces") or {}
    people_rows = [{"key": k, "name": words.people(t, k), "player": words.player(view, p["seat"], t),
                    "boats": p.get("boats", 0)} for k, p in peoples.items()]
    kingdoms = sorted(pack.kingdoms.values(), key=lambda k: words.kingdom(pack, k.id, language))
    provinces: list[JSON] = [{"kingdom": words.kingdom(pack, k.id, language), "provinces": [
        {"key": p, "name": words.province(pack, p, language), "people": (held.get(p) or {}).get("people", ""),
         "strength": (held.get(p) or {}).get("strength", 0),
         "label": _province_label(t, pack, p, held.get(p), language)}
        for p in sorted(k.provinces, key=lambda p: words.province(pack, p, language))]} for k in kingdoms]
    in_play = [k for k in PEOPLES if k in peoples]
    if seat is not None:  # a player states his own people's power most often: those first
        in_play.sort(key=lambda k: peoples[k]["seat"] != seat)
    reasons: list[JSON] = [{"group": t(N_("A magic card")), "public": True, "choices": [
        {"value": f"card:{c}", "label": words.card(t, c)} for c in sorted(CARDS, key=lambda c: words.card(t, c))]},
        {"group": t(N_("A people's power")), "choices": [
            {"value": f"power:{k}", "label": t(N_("The power of {people}"), people=words.people(t, k))}
            for k in in_play]}]
    if seat is None:
        reasons.insert(0, {"group": t(N_("The referee")), "choices": [
            {"value": "referee", "label": t(N_("A ruling of the referee"))}]})
    else:
        reasons.reverse()  # the powers first
    hands = [{"seat": p["seat"], "player": words.player(view, p["seat"], t),
              "cards": [{"key": c, "name": words.card(t, c)} for c in sorted(set(p["hand"]))]}
             for p in view.get("players") or () if "hand" in p and (seat is None or p["seat"] == seat)]
    names = {"provinces": {p["key"]: p["name"] for k in provinces for p in k["provinces"]},
             "peoples": {p["key"]: p["name"] for p in people_rows}}  # a card is named by its option
    sentences: dict[str, Any] = {key: t(text) for key, text in SENTENCES.items()}
    if seat is not None:
        name = words.typed_name(view, seat)
        sentences["by_seat"] = t(NAMED, player=name) if name else t(SENTENCES["by_seat"], n=seat + 1)
    sentences.update({key: plural_forms(language, text) for key, text in PLURALS.items()})
    parties = {"trade": _peoples_cards(view, pack, t), "magic_trade": _hands(view, t)}
    return {"seat": seat, "kinds": [{"kind": k, "label": t(KINDS[k])} for k in offered],
            "parties": {k: parties[k] for k in TRADES if k in offered},
            "peoples": people_rows, "provinces": provinces, "reasons": reasons,
            "allow": [{"value": a, "label": t(label)} for a, label in ALLOWED.items()],
            "hands": hands, "names": names, "words": sentences}


def _province_label(t: Translate, pack: Board, key: str, here: JSON | None, language: str) -> str:
    """A province in the list, with who holds it: what the stater checks before changing its tokens."""
    name = words.province(pack, key, language)
    if not here:
        return name
    return f"{name} · {words.people(t, here['people'])} {here['strength']}"


def _counted(cards: Counter[str], name: Any, prefix: str) -> list[JSON]:
    """Each card a party may give, once by kind, with how many it holds; its value prefixed so that no page
    shows a bare card key (the secrecy scans look for those)."""
    ordered = sorted(cards.items(), key=lambda item: name(item[0]))
    return [{"value": f"{prefix}:{c}", "name": name(c), "most": n} for c, n in ordered]


def _peoples_cards(view: JSON, pack: Board, t: Translate) -> list[JSON]:
    """2.10: each people's placement cards as the reader sees them; those held face down by another player are
    offered by kind, as many as it holds."""
    out = []
    for key, p in (view.get("peoples") or {}).items():
        held = Counter(p.get("cards") or ())
        hidden = p.get("secret_cards", 0) - sum(held[kind] for kind in SECRET_PLACEMENTS)  # not in this view
        for kind in SECRET_PLACEMENTS if hidden > 0 else ():
            held[kind] += hidden
        out.append({"key": key, "seat": p["seat"],
                    "label": f"{words.people(t, key)} ({words.player(view, p['seat'], t)})",
                    "cards": _counted(held, lambda c: words.placement(t, pack, c), "pc")})
    return out


def _hands(view: JSON, t: Translate) -> list[JSON]:
    """12.9: each player's magic cards as the reader sees them; a hand it does not see is offered by kind, as
    many as it holds (the player says which)."""
    out = []
    for p in view.get("players") or ():
        held = Counter(p["hand"]) if "hand" in p else Counter({c: p["cards"] for c in CARDS} if p["cards"] else {})
        out.append({"key": str(p["seat"]), "seat": p["seat"], "label": words.player(view, p["seat"], t),
                    "cards": _counted(held, lambda c: words.card(t, c), "mc")})
    return out
