"""The compute pool: a bounded set of processes beside the web workers that run every CPU-bound
request (an analysis, the computer players' moves, a hint, a review, a lesson's judgement).

A search in C or in Python never yields, so run in a web worker it would hold every connection that
worker serves (a gevent worker is one thread). Here the worker hands the question to a pool process
over a socket and waits on that socket, which gevent's loop watches like any other: pages, static
files, cheap API calls and event streams go on being answered while the pool thinks.

- The pool's processes are fresh interpreters (``python -m naipes.compute.worker``), not forks: a fork
  of a gevent worker would carry its listening socket and its greenlets along. They run at a lower
  OS priority (``nice``), so that a page's few milliseconds go before a search's second.
- A question is a function and its arguments, pickled: module-level functions and plain values
  (positions, tables, JSON), never a Flask object. The answer, or the engine's refusal, comes back
  the same way.
- The queue is bounded in length and in time: a question that finds ``processes + queue`` ahead of
  it, or that waits ``wait`` seconds for a process, is refused with ``Busy`` (the site's 503).
- A process that dies or overruns ``deadline`` is replaced, and its question fails with ``Broken``.

The pool works the same under gevent (its locks and sockets patched to yield) and with threads (the
development server, Flask's test client).
"""

from __future__ import annotations

import os
import pickle
import queue
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_HEADER = struct.Struct("!I")
DEFAULT_NICE = 10
DEFAULT_WAIT = 10.0
DEFAULT_DEADLINE = 60.0
RETRY_AFTER = 2
"""Seconds a refused client is asked to wait before it asks again (``Retry-After``)."""


class Busy(Exception):
    """The pool is full: the question was not asked, and may be asked again after ``retry_after`` seconds."""

    retry_after = RETRY_AFTER


class Broken(Exception):
    """A pool process died or overran its deadline while answering: a fault, not a refusal."""


def default_processes() -> int:
    return os.cpu_count() or 1


def framed(value: object) -> bytes:
    """``value`` pickled, behind its length."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(payload)) + payload


def send(sock: socket.socket, value: object) -> None:
    sock.sendall(framed(value))


def receive(sock: socket.socket) -> Any:
    """The next pickled value on ``sock``; ``EOFError`` if the other end closed."""
    size = _HEADER.unpack(_exactly(sock, _HEADER.size))[0]
    return pickle.loads(_exactly(sock, size))


def _exactly(sock: socket.socket, size: int) -> bytes:
    data = bytearray()
    while len(data) < size:
        chunk = sock.recv(min(size - len(data), 1 << 20))
        if not chunk:
            raise EOFError("the other end closed")
        data += chunk
    return bytes(data)


class _Process:
    """One pool process and the socket to it."""

    def __init__(self, nice: int, preload: tuple[str, ...], setup: Callable[[], object] | None) -> None:
        ours, theirs = socket.socketpair()
        # The process imports what each question names: it is given this interpreter's path.
        environ = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
        try:
            self.popen = subprocess.Popen(
                [sys.executable, "-m", "naipes.compute.worker", str(theirs.fileno()), str(nice)],
                pass_fds=(theirs.fileno(),), env=environ, stdin=subprocess.DEVNULL)
        finally:
            theirs.close()
        self.sock = ours
        send(self.sock, (preload, setup))

    def ask(self, question: bytes, deadline: float) -> tuple[bool, Any]:
        self.sock.settimeout(deadline)
        self.sock.sendall(question)
        return receive(self.sock)

    def end(self) -> None:
        self.sock.close()
        try:
            self.popen.kill()
            self.popen.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            pass


class Pool:
    """``processes`` pool processes (started on first use, or by ``start``) and at most ``queue_size``
    questions waiting for one, each at most ``wait`` seconds; each process imports ``preload`` and runs
    ``setup`` (a picklable function) before its first question."""

    def __init__(self, processes: int | None = None, queue_size: int | None = None, *, nice: int = DEFAULT_NICE,
                 wait: float = DEFAULT_WAIT, deadline: float = DEFAULT_DEADLINE, preload: tuple[str, ...] = (),
                 setup: Callable[[], object] | None = None) -> None:
        self.processes = processes or default_processes()
        self.queue_size = 2 * self.processes if queue_size is None else queue_size
        self.nice, self.wait, self.deadline, self.preload, self.setup = nice, wait, deadline, preload, setup
        self._idle: queue.LifoQueue[_Process] = queue.LifoQueue()
        self._every: list[_Process] = []
        self._lock = threading.Lock()
        self._asked = 0
        self._closed = False

    def start(self) -> None:
        """Start the processes now, rather than on the first question."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the pool is closed")
            while len(self._every) < self.processes:
                process = _Process(self.nice, self.preload, self.setup)
                self._every.append(process)
                self._idle.put(process)

    def run(self, function: Callable[..., T], *args: object) -> T:
        """``function(*args)`` in a pool process: its answer, or what it raised; ``Busy`` if the pool is full.

        What cannot be pickled is refused here, before any process is taken."""
        question = framed((function, args))
        if len(self._every) < self.processes:
            self.start()
        with self._lock:
            if self._asked >= self.processes + self.queue_size:
                raise Busy()
            self._asked += 1
        try:
            try:
                process = self._idle.get(timeout=self.wait)
            except queue.Empty:
                raise Busy() from None
            try:
                ok, value = process.ask(question, self.deadline)
            except BaseException as error:
                # Cut off mid-question (a fault, a timeout, the request's greenlet killed): its answer
                # may still come, so the process cannot take another question.
                self._replace(process)
                if isinstance(error, (OSError, EOFError)):
                    raise Broken(f"a pool process failed while answering {getattr(function, '__qualname__', function)}"
                                 f": {error!r}") from None
                raise
            self._idle.put(process)
        finally:
            with self._lock:
                self._asked -= 1
        if not ok:
            raise value
        return value

    def _replace(self, process: _Process) -> None:
        process.end()
        with self._lock:
            self._every.remove(process)
            if self._closed:
                return
            fresh = _Process(self.nice, self.preload, self.setup)
            self._every.append(fresh)
        self._idle.put(fresh)

    def close(self) -> None:
        """End every process (the pool refuses questions after this)."""
        with self._lock:
            self._closed = True
            every, self._every = self._every, []
        for process in every:
            process.end()


__all__ = ["Broken", "Busy", "Pool", "default_processes"]
