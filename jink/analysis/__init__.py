"""What the search's answers mean for a player: ``solve`` (every seat's
verdicts, the cards scored, the principal line) and its result, the line of
play and the notes on it (``line``, ``why``), what a slip should have been
(``instead``), the review of a played deal (``analyse``), the double-dummy
table of a deal (``ddtable``) and the expected verdicts over the card yet to
be turned (``expected``). It asks :mod:`jink.solver` its questions and
never the other way round; the decisions before the play
(:mod:`jink.decisions`) and the applications above build on it.
"""
