"""Python client of salesgym: a Gymnasium-style env over the Node harness, and the dataset reader.

    from salesgym import SalesGymEnv
    env = SalesGymEnv(task="hubspot/update-lead-status-v1", marks=True)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step({"click": {"x": 120, "y": 48}})
    env.close()

Standard library only. When ``gymnasium`` is importable, ``SalesGymEnv`` subclasses ``gymnasium.Env``.
"""

from .env import SalesGymEnv, SalesGymError, find_repo
from .dataset import read_dataset

__all__ = ["SalesGymEnv", "SalesGymError", "find_repo", "read_dataset"]
__version__ = "0.1.0"
