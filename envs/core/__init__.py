"""Shared mechanisms of every hoyle game: cards, the rules contract, the OpenSpiel adapter,
observers, the determinizer and the registry. Nothing here is specific to one game."""
