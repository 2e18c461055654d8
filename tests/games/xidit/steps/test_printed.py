"""Pieces named as printed on them, counts grouped, piles told the way hands stack them."""

from __future__ import annotations

import dataclasses

from companion.games.xidit.boards import default_pack
from companion.games.xidit.table import printed

BOARD = default_pack()


def test_a_colossus_is_named_by_its_strength_and_rewards_or_its_printed_label() -> None:
    first = BOARD.colossi[0]
    name = printed.colossus(BOARD, 0).render("en")
    assert name.startswith(f"the {first.needs}-colossus giving {first.gold} gold")
    assert printed.colossus(BOARD, 0).render("fr").startswith(f"le Colosse de {first.needs} qui rapporte")
    labelled = dataclasses.replace(BOARD, colossi=(dataclasses.replace(first, label="the Ice Giant"),
                                                   *BOARD.colossi[1:]))
    assert printed.colossus(labelled, 0).render("en") == "the Ice Giant"


def test_a_region_is_named_by_its_label_else_its_fame_and_cities() -> None:
    plain = next(r for r in BOARD.regions.values() if not r.bastion)
    cities = ", ".join(map(str, sorted(plain.cities)))
    assert printed.region(BOARD, plain.id).render("en") == \
        f"the region ★{plain.fame[0]}/{plain.fame[1]} by cities {cities}"
    regions = dict(BOARD.regions)
    regions[plain.id] = dataclasses.replace(plain, label="the Frozen Marches")
    assert printed.region(dataclasses.replace(BOARD, regions=regions), plain.id).render("fr") == "the Frozen Marches"
    bastion = BOARD.bastion()
    assert bastion is not None and printed.region(BOARD, bastion).render("fr") == "le Bastion"


def test_counts_are_grouped_weakest_first_and_agree_in_number() -> None:
    given = ["infantry", "militia", "militia", "militia"]
    assert printed.units(given).render("en") == "3 militia + 1 infantry"
    assert printed.units(given).render("fr") == "3 milices paysannes + 1 infanterie"
    assert printed.units([("archer", 2), ("mage", 1)]).render("en") == "2 archers + 1 mage"


def test_a_pile_is_stacked_bottom_first_naming_its_top() -> None:
    assert printed.stack([8, 9, 13, 3]).render("en") == "stack, bottom first: 3, 13, 9, 8 (8 on top)"
    assert printed.stack([8, 9]).render("fr") == "empilez, du bas vers le haut\u202f: 9, 8 (8 dessus)"
