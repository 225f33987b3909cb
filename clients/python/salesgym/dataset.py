"""Reader of the datasets that ``salesgym export`` writes (``jsonl`` or ``parquet-ready`` layout)."""

import json
import os
from typing import Any, Dict, List


def _rows(path: str) -> List[Dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_dataset(root: str) -> Dict[str, Any]:
    """Rebuilds each episode's steps: ``{"manifest": {...}, "episodes": [{..., "steps": [{step, action, observation, ...}]}]}``.

    Nested values of the ``parquet-ready`` layout (``*_json`` columns) are parsed back; a screenshot is the PNG's
    absolute path. Raises ValueError when ``root`` is not a salesgym dataset.
    """
    with open(os.path.join(root, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    if manifest.get("format") != "salesgym.dataset":
        raise ValueError(f"{root} is not a salesgym dataset")
    flat = manifest.get("layout") == "parquet-ready"

    def unflatten(row: Dict[str, Any]) -> Dict[str, Any]:
        if not flat:
            return row
        return {(k[:-5] if k.endswith("_json") else k): (json.loads(v) if k.endswith("_json") and v is not None else v) for k, v in row.items()}

    episodes: Dict[str, Dict[str, Any]] = {}
    for e in _rows(os.path.join(root, "episodes.jsonl")):
        e = unflatten(e)
        e["steps"] = []
        episodes[e["episode_id"]] = e
    for s in _rows(os.path.join(root, "steps.jsonl")):
        s = unflatten(s)
        ep = episodes[s["episode_id"]]
        obs = {k: s.get(k) for k in ("url", "title", "axtree", "tabs", "viewport")}
        obs["prompt"] = ep.get("prompt")
        if s.get("marks") is not None:
            obs["marks"] = s["marks"]
        if s.get("screenshot"):
            obs["screenshot"] = os.path.join(root, s["screenshot"])
        ep["steps"].append({k: s.get(k) for k in ("step", "action", "error", "reward", "terminated", "truncated", "agent_ms", "ms")} | {"observation": obs})
    for ep in episodes.values():
        ep["steps"].sort(key=lambda x: x["step"])
    return {"manifest": manifest, "episodes": list(episodes.values())}
