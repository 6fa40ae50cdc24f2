"""The choices made before the first card is led, valued double dummy:
robbing the turn-up (``rob``: keep the hand, or rob with each discard) and
declaring to play (``declare``: pass, play the hand, take the widow, a
general rams), each by the game's own rules read from its data. This is the
one statement of those rules: an evening's play (:mod:`jink.session`), the
odds of each choice (:mod:`jink.dealing`) and the command line all ask here.
"""
