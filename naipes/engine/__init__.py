"""The rules of the three games: pure Python, no I/O, nothing of the web.

Every game module has the same shape (python-chess is the model):

- ``ID`` (the API's game id), ``PLAYERS`` (min, max), ``NEW_GAME_OPTIONS``
  (which of ``players`` and ``dealer`` ``new_game`` accepts);
- ``Position``: an immutable value with ``to_json()`` and ``Position.from_json(data)``,
  the latter validating everything and raising ``InvalidPosition``;
- moves as small frozen dataclasses with ``to_json()``, and
  ``move_from_json(data)`` raising ``InvalidMove`` for anything off-schema;
- ``new_game(seed, **options)`` with its own ``random.Random(seed)``;
- ``legal_moves(position)`` and ``apply(position, move) -> (position, [Event])``,
  raising ``IllegalMove(code, message, **params)`` and never changing the position.

``naipes.engine.games.GAMES`` maps each game id to its module.
"""
