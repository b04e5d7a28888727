"""Old Maid with 51 cards (Q♣ removed), for 2 to 6 players, as the seeds define it."""
