"""tools/threads_side_by_side.py: each deal's full table on one thread and on several, in turns."""

from __future__ import annotations

import json

import pytest

from jink.solver import Solver
from tools.threads_side_by_side import main, side_by_side


def test_each_deal_is_timed_on_both_and_the_slowest_are_compared(
        capsys: pytest.CaptureFixture[str]) -> None:
    one, many = side_by_side(7, 3, 2026, 2, None)
    assert len(one) == len(many) == 3 and min(one + many) > 0
    main(["--players", "7", "--deals", "3", "--slowest", "2"])
    row = json.loads(capsys.readouterr().out)
    assert (row["players"], row["threads"], row["deals"], row["lazy_only"]) == (7, 2, 2, False)
    assert row["one_s"] > 0 and row["many_s"] > 0


def test_other_verdicts_on_more_threads_stop_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    verdicts = Solver.verdicts

    def wrong(self: Solver, *args: object, **kwargs: object) -> object:
        got = verdicts(self, *args, **kwargs)  # type: ignore[arg-type]
        return got[1:] if self.threads > 1 else got

    monkeypatch.setattr(Solver, "verdicts", wrong)
    with pytest.raises(SystemExit, match="deal 0: 2 threads gave other verdicts"):
        side_by_side(5, 2, 2026, 2, None)
