"""The engine core shared by every game: the decider interface, the table around a game's
stream, the seeded RNG and the JSON codec. Pure: no I/O, no clock, no global randomness."""
