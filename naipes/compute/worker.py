"""A pool process: ``python -m naipes.compute.worker FD NICE``, started by ``naipes.compute.Pool``.

It lowers its priority by ``NICE`` first, so that even its start goes after the web workers' requests;
then it imports the modules it is sent (what the questions are made of, loaded before the first
question rather than during it), runs the setup it is sent (if any), and answers the questions that
come on the socket ``FD`` one at a time, each with ``(True, answer)`` or ``(False, exception)``, until
the socket closes (the web worker stopped or replaced it).
"""

from __future__ import annotations

import importlib
import os
import pickle
import signal
import socket
import sys

from . import receive, send


def _answer(question: tuple) -> tuple[bool, object]:
    function, args = question
    try:
        return True, function(*args)
    except Exception as error:  # noqa: BLE001 - every failure goes back to the asker, who raises it
        return False, error


def _sent(sock: socket.socket, answer: tuple[bool, object]) -> None:
    try:
        send(sock, answer)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        send(sock, (False, RuntimeError(f"the answer could not be sent back: {error!r}")))


def main(argv: list[str]) -> None:
    # The web worker ends this process; a Ctrl-C in the terminal is the server's to handle.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    fd, nice = int(argv[0]), int(argv[1])
    if nice:
        os.nice(nice)
    sock = socket.socket(fileno=fd)
    # A gevent worker's sockets are non-blocking underneath, and this one was made there.
    sock.setblocking(True)
    try:
        preload, setup = receive(sock)
        for name in preload:
            importlib.import_module(name)
        if setup is not None:
            setup()
        while True:
            _sent(sock, _answer(receive(sock)))
    except (EOFError, ConnectionError):
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
