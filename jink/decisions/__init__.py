"""The choices made before the first card is led, valued double dummy:
robbing the turn-up (``rob``: keep the hand, or rob with each discard) and
declaring to play (``declare``: pass, play the hand, take the widow, a
general rams), by the game's own rules read from its data. ``declaring``
states the rules of declaring once (who joins a lone player, what a pass
comes to): ``declare`` values each choice by them, and an evening's play
(:mod:`jink.session`) replays a deal's declarations by them. The odds of
each choice (:mod:`jink.dealing`) and the command line ask here too.
"""
