"""The production server under load: gunicorn on loopback, driven by concurrent clients.

    python benchmarks/load.py [--quick] [--seconds 5] [--clients 8] [--workers N] [--json]

Three parts, each bounded in time:

1. Throughput: requests per second and p50/p99 latency for a rules page (brotli, as a
   browser asks for it), a static asset, ``GET /api/v1/examples/{id}`` and
   ``POST /api/v1/double-solitaire/apply``, each also as a ratio to the static asset.
2. Adversarial race positions (the block search's worst shapes) posted to ``/legal``
   by two clients while a third reads the rules page: the page's latency is compared
   with its latency when alone.
3. Two instances on two ports sharing one secret key, requests alternating between them:
   every answer must be identical, and a table dealt by one is played on the other.

Every answer must be 2xx or 4xx: an error or a 5xx stops the run with a non-zero exit.
The clients run on the same machine as the server (Python threads), so the figures are
a floor for what gunicorn does with a machine of its own.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_KEY = "load-benchmark-" + "k" * 40
RULES_PAGE = "/es/solo-whist/"
EXAMPLE = "/api/v1/examples/double-solitaire-seven-onto-eight"
BROWSER = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "es-ES"}


class LoadFailure(Exception):
    """An answer that must never happen: a 5xx, a connection error, two instances that disagree."""


@dataclass
class Request:
    method: str
    path: str
    body: bytes | None = None
    headers: dict = field(default_factory=dict)


@dataclass
class Sample:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def post(path: str, data: dict) -> Request:
    return Request("POST", path, json.dumps(data).encode(), {"Content-Type": "application/json"})


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server(workers: int):
    """``python -m naipes.serve`` (gunicorn) on a free loopback port, with the shared key; yields the port."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="naipes-load-") as instance:
        environ = {
            **os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": str(workers),
            "NAIPES_SECRET_KEY": SHARED_KEY, "NAIPES_INSTANCE_PATH": instance,
        }
        process = subprocess.Popen([sys.executable, "-m", "naipes.serve"], cwd=ROOT, env=environ,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait_until_up(port, process)
            yield port
        finally:
            process.terminate()
            process.wait(timeout=60)


def _wait_until_up(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise LoadFailure(f"the server stopped at start-up (exit {process.returncode})")
        try:
            if call(port, Request("GET", "/healthz"))[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise LoadFailure("the server did not answer /healthz within two minutes")


def call(port: int, request: Request, connection: http.client.HTTPConnection | None = None) -> tuple[int, bytes]:
    """One request (on ``connection`` if given, kept alive); a 5xx raises ``LoadFailure``."""
    own = connection is None
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request(request.method, request.path, body=request.body, headers=request.headers)
        response = connection.getresponse()
        body = response.read()
    finally:
        if own:
            connection.close()
    if response.status >= 500:
        raise LoadFailure(f"{request.method} {request.path}: HTTP {response.status}")
    return response.status, body


def drive(port: int, requests: list[Request], clients: int, seconds: float) -> Sample:
    """``clients`` threads, each on its own kept-alive connection, cycling through ``requests`` for ``seconds``."""
    sample, lock, failures = Sample(), threading.Lock(), []
    stop = time.monotonic() + seconds

    def client(offset: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        index = offset
        try:
            while time.monotonic() < stop:
                request = requests[index % len(requests)]
                index += 1
                started = time.perf_counter()
                status, _ = call(port, request, connection)
                elapsed = time.perf_counter() - started
                with lock:
                    sample.latencies.append(elapsed)
                    sample.statuses[status] = sample.statuses.get(status, 0) + 1
        except (LoadFailure, OSError, http.client.HTTPException) as error:
            failures.append(error)
        finally:
            connection.close()

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    sample.seconds = time.monotonic() - started
    if failures:
        raise LoadFailure(f"{len(failures)} clients failed, the first: {failures[0]!r}")
    return sample


def throughput(port: int, clients: int, seconds: float) -> dict[str, Sample]:
    """Part 1: each kind of request alone, the static asset first (the ratios' reference)."""
    _, page = call(port, Request("GET", RULES_PAGE))
    css = next(part.split('"')[0] for part in page.decode().split('href="') if part.startswith("/static/css/"))
    example = json.loads(call(port, Request("GET", EXAMPLE))[1])
    step = example["steps"][0]
    apply = post("/api/v1/double-solitaire/apply", {"position": example["start"], "move": step["move"]})
    kinds = {
        "static asset": Request("GET", css, headers=BROWSER),
        "rules page": Request("GET", RULES_PAGE, headers=BROWSER),
        "GET /api/v1/examples/{id}": Request("GET", EXAMPLE, headers=BROWSER),
        "POST /api/v1/double-solitaire/apply": apply,
    }
    samples = {}
    for name, request in kinds.items():
        # Unmeasured first: every worker renders a page once, then answers it from memory.
        drive(port, [request], clients, min(1.0, seconds))
        samples[name] = drive(port, [request], clients, seconds)
    return samples


def adversarial_positions(count: int, seed: int = 7) -> list[dict]:
    """Race positions of the shapes that once made the block search explore for a minute.

    Half are the reported shape (a column of 14 face-up cards in no order, the rest
    face up over the other columns, nothing in stock), half play-like (every column
    face down under one face-up card, nothing in stock): both decks whole, nothing on
    the foundations.
    """
    rng = random.Random(seed)
    deck = [rank + suit for suit in "SHDC" for rank in ("A 2 3 4 5 6 7 8 9 10 J Q K".split())]
    positions = []
    for number in range(count):
        players = []
        for _ in range(2):
            cards = rng.sample(deck, len(deck))
            if number % 2 == 0:
                columns = [cards[:14]] + [cards[14 + 6 * c: 20 + 6 * c] for c in range(6)]
                columns[-1] += cards[50:]
                tableau = [[{"card": card, "up": True} for card in column] for column in columns]
            else:
                sizes = [8, 8, 7, 7, 7, 7, 8]
                starts = [sum(sizes[:c]) for c in range(7)]
                tableau = [[{"card": card, "up": index == size - 1} for index, card in enumerate(cards[s:s + size])]
                           for s, size in zip(starts, sizes)]
            players.append({"tableau": tableau, "stock": [], "waste": []})
        positions.append({"players": players, "foundations": [[] for _ in range(8)], "status": "playing",
                          "winner": None, "contributed": [0, 0]})
    return positions


def adversarial(port: int, seconds: float) -> dict:
    """Part 2: one client reads the rules page alone; then again while two others post adversarial positions."""
    hostile = [post("/api/v1/double-solitaire/legal", {"position": p}) for p in adversarial_positions(8)]
    page = Request("GET", RULES_PAGE, headers=BROWSER)
    results: dict[str, Sample] = {"page alone": drive(port, [page], 1, seconds)}

    def attack() -> None:
        results["adversarial"] = drive(port, hostile, 2, seconds)

    attacker = threading.Thread(target=attack)
    attacker.start()
    results["page"] = drive(port, [page], 1, seconds)
    attacker.join()
    if "adversarial" not in results:
        raise LoadFailure("the adversarial clients failed")
    return {
        "adversarial": results["adversarial"],
        "page under attack": results["page"],
        "page alone": results["page alone"],
        "page p50 ratio (under attack / alone)": results["page"].percentile(0.5) / results["page alone"].percentile(0.5),
    }


def _same(ports: tuple[int, int], request: Request) -> bytes:
    answers = [call(port, request) for port in ports]
    if answers[0] != answers[1]:
        raise LoadFailure(f"{request.method} {request.path}: the two instances answer differently")
    return answers[0][1]


def two_instances(ports: tuple[int, int], rounds: int) -> int:
    """Part 3: the same requests to both instances, and a table dealt by one played on the other."""
    example = json.loads(_same(ports, Request("GET", EXAMPLE)))
    requests = [
        Request("GET", RULES_PAGE, headers=BROWSER),
        Request("GET", "/api/v1/games", headers={"Accept-Language": "pt"}),
        Request("GET", EXAMPLE),
        post("/api/v1/solo-whist/new", {"seed": 42}),
        post("/api/v1/double-solitaire/apply", {"position": example["start"], "move": example["steps"][0]["move"]}),
        post("/api/v1/old-maid/apply", {"position": {}, "move": {}}),
    ]
    compared = 0
    for _ in range(rounds):
        for request in requests:
            _same(ports, request)
            compared += 1
        compared += _table_across(ports)
    return compared


def _table_across(ports: tuple[int, int]) -> int:
    """A table dealt on one instance, refused and then played on the other: the key is shared."""
    status, body = call(ports[0], post("/api/v1/old-maid/tables", {"players": 3}))
    if status != 201:
        raise LoadFailure(f"dealing a table answered {status}")
    table = json.loads(body)
    _same(ports, post("/api/v1/old-maid/tables/move", {"table": table["table"], "move": {"type": "draw", "player": 5, "index": 0}}))
    for move in table["moves"][:1]:
        status, _ = call(ports[1], post("/api/v1/old-maid/tables/move", {"table": table["table"], "move": move}))
        if status != 200:
            raise LoadFailure(f"the second instance refused the first one's table ({status})")
    return 2


def _row(name: str, sample: Sample, reference: Sample | None) -> dict:
    return {
        "what": name, "requests": len(sample.latencies), "per_second": round(sample.rate, 1),
        "p50_ms": round(sample.percentile(0.5), 2), "p99_ms": round(sample.percentile(0.99), 2),
        "ratio_to_static": round(sample.rate / reference.rate, 3) if reference else None,
        "statuses": sample.statuses,
    }


def run(seconds: float, clients: int, workers: int) -> dict:
    report: dict = {"workers": workers, "clients": clients, "seconds_each": seconds,
                    "cores": os.cpu_count(), "load_average_at_start": os.getloadavg()[0]}
    with server(workers) as port, server(workers) as second:
        samples = throughput(port, clients, seconds)
        static = samples["static asset"]
        report["throughput"] = [_row(name, sample, static) for name, sample in samples.items()]
        attack = adversarial(port, seconds)
        report["adversarial"] = [_row(name, attack[name], None) for name in ("page alone", "adversarial", "page under attack")]
        report["page_p50_ratio_under_attack"] = round(attack["page p50 ratio (under attack / alone)"], 2)
        report["two_instances_identical_answers"] = two_instances((port, second), rounds=3 if seconds < 3 else 10)
    return report


def print_report(report: dict) -> None:
    print(f"gunicorn, {report['workers']} workers; {report['clients']} clients; {report['seconds_each']} s each; "
          f"{report['cores']} cores, load average {report['load_average_at_start']:.1f} at start")
    print(f"  {'what':<40} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'÷ static':>9}")
    for row in report["throughput"] + report["adversarial"]:
        ratio = "" if row["ratio_to_static"] is None else f"{row['ratio_to_static']:.3f}"
        print(f"  {row['what']:<40} {row['per_second']:>9.1f} {row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f} {ratio:>9}"
              f"  {row['statuses']}")
    print(f"  rules page p50 under attack / alone: {report['page_p50_ratio_under_attack']:.2f}")
    print(f"  two instances, one key: {report['two_instances_identical_answers']} answers compared, all identical")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one second a part, to check the script itself")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long each measurement lasts (default 5)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: the server's)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from naipes.serve import default_workers

    seconds = 1.0 if args.quick else args.seconds
    try:
        report = run(seconds, args.clients, args.workers or default_workers())
    except LoadFailure as error:
        print(f"load benchmark failed: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
