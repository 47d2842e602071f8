"""hoyle's games: OpenSpiel games (``hoyle_<name>``), Gymnasium ids (``hoyle/<Name>-v<k>``) and
PettingZoo environments, all registered when this package is imported."""

from __future__ import annotations

from hoyle.envs import games as _games  # noqa: F401  (registers every game with OpenSpiel)
from hoyle.envs.core.registry import GAMES, get_spec, load
from hoyle.envs.games.bagatelle.env import register_env as _register_bagatelle
from hoyle.envs.wrappers.gymnasium_env import register_gymnasium_envs

_register_bagatelle()  # first: Bagatelle's own continuous-stroke env owns its id
register_gymnasium_envs()

__all__ = ["GAMES", "get_spec", "load"]
