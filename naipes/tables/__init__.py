"""What every computer player shares: the table driver (``table``), for any game in ``naipes.games``.

Each game's own player lives in its package (``naipes.games.<game>.player``);
its answer is a ``naipes.engine.choice.Choice``.
"""
