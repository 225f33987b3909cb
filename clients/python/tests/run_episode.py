"""Plays a blueprint's oracle through SalesGymEnv and prints one JSON line: the rewards and the final info.

    python3 clients/python/tests/run_episode.py hubspot/update-lead-status-v1

Run from the salesgym checkout (or set SALESGYM_ROOT). Used by the e2e test of the Python client.
"""

import json
import os
import sys

from salesgym import SalesGymEnv, SalesGymError, find_repo


def main() -> int:
    task = sys.argv[1]
    root = find_repo()
    platform, slug = task.split("/", 1)
    with open(os.path.join(root, "blueprints", platform, f"{slug}.json"), encoding="utf-8") as f:
        blueprint = json.load(f)
    actions = [a for s in blueprint["steps"] for a in s["actions"]] + [{"done": {}}]
    with SalesGymEnv(task=task, marks=True, viewport=(1280, 800)) as env:
        obs, info = env.reset(seed=None)
        first = {"url": obs["url"], "viewport": obs["viewport"], "marks": len(obs.get("marks") or []), "step": info["step"]}
        bad = env.step({"tap": {}})[4]["error"]
        try:
            env.step({})  # still an info.error, not an exception
            env._call("POST", "/reset", {"task": "hubspot/no-such-task-v1"})
            unknown = None
        except SalesGymError as e:
            unknown = e.status
        obs, info = env.reset()
        total, terminated, truncated = 0.0, False, False
        for a in actions:
            obs, reward, terminated, truncated, info = env.step(a)
            total += reward
            if terminated or truncated:
                break
        print(json.dumps({"first": first, "bad_action_error": bad, "unknown_task_status": unknown, "reward": total, "terminated": terminated, "truncated": truncated, "passed": info["verify"]["passed"], "steps": info["step"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
