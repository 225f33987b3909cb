"""``SalesGymEnv``: reset/step over HTTP against ``salesgym serve-env`` (started by the env unless ``url`` is given).

Observations and actions are the harness's JSON as Python dicts: an observation has ``url``, ``title``,
``axtree``, ``prompt``, ``policy_url`` (the team's Rules of Engagement; the reset's observation also has
``policy``, its Markdown), ``tabs``, ``viewport`` (``width``, ``height`` in CSS pixels, ``device_scale_factor``),
and, when asked, ``screenshot`` (base64 PNG) and ``marks`` (element boxes with their ids). An action is an
element action (``{"click": {"role": "button", "name": "Save"}}``, ``{"fill": {"label": "Email", "value": "a"}}``)
or a computer-use action (``{"click": {"x": 10, "y": 20}}``, ``{"type": {"text": "hi"}}``,
``{"key": {"keys": "ctrl+a"}}``, ``{"scroll": {"x": 1, "y": 1, "dx": 0, "dy": 300}}``), or ``{"done": {}}``.
The reward is 0 until the episode ends, then the verifier's score.
"""

import json
import os
import subprocess
import urllib.error
import urllib.request
from typing import Any, Dict, Optional, Tuple

try:  # Subclass gymnasium.Env when it is there; plain object otherwise.
    import gymnasium as _gym  # type: ignore

    _Base: Any = _gym.Env
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    _Base = object


class SalesGymError(RuntimeError):
    """The service answered an error: ``status`` 400 (bad task, option or body), 409 (no reset yet), 503 (infrastructure)."""

    def __init__(self, status: int, message: str):
        super().__init__(f"salesgym serve-env answered {status}: {message}")
        self.status = status


def find_repo(start: Optional[str] = None) -> str:
    """The salesgym checkout: ``$SALESGYM_ROOT``, else the first folder up from ``start`` (default: cwd) with ``harness/salesgym.js``.

    Raises FileNotFoundError when there is none.
    """
    env = os.environ.get("SALESGYM_ROOT")
    if env:
        return env
    d = os.path.abspath(start or os.getcwd())
    while True:
        if os.path.isfile(os.path.join(d, "harness", "salesgym.js")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            raise FileNotFoundError("no salesgym checkout found: set SALESGYM_ROOT or pass repo=")
        d = parent


class SalesGymEnv(_Base):  # type: ignore[misc, valid-type]
    """One salesgym task as a Gymnasium-style env.

    Args:
        task: blueprint id, e.g. ``"hubspot/update-lead-status-v1"``.
        url: a running ``salesgym serve-env`` (``http://127.0.0.1:PORT``); default: start one (and stop it on close).
        repo: the salesgym checkout that starts it (default :func:`find_repo`); ``node`` is the Node binary.
        seed, max_steps, reward ("binary" | "partial"), screenshot, marks, axtree, viewport ((w, h) CSS px),
        device_scale_factor: the env's options (sent with every reset).
        timeout: seconds to wait for one HTTP answer (a reset starts a browser context: allow some).
    """

    metadata = {"render_modes": []}

    def __init__(
        self,
        task: str,
        url: Optional[str] = None,
        repo: Optional[str] = None,
        node: str = "node",
        seed: Optional[int] = None,
        max_steps: Optional[int] = None,
        reward: Optional[str] = None,
        screenshot: bool = False,
        marks: bool = False,
        axtree: bool = True,
        viewport: Optional[Tuple[int, int]] = None,
        device_scale_factor: Optional[float] = None,
        timeout: float = 180.0,
    ):
        self.task = task
        self.timeout = timeout
        self._seed = seed
        self._options: Dict[str, Any] = {"screenshot": screenshot, "marks": marks, "axtree": axtree}
        if max_steps is not None:
            self._options["max_steps"] = max_steps
        if reward is not None:
            self._options["reward"] = reward
        if viewport is not None:
            self._options["viewport"] = {"width": int(viewport[0]), "height": int(viewport[1])}
        if device_scale_factor is not None:
            self._options["device_scale_factor"] = device_scale_factor
        self._proc: Optional[subprocess.Popen] = None
        if url is None:
            root = repo or find_repo()
            self._proc = subprocess.Popen(
                [node, os.path.join(root, "harness", "salesgym.js"), "serve-env", "--port", "0"],
                cwd=root,
                stdout=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                text=True,
            )
            assert self._proc.stdout is not None
            line = self._proc.stdout.readline()
            marker = "env service at "
            if marker not in line:
                code = self._proc.wait(timeout=30)
                raise RuntimeError(f"salesgym serve-env did not start (exit {code}): {line.strip()!r}")
            url = line.split(marker, 1)[1].split()[0]
        self.url = url.rstrip("/")
        self.observation: Optional[Dict[str, Any]] = None

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                return json.loads(res.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            text = e.read().decode("utf-8", "replace")
            try:
                message = json.loads(text).get("error", text)
            except ValueError:
                message = text
            raise SalesGymError(e.code, message) from None

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """Starts a new episode (fresh browser context, the gym reset to the task). Returns ``(observation, info)``."""
        body: Dict[str, Any] = {"task": self.task, **self._options, **(options or {})}
        s = seed if seed is not None else self._seed
        if s is not None:
            body["seed"] = int(s)
        r = self._call("POST", "/reset", body)
        self.observation = r["observation"]
        return r["observation"], r["info"]

    def step(self, action: Dict[str, Any]) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """Acts. Returns ``(observation, reward, terminated, truncated, info)``; an invalid action is ``info["error"]``."""
        r = self._call("POST", "/step", {"action": action})
        self.observation = r["observation"]
        return r["observation"], float(r["reward"]), bool(r["terminated"]), bool(r["truncated"]), r["info"]

    def state(self) -> Dict[str, Any]:
        """The gym's canonical state export of the current episode."""
        return self._call("GET", "/state")

    def close(self) -> None:
        """Ends the episode and stops the service this env started. Idempotent."""
        try:
            if self.url:
                self._call("POST", "/close", {})
        except (OSError, SalesGymError):
            pass
        if self._proc is not None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
            if self._proc.stdout:
                self._proc.stdout.close()
            self._proc = None

    def __enter__(self) -> "SalesGymEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
