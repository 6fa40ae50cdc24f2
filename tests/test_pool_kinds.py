"""The relaxed game's kinds of pool card (jink/solver/core/relaxed.c, the
leads of ``relaxed``; docs/solver.md, "The game is small"): a pool seat's
cards play alike, and one of them is led for all, only where no card of
the asker's, of a threat's, or of another pool seat's (one it has still to
use) lies between them. Another pool seat's card between two of them could
overtake the lower and so take the lead, which the kind's best would stand
against.

The positions below are hand-overs ("can everybody but the asker bring
this seat to three?") of six to eight seats, found by a differential
sweep (90,000 positions): in each, the relaxed game with kinds read against the asker's and
the threats' cards alone settled the hand-over as failing unsearched, and
with another pool seat's card between two cards of a kind it does not
(it is then the search's to answer). The plain kernel answers them as the
core does.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from jink.formats.files import position_from_dict
from jink.solver import Solver, native
from jink.solver.goals import Helped
from tests import mutants

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

#: Each a position, the asker (seat 1 up) and the seat the others would
#: bring to three.
HAND_OVERS: list[dict[str, Any]] = [
    {"position": {"game": "spoil-five", "trump": "S", "leader": 7, "won": [0, 0, 0, 0, 0, 0, 2],
                  "hands": ["KH QC", "4D 6D", "4S AS 7H", "3D 8D 7C", "5S 3H 9H", "5H JD 4C",
                            "QD 3C"], "trick": "6S AH QS"}, "asker": 2, "seat": 7},
    {"position": {"game": "spoil-five", "trump": "S", "leader": 7, "won": [0, 0, 0, 0, 0, 0, 2],
                  "hands": ["KH QC", "4D 6D", "4S 7H", "8D 7C", "5S 3H 9H", "5H JD 4C",
                            "QD 3C"], "trick": "6S AH QS AS 3D"}, "asker": 4, "seat": 7},
    {"position": {"game": "spoil-five", "trump": "S", "leader": 7, "won": [0, 0, 0, 0, 0, 0, 2],
                  "hands": ["KH QC", "4D 6D", "AS 7H", "8D 7C", "5S 3H 9H", "5H JD 4C",
                            "QD 3C"], "trick": "6S AH QS 4S 3D"}, "asker": 4, "seat": 7},
    {"position": {"game": "spoil-five", "trump": "S", "leader": 7, "won": [0, 0, 0, 0, 0, 0, 2],
                  "hands": ["AH QC", "4D 6D", "4S 7H", "8D 7C", "5S 3H 9H", "5H JD 4C",
                            "QD 3C"], "trick": "6S KH QS AS 3D"}, "asker": 4, "seat": 7},
    {"position": {"game": "spoil-five", "trump": "S", "leader": 4, "won": [0, 0, 0, 2, 0, 0],
                  "hands": ["5H 2D AC", "JS 6H 8H", "3S TS TD", "8D 3C KC", "4S 4D QD",
                            "7H 7C 8C"]}, "asker": 5, "seat": 4},
    {"position": {"game": "spoil-five", "trump": "D", "leader": 3, "won": [0, 0, 2, 0, 0, 0],
                  "hands": ["JS QS 7C", "3S KS TD", "3C 9C", "JH 8D", "6S TH", "6H 7H 7D"],
                  "trick": "QC 9D 2H"}, "asker": 5, "seat": 3},
    {"position": {"game": "spoil-five", "trump": "D", "leader": 3, "won": [0, 0, 2, 0, 0, 0],
                  "hands": ["JS QS 7C", "3S KS TD", "3C 9C QC", "JH 8D 9D", "6S 2H TH",
                            "6H 7H 7D"]}, "asker": 6, "seat": 3},
    {"position": {"game": "spoil-five", "trump": "H", "leader": 6,
                  "won": [0, 0, 0, 0, 1, 1, 0, 0],
                  "hands": ["6D 4C QC", "AS 3D JC", "4S 8S 5C", "KH TD AC", "2S QH AD",
                            "4D JD KD", "JS 7D 8C", "3H 4H 7C"]}, "asker": 2, "seat": 5},
]

#: The line that reads another pool seat's cards into the kinds.
OTHER_POOL = "if (h != g) theirs |= x->gcards[h] & ~x->used;"


def hand_over(solver: Solver, case: dict[str, Any]) -> tuple[bool, int]:
    """The hand-over's answer and the nodes it took."""
    position = position_from_dict(case["position"])
    others = frozenset(range(position.players)) - {case["asker"] - 1}
    answer = solver._prove(position, others, Helped(case["seat"] - 1, 3), None)
    return answer, solver.nodes


@pytest.mark.parametrize("case", HAND_OVERS, ids=lambda c: f"{len(c['position']['hands'])}-seats")
def test_the_hand_over_is_searched_and_exact(case: dict[str, Any]) -> None:
    relaxed = Solver(engine="native", settlers=["relaxed"])
    answer, nodes = hand_over(relaxed, case)
    assert nodes > 1  # (the relaxed game does not settle it at the root)
    assert answer is hand_over(Solver(engine="native", exact=True), case)[0] is False
    assert hand_over(Solver(engine="native"), case)[0] is False


@pytest.mark.ci
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core")
def test_kinds_read_against_the_asker_and_threats_alone_settle_them(tmp_path: Path) -> None:
    text = mutants.source_text()
    assert text.count(OTHER_POOL) == 1
    module = mutants.build_text(text.replace(OTHER_POOL, "(void)h;"), "kinds_theirs",
                                tmp_path, exact=True)
    with mutants.core(module):
        for case in HAND_OVERS:
            answer, nodes = hand_over(Solver(engine="native", settlers=["relaxed"]), case)
            assert answer is False
            assert nodes <= 1  # (settled at the root: in a trick, at its first node)
