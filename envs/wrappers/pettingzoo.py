"""The PettingZoo entry point: ``hoyle.envs.wrappers.pettingzoo.env("hoyle_conquian")``::

    from hoyle.envs.wrappers import pettingzoo as hoyle_pz

    e = hoyle_pz.env("conquian")
    raw = hoyle_pz.raw_env("hoyle_cassino", players=3)

``env`` wraps the environment in PettingZoo's ``OrderEnforcingWrapper``; ``raw_env`` does not.
The implementation is in :mod:`hoyle.envs.wrappers.pettingzoo_env` (this module only names it,
so that inside the package the real ``pettingzoo`` is always imported absolutely).
"""

from __future__ import annotations

from hoyle.envs.wrappers.pettingzoo_env import HoyleAECEnv, env, raw_env

__all__ = ["HoyleAECEnv", "env", "raw_env"]
