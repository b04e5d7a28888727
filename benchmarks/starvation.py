"""Can a few clients starve the readers? The production server (gunicorn, ``--workers`` gevent workers)
on loopback, a reader looping on ``GET /es/``, and one attack at a time:

1. ``analysis``: six clients, each from its own address, looping on the hardest Solo Whist analysis
   positions (a misère the search cannot value within its cap, its suits renamed at each request);
2. ``moves``: six clients repeating a table move at a Solo Whist table of three strong computers;
3. ``hints``: six clients asking the strongest player's hint at such a table;
4. ``kept-alive``: fifteen readers on kept-alive connections, each asking a page every tenth of a second,
   while one client asks an analysis: each reader's worst answer during it;
5. ``slow-bodies``: ``--slow-sockets`` connections (3,300) over 33 addresses, each sending a request's
   head and then its body one byte every six seconds, opened again whenever the server closes one.

Every client has an address of its own on the loopback network (127.0.0.x), as a client on the
internet would. For each attack the script prints the reader's p50, p99 and worst time, how many
answers it got against its count alone in the same time, and every status the attackers got. A 5xx
other than 503 ``busy`` (the pool full) is a failure, and so is a connection the server drops
without an answer; 429 and 503 must carry ``Retry-After``.

    .venv/bin/python benchmarks/starvation.py [--seconds 12] [--workers 3] [--slow-sockets 3300] [--only NAME]

The clients run on the same machine as the server, in this process (threads), so the figures are a
floor for what the server does on a machine of its own.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import multiprocessing.queues
import os
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEY = "starvation-benchmark-" + "k" * 40
PAGE = "/es/"
READER = "127.0.0.2"
ATTACKERS = 6
KEPT_ALIVE_READERS = 15
KEPT_ALIVE_PAUSE = 0.1
"""Seconds each kept-alive reader waits between two pages, as a person reading does (a loop with no pause
would be fifteen more attackers)."""
SLOW_ADDRESSES = 33
SLOW_INTERVAL = 6.0
TIMEOUT = 10.0
ATTACKER_TIMEOUT = 60.0
"""An attacker waits for its answer: the pool may queue it, and the server must answer it in the end."""

HARD_MISERE = {
    "dealer": 1, "turn_up": None, "phase": "play", "auction": [], "tricks": [], "trick": None, "result": None,
    "to_move": 2, "exposed": False,
    "contract": {"bid": "misere", "bidder": 3, "partner": None, "trump": None},
    "hands": [["2S", "6S", "8S", "9S", "2H", "5H", "AD", "5D", "9D", "2C", "7C", "10C", "KC"],
              ["AS", "4S", "5S", "7S", "JS", "QS", "KS", "AH", "3H", "QH", "2D", "6D", "JC"],
              ["3S", "10S", "8H", "9H", "10H", "KH", "7D", "10D", "KD", "AC", "4C", "9C", "QC"],
              ["4H", "6H", "7H", "JH", "3D", "4D", "8D", "JD", "QD", "3C", "5C", "6C", "8C"]],
}
"""A misère dealt at random on the analysis board, whose first lead the search cannot value within its cap
from an empty table: the deal the attackers post, a refusal that must not be retried away (the pool's
tests use it too)."""

_SUITS = "SHDC"


def renamed(position: dict, shift: int) -> dict:
    """``position`` with its suits renamed (spades to hearts and so on, ``shift`` places on): the same
    deal to the search's eye, a different body to any cache."""
    def card(code: str) -> str:
        return code[:-1] + _SUITS[(_SUITS.index(code[-1]) + shift) % 4]
    return {**position, "hands": [[card(code) for code in hand] for hand in position["hands"]]}


class Failure(Exception):
    """An answer that must never happen: an unexpected 5xx, a refusal without Retry-After, a dropped connection."""


@dataclass
class Tally:
    """What one side of an attack got: each status's count, and the failures."""

    statuses: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, headers: http.client.HTTPMessage | None, body: bytes) -> None:
        problem = None
        if status >= 500 and not (status == 503 and b'"busy"' in body):
            problem = f"{status}: {body[:120]!r}"
        elif status in (429, 503) and (headers is None or not headers.get("Retry-After")):
            problem = f"{status} without Retry-After"
        with self.lock:
            self.statuses[status] += 1
            if problem:
                self.failures.append(problem)

    def fail(self, problem: str) -> None:
        with self.lock:
            self.failures.append(problem)


class Connection(http.client.HTTPConnection):
    """An HTTP connection from a given loopback address."""

    def __init__(self, port: int, source: str, timeout: float = TIMEOUT) -> None:
        super().__init__("127.0.0.1", port, timeout=timeout, source_address=(source, 0))


def ask(port: int, source: str, method: str, path: str, body: dict | None = None,
        connection: Connection | None = None, timeout: float = TIMEOUT) -> tuple[int, http.client.HTTPMessage, bytes]:
    own = connection is None
    connection = connection or Connection(port, source, timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        if own:
            connection.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@dataclass
class Reading:
    """The reader's times (seconds), its failures, and how long it read."""

    times: list[float]
    failures: list[str]
    seconds: float

    def summary(self, alone: Reading | None = None) -> dict:
        row = {"answers": len(self.times), "p50_ms": 1000 * percentile(self.times, 0.5),
               "p99_ms": 1000 * percentile(self.times, 0.99), "max_ms": 1000 * max(self.times, default=float("nan")),
               "reader_failures": len(self.failures)}
        if alone is not None:
            row["share_of_alone"] = len(self.times) / max(1, len(alone.times) * self.seconds / alone.seconds)
        return row


def read(port: int, stop: threading.Event, source: str = READER) -> Reading:
    """``GET /es/`` in a loop, a fresh connection each time, until ``stop``."""
    times, failures = [], []
    start = time.monotonic()
    while not stop.is_set():
        began = time.monotonic()
        try:
            status, _headers, _body = ask(port, source, "GET", PAGE)
            if status != 200:
                failures.append(f"reader got {status}")
            else:
                times.append(time.monotonic() - began)
        except OSError as error:
            failures.append(f"reader: {error!r}")
    return Reading(times, failures, time.monotonic() - start)


def read_for(port: int, seconds: float, answers: multiprocessing.queues.Queue) -> None:
    """``read`` for ``seconds``, its ``Reading`` put on ``answers``."""
    stop = threading.Event()
    threading.Timer(seconds, stop.set).start()
    answers.put(read(port, stop))


def reader_during(port: int, seconds: float, attack: Callable[[threading.Event], None] | None,
                  settle: float = 1.0) -> Reading:
    """The reader's times while ``attack`` runs (after ``settle`` seconds for it to get going). The reader
    has a process of its own: in this one, the attackers' threads would hold it up for the interpreter."""
    stop = threading.Event()
    threads = [] if attack is None else [threading.Thread(target=attack, args=(stop,), daemon=True)]
    for thread in threads:
        thread.start()
    time.sleep(settle if attack else 0)
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    reader = context.Process(target=read_for, args=(port, seconds, answers))
    reader.start()
    reading = answers.get(timeout=seconds + 120)
    reader.join()
    stop.set()
    for thread in threads:
        thread.join(ATTACKER_TIMEOUT + 5)
    return reading


def attacker_address(number: int) -> str:
    return f"127.0.0.{10 + number}"


def looping(port: int, tally: Tally, clients: int,
            request: Callable[[int, int], tuple[str, str, dict]]) -> Callable[[threading.Event], None]:
    """An attack: ``clients`` clients, each from its own address, each sending ``request(client, n)`` in a loop."""
    def client(number: int, stop: threading.Event) -> None:
        count = 0
        while not stop.is_set():
            method, path, body = request(number, count)
            count += 1
            try:
                tally.add(*ask(port, attacker_address(number), method, path, body, timeout=ATTACKER_TIMEOUT))
            except OSError as error:
                tally.fail(f"attacker: {error!r}")

    def attack(stop: threading.Event) -> None:
        threads = [threading.Thread(target=client, args=(number, stop), daemon=True) for number in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return attack


def analysis_attack(port: int, tally: Tally) -> Callable[[threading.Event], None]:
    return looping(port, tally, ATTACKERS, lambda number, count: (
        "POST", "/api/v1/solo-whist/analysis", {"position": renamed(HARD_MISERE, number + count)}))


def strong_table(port: int, source: str) -> dict:
    """A Solo Whist table of three strong computers where the reader has a move to make."""
    for _ in range(20):
        status, _headers, body = ask(port, source, "POST", "/api/v1/solo-whist/tables",
                                     {"seat": 0, "level": "strong"}, timeout=ATTACKER_TIMEOUT)
        if status == 201:
            table = json.loads(body)
            if table["moves"] and not table["over"]:
                return table
        time.sleep(1.0)
    raise Failure("no Solo Whist table to play at")


def table_attack(port: int, tally: Tally, what: str) -> Callable[[threading.Event], None]:
    tables = [strong_table(port, attacker_address(number)) for number in range(ATTACKERS)]

    def request(number: int, _count: int) -> tuple[str, str, dict]:
        table = tables[number]
        if what == "move":
            return "POST", "/api/v1/solo-whist/tables/move", {"table": table["table"], "move": table["moves"][0]}
        return "POST", "/api/v1/solo-whist/tables/hint", {"table": table["table"]}
    return looping(port, tally, ATTACKERS, request)


def keep_reading(port: int, seconds: float, answers: multiprocessing.queues.Queue) -> None:
    """Fifteen readers, each on its own kept-alive connection, asking a page every tenth of a second for
    ``seconds``: every answer's start and end (``time.time``), per reader, put on ``answers``."""
    connections = [Connection(port, f"127.0.0.{60 + reader}") for reader in range(KEPT_ALIVE_READERS)]
    spans: list[list[tuple[float, float]]] = [[] for _ in connections]
    failures: list[str] = []
    end = time.monotonic() + seconds

    def reader(index: int) -> None:
        while time.monotonic() < end:
            began = time.time()
            try:
                status, _headers, _body = ask(port, "", "GET", PAGE, connection=connections[index])
            except OSError as error:
                failures.append(f"kept-alive reader: {error!r}")
                return
            if status == 200:
                spans[index].append((began, time.time()))
            time.sleep(KEPT_ALIVE_PAUSE)

    threads = [threading.Thread(target=reader, args=(index,)) for index in range(len(connections))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    answers.put((spans, failures))


def kept_alive(port: int, rounds: int) -> tuple[list[float], Tally]:
    """Fifteen kept-alive readers (a process of their own) while one analysis after another runs: each
    reader's worst time among the answers that overlapped an analysis, per analysis."""
    tally = Tally()
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    analyses: list[tuple[float, float]] = []
    readers = context.Process(target=keep_reading, args=(port, 2.0 + rounds * 5.0, answers))
    readers.start()
    time.sleep(2.0)
    for round_number in range(rounds):
        began = time.time()
        tally.add(*ask(port, attacker_address(0), "POST", "/api/v1/solo-whist/analysis",
                       {"position": renamed(HARD_MISERE, round_number)}, timeout=ATTACKER_TIMEOUT))
        analyses.append((began, time.time()))
    spans, failures = answers.get(timeout=ATTACKER_TIMEOUT * rounds + 60)
    readers.join()
    for failure in failures:
        tally.fail(failure)
    worst = []
    for began, ended in analyses:
        for reader in spans:
            during = [end - start for start, end in reader if start < ended and end > began]
            if during:
                worst.append(max(during))
    return worst, tally


def _slow_socket(port: int, source: str) -> socket.socket | None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0))
        sock.sendall(b"POST /api/v1/solo-whist/analysis HTTP/1.1\r\nHost: localhost\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 550\r\n\r\n")
        sock.setblocking(False)
        return sock
    except OSError:
        return None


def slow_bodies_attack(port: int, sockets: int, tally: Tally) -> Callable[[threading.Event], None]:
    """``sockets`` connections over 33 addresses, each dripping its body a byte every six seconds, and
    opened again whenever the server answers (a 408 at its deadline, a 429 past an address's share)."""
    def attack(stop: threading.Event) -> None:
        held: list[tuple[str, socket.socket | None]] = []
        for number in range(sockets):
            source = f"127.0.0.{100 + number % SLOW_ADDRESSES}"
            held.append((source, _slow_socket(port, source)))
        while not stop.is_set():
            began = time.monotonic()
            for index, (source, sock) in enumerate(held):
                if stop.is_set():
                    break
                if sock is not None:
                    try:
                        answer = sock.recv(4096)
                    except BlockingIOError:
                        answer = None
                    except OSError:
                        answer = b""
                    if answer is None:
                        try:
                            sock.send(b" ")
                            continue
                        except OSError:
                            pass
                    elif answer:
                        status = int(answer.split(b" ", 2)[1])
                        with tally.lock:
                            tally.statuses[status] += 1
                            if status >= 500:
                                tally.failures.append(f"slow body answered {status}")
                    sock.close()
                held[index] = (source, _slow_socket(port, source))
            stop.wait(max(0.0, SLOW_INTERVAL - (time.monotonic() - began)))
        for _source, sock in held:
            if sock is not None:
                sock.close()
    return attack


@contextmanager
def server(workers: int, environ: dict[str, str] | None = None) -> Iterator[tuple[int, Path]]:
    """``python -m naipes.serve`` on a free loopback port; the port and the log."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="naipes-starvation-") as instance:
        env = {**os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": str(workers),
               "NAIPES_SECRET_KEY": KEY, "NAIPES_INSTANCE_PATH": instance, **(environ or {})}
        log = Path(instance) / "server.log"
        with log.open("wb") as output:
            process = subprocess.Popen([sys.executable, "-m", "naipes.serve"], cwd=ROOT, env=env,
                                       stdout=output, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while True:
                if process.poll() is not None:
                    raise Failure(f"the server stopped at start-up:\n{log.read_text()[-2000:]}")
                try:
                    if ask(port, "127.0.0.1", "GET", "/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise Failure("the server did not start within two minutes")
                time.sleep(0.3)
            yield port, log
        finally:
            process.terminate()
            process.wait(timeout=60)


ATTACKS = ("analysis", "moves", "hints", "kept-alive", "slow-bodies")


def run(seconds: float, workers: int, slow_sockets: int, only: tuple[str, ...] = ATTACKS) -> dict:
    """Each attack in ``only`` against a fresh server: the reader's figures and the attackers' statuses."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    report: dict = {"workers": workers, "seconds": seconds, "cores": os.cpu_count(),
                    "load_average": os.getloadavg()[0]}
    for name in only:
        with server(workers) as (port, log):
            alone = reader_during(port, seconds, None)
            tally = Tally()
            if name == "kept-alive":
                worst, tally = kept_alive(port, max(1, int(seconds // 3)))
                row = {"readers": len(worst), "p50_ms": 1000 * percentile(worst, 0.5),
                       "max_ms": 1000 * max(worst, default=float("nan"))}
            else:
                attack = {"analysis": lambda: analysis_attack(port, tally),
                          "moves": lambda: table_attack(port, tally, "move"),
                          "hints": lambda: table_attack(port, tally, "hint"),
                          "slow-bodies": lambda: slow_bodies_attack(port, slow_sockets, tally)}[name]()
                reading = reader_during(port, seconds, attack, settle=3.0 if name == "slow-bodies" else 1.0)
                row = reading.summary(alone)
                tally.failures += reading.failures
            text = log.read_text(errors="replace")
            row |= {"alone_p50_ms": 1000 * percentile(alone.times, 0.5),
                    "alone_p99_ms": 1000 * percentile(alone.times, 0.99),
                    "statuses": dict(sorted(tally.statuses.items())), "failures": tally.failures[:10],
                    "failure_count": len(tally.failures), "workers_killed": text.count("WORKER TIMEOUT")}
            report[name] = row
    return report


def held(report: dict) -> bool:
    """Whether nothing failed: no unexpected 5xx, dropped connection or killed worker."""
    return all(not row["failure_count"] and not row["workers_killed"]
               for name, row in report.items() if name in ATTACKS)


def print_report(report: dict) -> None:
    print(f"{report['workers']} workers, {report['cores']} cores, load average {report['load_average']:.1f} at the"
          f" start, {report['seconds']:.0f} s an attack; reader on GET {PAGE}")
    for name in ATTACKS:
        row = report.get(name)
        if row is None:
            continue
        alone = f"alone p50 {row['alone_p50_ms']:.1f} p99 {row['alone_p99_ms']:.1f} ms"
        if name == "kept-alive":
            print(f"  {name:12} {row['readers']} readers' worst during an analysis: p50 {row['p50_ms']:.1f}"
                  f" max {row['max_ms']:.1f} ms ({alone}); attacker {row['statuses']}")
        else:
            print(f"  {name:12} p50 {row['p50_ms']:.1f} p99 {row['p99_ms']:.1f} max {row['max_ms']:.1f} ms,"
                  f" {row['answers']} answers ({row['share_of_alone']:.0%} of alone; {alone});"
                  f" attackers {row['statuses']}")
        for failure in row["failures"]:
            print(f"    FAILED: {failure}")
        if row["workers_killed"]:
            print(f"    FAILED: {row['workers_killed']} workers killed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--slow-sockets", type=int, default=3300)
    parser.add_argument("--only", choices=ATTACKS, action="append")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    report = run(options.seconds, options.workers, options.slow_sockets, tuple(options.only or ATTACKS))
    print(json.dumps(report, indent=2) if options.json else "", end="")
    if not options.json:
        print_report(report)
    return 0 if held(report) else 1


if __name__ == "__main__":
    sys.exit(main())
