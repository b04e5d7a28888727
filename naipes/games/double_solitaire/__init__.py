"""The Double Solitaire race: two Klondike layouts racing to eight shared foundations."""
