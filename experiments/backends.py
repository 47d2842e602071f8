"""Where the games of a match or tournament are played: local processes or a Ray cluster.

A backend runs tasks — calls of a module-level function on picklable arguments — and hands back
their results as they finish, in any order. The engine (:func:`hoyle.experiments.match.run_tables`)
keeps a few tasks per slot in flight and writes the rows of each finished task; it never depends
on which backend ran what, because a game's rows depend only on the seeds derived for it. So
``workers=1``, ``workers=4`` and ``backend="ray"`` give the same results table.

- :class:`LocalBackend`: a ``multiprocessing`` pool of ``workers`` processes that ignore Ctrl-C
  (the parent stops them with ``terminate``, after saving what has finished).
- :class:`RayBackend`: one Ray task per batch. With ``address`` it joins a running cluster
  (``ray start --head`` on the head node, ``ray start --address=...`` on the others; every node
  needs hoyle installed, as for any Ray job); without, it starts Ray on this machine with
  ``num_cpus`` CPUs and shuts it down at the end. Ray is an optional extra
  (``pip install 'hoyle[ray]'``) imported only here, only when asked for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
from collections.abc import Callable
from typing import Any, Protocol

BACKENDS = ("local", "ray")


class BackendUnavailable(RuntimeError):
    """The backend asked for cannot run here (Ray missing, or the cluster unreachable)."""


class Backend(Protocol):
    """Runs ``fn(*args)`` tasks; ``next()`` blocks until one finishes and returns its key and
    result (re-raising the task's exception)."""

    slots: int

    def submit(self, key: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> None: ...

    def next(self) -> tuple[int, Any]: ...

    def close(self, cancel: bool = False) -> None: ...


def _worker_signals() -> None:
    """Workers leave Ctrl-C to the parent, which stops them with SIGTERM (``Pool.terminate``):
    ignore SIGINT, and die quietly on SIGTERM whatever handler the parent had installed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class LocalBackend:
    """``workers`` local processes (0: one per CPU)."""

    def __init__(self, workers: int) -> None:
        self.slots = workers if workers > 0 else (os.cpu_count() or 1)
        self._pool = multiprocessing.get_context().Pool(self.slots, initializer=_worker_signals)
        self._done: queue.Queue[tuple[int, bool, Any]] = queue.Queue()

    def submit(self, key: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self._pool.apply_async(
            fn,
            args,
            callback=lambda r: self._done.put((key, True, r)),
            error_callback=lambda e: self._done.put((key, False, e)),
        )

    def next(self) -> tuple[int, Any]:
        key, ok, value = self._done.get()
        if not ok:
            raise value
        return key, value

    def close(self, cancel: bool = False) -> None:
        if cancel:
            self._pool.terminate()  # Ctrl-C or a failing task: stop now; parts stay on disk.
        else:
            self._pool.close()
        self._pool.join()


def import_ray() -> Any:
    """The ``ray`` module, or :class:`BackendUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendUnavailable(
            "the Ray backend needs ray, an optional extra: pip install 'hoyle[ray]'"
        ) from None
    return ray


class RayBackend:
    """Tasks on a Ray cluster at ``address``, or on a local Ray with ``num_cpus`` CPUs."""

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        ray = import_ray()
        self._ray = ray
        self._started = not ray.is_initialized()
        # ray.init installs its own SIGTERM handler and leaves it behind: restored at close.
        self._sigterm = signal.getsignal(signal.SIGTERM)
        if self._started:
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            try:
                if address:
                    ray.init(address=address, **kwargs)
                else:
                    ray.init(num_cpus=num_cpus or os.cpu_count() or 1, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as e:
                where = f"the Ray cluster at {address}" if address else "a local Ray"
                raise BackendUnavailable(f"cannot start {where}: {e}") from None
        self.slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._refs: dict[Any, int] = {}
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, key: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        if fn not in self._remote:
            self._remote[fn] = self._ray.remote(num_cpus=1, max_retries=2)(fn)
        self._refs[self._remote[fn].remote(*args)] = key

    def next(self) -> tuple[int, Any]:
        (ref,), _ = self._ray.wait(list(self._refs), num_returns=1)
        key = self._refs.pop(ref)
        try:
            return key, self._ray.get(ref)
        except self._ray.exceptions.RayTaskError as e:
            raise e.as_instanceof_cause() from None

    def close(self, cancel: bool = False) -> None:
        if cancel:
            for ref in self._refs:
                self._ray.cancel(ref, force=True)
        self._refs.clear()
        if self._started:
            self._ray.shutdown()
            # Not in the main thread, or a handler not set from Python: leave it.
            with contextlib.suppress(TypeError, ValueError):
                signal.signal(signal.SIGTERM, self._sigterm)


def make_backend(
    backend: str, workers: int = 1, address: str | None = None
) -> LocalBackend | RayBackend:
    """The backend named ``backend`` (``local`` or ``ray``).

    ``workers`` is the number of local processes, or for a Ray started here its CPUs
    (0: every CPU); a Ray cluster at ``address`` brings its own.
    """
    if backend == "local":
        return LocalBackend(workers)
    if backend == "ray":
        return RayBackend(address, workers if workers > 0 else None)
    raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
