"""The kernel: what no game owns. Pure Python, no I/O, nothing of the web.

``cards`` (the one card model), ``errors`` (every refusal and its code),
``events``, ``decode`` (what the games' JSON shapes share), ``deal`` (a new game's
shuffle and dealer, for games dealt from one pack), ``sentences`` (what
a game says, for the web layer to translate), ``choice`` (a computer player's
answer), ``values`` (what every game's positions, moves and views offer),
``contract`` (``Rules``, the base class of the contract every game keeps, which
each game's ``game`` module subclasses, and the ``Protocol`` each of the game's
modules meets) and ``schemas`` (the JSON
Schemas derived from the games' declared shapes).

Every game (``naipes.games.<game>``) has the same shape, python-chess being the model:

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
what it finds. Values write their own JSON through the shapes declared in the
game's ``shapes`` module.
"""
