"""Shared test helpers: the list of game configurations and seeded random playouts."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pyspiel
from scipy.stats import chisquare

import hoyle.envs
from hoyle.agents import make
from hoyle.envs.core.cards import format_card, parse_cards
from hoyle.envs.core.registry import GameSpec


def _configs() -> list[tuple[GameSpec, tuple[tuple[str, Any], ...]]]:
    out = []
    for name in sorted(hoyle.envs.GAMES):
        spec = hoyle.envs.GAMES[name]
        configs = [()]
        configs += [tuple(sorted(p.items())) for p in spec.variants.values()]
        # The small configuration for exact solving must be a correct game too.
        configs.append(tuple(sorted(spec.small_config.items())))
        if spec.tiny_config is not None:  # and the one for OpenSpiel's full-tree solvers
            configs.append(tuple(sorted(spec.tiny_config.items())))
        out += [(spec, c) for c in dict.fromkeys(configs)]
    return out


CONFIGS = _configs()
"""Every registered game with its defaults, then each declared variant, its small and its
tiny configuration."""


def config_id(config: tuple[GameSpec, tuple[tuple[str, Any], ...]]) -> str:
    spec, params = config
    if not params:
        return spec.short_name
    for vname, vparams in spec.variants.items():
        if tuple(sorted(vparams.items())) == params:
            return f"{spec.short_name}-{vname}"
    if spec.tiny_config is not None and tuple(sorted(spec.tiny_config.items())) == params:
        return f"{spec.short_name}-tiny_config"
    return f"{spec.short_name}-small_config"


def replaying(
    config: tuple[GameSpec, tuple[tuple[str, Any], ...]],
) -> tuple[GameSpec, tuple[tuple[str, Any], ...]]:
    """The configuration a check that rebuilds state after state from its history plays (every
    re-deal does; so does ``random_sim_test`` with serialization): the game's ``replay_config``
    laid under the configuration's own parameters (Authors' variants on a shorter pack); the
    configuration itself where the game declares none."""
    spec, params = config
    if not spec.replay_config:
        return config
    return spec, tuple(sorted({**spec.replay_config, **dict(params)}.items()))


def load_replaying(spiel_name: str) -> Any:
    """The game ``spiel_name`` with its ``replay_config`` (:func:`replaying`), for the checks of
    a search, which re-deals at every simulation."""
    spec = next(s for s in hoyle.envs.GAMES.values() if s.spiel_name == spiel_name)
    return _load(spiel_name, replaying((spec, ()))[1])


@functools.cache
def _load(name: str, params: tuple[tuple[str, Any], ...]) -> Any:
    return pyspiel.load_game(name, dict(params))


def load_config(config: tuple[GameSpec, tuple[tuple[str, Any], ...]]) -> Any:
    spec, params = config
    return _load(spec.spiel_name, params)


def random_playout_states(game: Any, rng: random.Random) -> Iterator[Any]:
    """Every state of one seeded random game, terminal included (each a fresh clone)."""
    state = game.new_initial_state()
    while True:
        yield state.clone()
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def decides_with_cards_hidden(game: Any, games: int = 3) -> bool:
    """Whether a decision of a few seeded random games is taken while a seat holds a card that
    another player cannot see (a hidden card, as the game declares it to the determinizer,
    whose holder is a seat, not the stock) and cannot place: his hidden cards lie with two
    holders or more (a re-deal keeps each holder's number of cards, so with one it can only
    give back the deal itself). A game that declares nothing is taken to.

    The generic determinizer and leak tests need such decisions. Matrimony has none: every
    decision is a stake, and the stakes come before the deal's cards. Two-handed Authors has
    none: once the deal is over, every card hidden from a player is in his opponent's hand.
    """
    from hoyle.envs.core.determinize import DeclaresHidden

    rules = game.rules
    if not isinstance(rules, DeclaresHidden):
        return True
    for g in range(games):
        for state in random_playout_states(game, random.Random(g)):
            if state.is_terminal() or state.is_chance_node():
                continue
            for q in range(game.num_players()):
                holders = set(rules.hidden_cards(state.s, q).values())
                if len(holders) > 1 and any(not isinstance(h, str) for h in holders):
                    return True
    return False


def holds_cards_he_sees(game: Any, games: int = 3) -> bool:
    """Whether a decision of a few seeded random games is taken while a seat holds a card
    hidden from another player that he sees himself (it is not among his own hidden cards),
    and that the other player cannot place: his hidden cards lie with two holders or more.

    Speculation has none: nobody looks at his own face-down cards, so a re-deal changes only
    cards hidden from everyone. Two-handed Authors has none once the deal is over: every card
    hidden from a player is in his one opponent's hand, and a re-deal keeps each holder's
    number of cards (:func:`hoyle.envs.core.determinize.redeal_unseen`), so the only re-deal
    is the deal itself. A game that declares nothing is taken to.
    """
    from hoyle.envs.core.determinize import DeclaresHidden

    rules = game.rules
    if not isinstance(rules, DeclaresHidden):
        return True
    n = game.num_players()
    for g in range(games):
        for state in random_playout_states(game, random.Random(g)):
            if state.is_terminal() or state.is_chance_node():
                continue
            for p in range(n):
                hidden = rules.hidden_cards(state.s, p)
                if len(set(hidden.values())) < 2:
                    continue  # one holder: he knows which cards it holds
                for c, h in hidden.items():
                    if isinstance(h, int) and h != p and c not in rules.hidden_cards(state.s, h):
                        return True
    return False


def play_out(game: Any, rng: random.Random, bots: Sequence[Any] | None = None) -> Any:
    """One seeded game to its end: chance drawn by ``rng``, each decision by the bot of the
    player to move (checked legal) or, without bots, uniformly at random. The final state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif bots is None:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions(), (action, state.legal_actions())
            state.apply_action(action)
    return state


def names(state: Any) -> dict[str, int]:
    """The legal actions (or chance outcomes) of ``state`` by their words."""
    cur = state.current_player()
    acts = (
        [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    )
    return {state.action_to_string(cur, a): a for a in acts}


def play(state: Any, *tricks: str) -> Any:
    """Play tricks, each written as its cards in the order played (from the leader)."""
    for t in tricks:
        for c in parse_cards(t):
            assert c in state.legal_actions(), (t, format_card(c), state)
            state.apply_action(c)
    return state


def play_deal(game: Any, specs: Sequence[str], deal: int, seed: int, reasons: Counter[str]) -> Any:
    """One deal (or episode) with these agents by player, chance drawn from the deal's own
    seeded stream (one card a chance node: every seating of the deal gets the same cards); the
    heuristic's choosing hints are counted in ``reasons``. The returns."""
    bots = [make(specs[q], game, seed=deal * 8 + q) for q in range(game.num_players())]
    chance = random.Random(seed * 100_000 + deal)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice([a for a, _ in state.chance_outcomes()]))
        else:
            q = state.current_player()
            action = bots[q].step(state)
            if specs[q] == "heuristic":
                reasons[bots[q].last_reason or "none"] += 1
            state.apply_action(action)
    return state.returns()


def side_duplicate_means(
    game: Any, deals: int, seed: int, reasons: Counter[str] | None = None, spec: str = "heuristic"
) -> list[float]:
    """In a four-handed partnership game (seats 0 and 2 against 1 and 3): ``spec``'s side's
    return on each deal against ``random``, averaged over its two seatings (the duplicate)."""
    seen: Counter[str] = Counter() if reasons is None else reasons
    out = []
    for d in range(deals):
        even = play_deal(game, [spec, "random"] * 2, d, seed, seen)[0]
        odd = play_deal(game, ["random", spec] * 2, d, seed, seen)[1]
        out.append((even + odd) / 2)
    return out


def seat_duplicate_means(
    game: Any,
    deals: int,
    seed: int,
    spec: str = "heuristic",
    other: str = "random",
    reasons: Counter[str] | None = None,
) -> list[float]:
    """In a game where every seat plays for himself: ``spec``'s return on each deal against
    ``other`` in every other seat, averaged over all its seats (the duplicate: every seating
    of the deal gets the same cards)."""
    seen: Counter[str] = Counter() if reasons is None else reasons
    n = game.num_players()
    out = []
    for d in range(deals):
        total = 0.0
        for seat in range(n):
            specs = [other] * n
            specs[seat] = spec
            total += play_deal(game, specs, d, seed, seen)[seat]
        out.append(total / n)
    return out


def do(state: Any, *words: str) -> Any:
    """Play moves (or chance outcomes) given in the book's words; each must be legal here."""
    for w in words:
        legal = names(state)
        assert w in legal, f"{w!r} is not legal here; legal: {sorted(legal)}\n{state}"
        state.apply_action(legal[w])
    return state


def draws_misfit(
    worlds: Mapping[Any, float],
    draw: Callable[[], Any],
    per_world: int,
    alpha: float,
    what: str,
) -> str | None:
    """The determinizer's draws against the worlds of one information state (each with its
    weight): ``per_world`` draws a world, each one asserted to be a world (``what`` names the
    state in the message), then a chi-square test of their counts. ``None`` if they fit (p
    above ``alpha``), else a line saying how they did not."""
    keys = sorted(worlds)
    total = sum(worlds.values())
    draws = per_world * len(keys)
    seen: Counter[Any] = Counter()
    for _ in range(draws):
        key = draw()
        assert key in worlds, f"{what}: a draw is not one of the worlds: {key}"
        seen[key] += 1
    observed = [seen[k] for k in keys]
    expected = [draws * worlds[k] / total for k in keys]
    p = chisquare(observed, expected).pvalue
    if p > alpha:
        return None
    return (f"{what}, {len(keys)} worlds, p={p:.2g}: observed {observed}, "
            f"expected {[round(e, 1) for e in expected]}")  # fmt: skip


def dealt_hands(spiel_name: str, hands: Sequence[str], **params: Any) -> Any:
    """A state of a stops game (``envs/core/stops.py``) with ``hands`` dealt, one string per
    player (``players`` and ``hand_size`` from them); the rest of the pack is the stops."""
    n = len(hands)
    size = len(hands[0].split())
    game = pyspiel.load_game(spiel_name, {"players": n, "hand_size": size, **params})
    state = game.new_initial_state()
    cards = [parse_cards(h) for h in hands]
    k = 0
    while state.is_chance_node():
        state.apply_action(cards[game.rules.deal_recipient(state.s, k)][k // n])
        k += 1
    return state


def choose(state: Any, *off: str, seed: int = 0) -> tuple[int, str | None]:
    """The heuristic's move in ``state`` with the hints ``off`` switched off, and the hint
    that chose it."""
    spec = "heuristic" + "".join(f":-{o}" for o in off)
    bot = make(spec, state.get_game(), seed=seed)
    action = bot.step(state)
    return action, bot.last_reason
