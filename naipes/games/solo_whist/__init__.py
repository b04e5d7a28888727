"""Solo Whist: four players, 52 cards, an auction of contracts, then the tricks."""
