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

Each rule is one check returning a ``Refusal`` or ``None`` (``refusal(position,
move)``): ``legal_moves`` keeps the candidates it lets through, ``apply`` raises
what it finds. Each game's JSON shapes are declared once in ``<game>_json.py``
(msgspec structs), from which reading, writing and the JSON Schema
(``schemas.json_schemas``) derive; ``<game>_view.py`` is what one seat may see.
Solo Whist is split by reason to change: ``solo_whist_auction``, ``_moves``,
``_tricks`` (play and settlement), ``_position`` (what a reachable position is).

``naipes.engine.games.GAMES`` holds the games by id, each bound to the contract
``games.Rules``.
"""
