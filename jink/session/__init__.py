"""An evening's play: the deals of a session file replayed in order, each
checked, and the pool and every player's counters kept by the game's own
rules (its :class:`~jink.games.ledger.Ledger`).

>>> from jink.session.file import parse_session
>>> from jink.session.evening import play_evening
>>> text = '''
... game = "spoil-five"
... players = ["Ann", "Bob"]
... [[deal]]
... turnup = "2S"
... hands = ["5S JS KH QH JH", "9C 8C 7C 6C 4C"]
... play = ["5S 4C", "JS 6C", "KH 7C"]
... '''
>>> evening = play_evening(parse_session(text))
>>> evening.deals[0].events
['a fresh pool: each player puts up 1', 'Ann takes the pool with 3 tricks: 2 counters']
>>> evening.holdings
{'Ann': 21, 'Bob': 19}
"""
