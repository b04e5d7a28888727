"""Solo Whist's computer players, behind ``player.py``: the rules of thumb the rules page teaches
(``heuristics``), and the strong player's bidding by simulation (``bidding``) and card play by sampling
(``sampling``), both dealing the unseen cards to fit what the auction said (``deals``)."""
