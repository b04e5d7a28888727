"""The production server under load: gunicorn on loopback, driven by concurrent clients.

    python benchmarks/load.py [--quick] [--seconds 5] [--clients 8] [--workers N] [--slow-seconds 60] [--json]

Six parts, each bounded in time:

1. Throughput: requests per second and p50/p99 latency for a rules page (brotli, as a
   browser asks for it), a static asset, ``GET /api/v1/examples/{id}`` and
   ``POST /api/v1/double-solitaire/apply``, each also as a ratio to the static asset.
2. Adversarial race positions (the block search's worst shapes) posted to ``/legal``
   by two clients while a third reads the rules page: the page's latency is compared
   with its latency when alone.
3. Two instances on two ports sharing one secret key, requests alternating between them:
   every answer must be identical, and a table dealt by one is played on the other.
4. Slow clients: 50 connections each dripping a header line every 5 s (for 60 s by default;
   one the server closes at its deadline is opened again) while one reader reads the rules
   page: the reader's p99 must stay under 1 s and no worker may be killed.
5. Idle clients: three connections per worker that send nothing (opened again when closed)
   while the reader reads, with the same two conditions.
6. CPU: the costliest bodies of at most 64 KiB found (the longest narration ``render``
   takes, the heaviest race layouts to ``/legal``, ``/apply`` and the diagram, the JSON
   that is slowest to refuse, Solo Whist's strong player at every turn of a hand), each
   answered in this process and timed by CPU: none may take more than 100 ms but the
   strong Solo Whist player's capped work, which is reported apart.

Every answer must be 2xx or 4xx: an error, a 5xx or a condition above that does not hold
makes the exit non-zero.
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
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
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


@dataclass
class Running:
    """A server started by ``server``: its port and the file its log goes to."""

    port: int
    log: Path

    def workers_killed(self) -> int:
        return self.log.read_text(errors="replace").count("WORKER TIMEOUT")


@contextmanager
def server(workers: int) -> Iterator[Running]:
    """``python -m naipes.serve`` (gunicorn) on a free loopback port, with the shared key."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="naipes-load-") as instance:
        environ = {
            **os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": str(workers),
            "NAIPES_SECRET_KEY": SHARED_KEY, "NAIPES_INSTANCE_PATH": instance,
        }
        log = Path(instance) / "server.log"
        with log.open("wb") as output:
            process = subprocess.Popen([sys.executable, "-m", "naipes.serve"], cwd=ROOT, env=environ,
                                       stdout=output, stderr=subprocess.STDOUT)
        try:
            _wait_until_up(port, process)
            yield Running(port, log)
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


def _hold_connections(port: int, count: int, stop: threading.Event, first: bytes, drip: bytes | None,
                      interval: float) -> dict[str, int]:
    """``count`` connections that send ``first`` and then ``drip`` every ``interval`` s (nothing if None)
    until ``stop``; one the server closes is opened again. Returns how many were opened and closed."""
    counts = {"opened": 0, "closed_by_server": 0}
    lock = threading.Lock()

    def hold() -> None:
        while not stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=interval + 30) as sock:
                    with lock:
                        counts["opened"] += 1
                    sock.sendall(first)
                    sock.settimeout(interval)
                    while not stop.is_set():
                        try:
                            if sock.recv(65536) == b"":
                                break
                        except TimeoutError:
                            if drip is not None:
                                sock.sendall(drip)
                    else:
                        return
                with lock:
                    counts["closed_by_server"] += 1
            except OSError:
                with lock:
                    counts["closed_by_server"] += 1
                stop.wait(0.05)

    threads = [threading.Thread(target=hold, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return counts


def reader_beside(running: Running, connections: int, seconds: float, first: bytes, drip: bytes | None,
                  interval: float) -> dict:
    """Parts 4 and 5: one reader reads the rules page for ``seconds`` while ``connections`` are held open."""
    killed_before = running.workers_killed()
    stop = threading.Event()
    counts = _hold_connections(running.port, connections, stop, first, drip, interval)
    try:
        time.sleep(min(1.0, interval))
        reader = drive(running.port, [Request("GET", RULES_PAGE, headers=BROWSER)], 1, seconds)
    finally:
        stop.set()
    killed = running.workers_killed() - killed_before
    return {
        "connections": connections, "interval_s": interval, "seconds": seconds, **counts,
        "reader": _row("rules page, one reader", reader, None), "workers_killed": killed,
        "held": reader.percentile(0.99) < 1000 and killed == 0,
    }


def slow_clients(running: Running, seconds: float, interval: float) -> dict:
    """Part 4: 50 connections dripping a header line every ``interval`` seconds."""
    return reader_beside(running, 50, seconds, b"GET /es/ HTTP/1.1\r\nHost: localhost\r\n", b"X-Slow: 1\r\n", interval)


def idle_clients(running: Running, workers: int, seconds: float) -> dict:
    """Part 5: three connections per worker that send nothing at all."""
    return reader_beside(running, 3 * workers, seconds, b"", None, 1.0)


DECK = [rank + suit for suit in "SHDC" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
HEAVY_RACE = (
    ((), ("KS", "QH", "JS", "10H", "9S", "8H", "7S", "6H")), (("AS",), ("4H", "3S", "2H")), ((), ("KC", "QD", "JC")),
    ((), ("10D",)), ((), ("9C",)), ((), ("8D", "7C", "6D", "5C", "4D")), ((), ("3C",)),
)
"""The heaviest legal race layout found (``benchmarks/bench_double_solitaire.py``): its block
search, uncapped, generates 6,144 column arrangements."""


def _heavy_races() -> list[dict]:
    """The heaviest layout under each exchange of suits of a colour: the same work, none of it
    remembered from the one before (the block search keeps a memo)."""
    races = []
    for swap in ({}, {"S": "C", "C": "S"}, {"H": "D", "D": "H"}, {"S": "C", "C": "S", "H": "D", "D": "H"}):
        def card(code: str) -> str:
            return code[:-1] + swap.get(code[-1], code[-1])

        layout = {"tableau": [[{"card": card(c), "up": False} for c in down] + [{"card": card(c), "up": True} for c in up]
                              for down, up in HEAVY_RACE], "stock": [], "waste": []}
        races.append({"players": [layout, layout], "foundations": [[] for _ in range(8)]})
    return races


def _render_bodies(client) -> dict[str, tuple[str, dict]]:
    """The longest narrations ``render`` takes: events of 13 cards (an event's cap), as many as fit
    in 64 KiB up to 500 (the cap on events)."""
    bodies = {}
    event = {
        "old-maid": {"type": "discarded", "player": 1, "cards": DECK[:13]},
        "solo-whist": {"type": "hand_exposed", "player": 1, "cards": DECK[:13]},
        "double-solitaire": {"type": "moved", "player": 1, "cards": DECK[:13], "from": "c1", "to": "c2"},
    }
    for game, told in event.items():
        table = json.loads(client.post(f"/api/v1/{game}/tables", json={}).get_data())["table"]
        room = 64 * 1024 - len(json.dumps({"table": table, "events": []}))
        count = min(500, room // (len(json.dumps(told, separators=(",", ":"))) + 1))
        bodies[f"render, {count} events of 13 cards ({game})"] = (f"/es/{game}/jugar/render",
                                                                  {"table": table, "events": [told] * count})
    return bodies


def _raw_bodies() -> dict[str, tuple[str, bytes]]:
    """JSON of 64 KiB that is slowest to read or to refuse."""
    size = 64 * 1024 - 100
    return {
        "64 KiB of nested arrays": ("/api/v1/old-maid/legal", b'{"position": ' + b"[" * size + b"}"),
        "64 KiB of surrogate pairs in a string": (
            "/api/v1/old-maid/new", b'{"seed": 1, "x": "' + b"\\ud83c\\udca1" * (size // 12) + b'"}'),
        "64 KiB object of 6,000 keys": (
            "/api/v1/old-maid/tables", ("{" + ",".join(f'"k{n}":0' for n in range(6000)) + "}").encode()),
        "64 KiB of numbers in a position": (
            "/api/v1/solo-whist/legal", b'{"position": {"hands": [' + b",".join([b"1e308"] * (size // 6)) + b"]}}"),
    }


def _strong_solo_whist(client, clock) -> tuple[float, int]:
    """The strong Solo Whist player's worst CPU time on one request: the hint at every turn of
    hands played to the end (until 50 requests: a hand all pass is over at once), and the
    computer seats' own moves after each of the reader's."""
    worst, requests = 0.0, 0
    for _ in range(12):
        if requests >= 50:
            break
        table = json.loads(client.post("/api/v1/solo-whist/tables", json={"level": "strong"}).get_data())
        while not table["over"] and table["moves"]:
            before = clock()
            hint = json.loads(client.post("/api/v1/solo-whist/tables/hint", json={"table": table["table"]}).get_data())
            worst = max(worst, clock() - before)
            before = clock()
            answer = client.post("/api/v1/solo-whist/tables/move", json={"table": table["table"], "move": hint["move"]})
            worst = max(worst, clock() - before)
            requests += 2
            table = json.loads(answer.get_data())
    return worst * 1000, requests


def costliest_bodies() -> dict:
    """Part 6: each costly body answered once in this process, timed by CPU (``time.process_time``);
    bodies of one kind (the heaviest race's moves, say) are reported by their worst."""
    from naipes.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": SHARED_KEY})
    client = app.test_client()
    clock = time.process_time
    rows: dict[str, dict] = {}

    def measure(kind: str, url: str, body: dict | bytes) -> bytes:
        raw = body if isinstance(body, bytes) else json.dumps(body, separators=(",", ":")).encode()
        if len(raw) > 64 * 1024:
            raise LoadFailure(f"{kind}: the body is {len(raw)} bytes, over 64 KiB")
        before = clock()
        response = client.post(url, data=raw, content_type="application/json")
        spent = (clock() - before) * 1000
        if response.status_code >= 500:
            raise LoadFailure(f"{kind}: HTTP {response.status_code}")
        row = rows.setdefault(kind, {"what": kind, "bytes": 0, "worst_cpu_ms": 0.0, "statuses": {}})
        row["bytes"] = max(row["bytes"], len(raw))
        row["worst_cpu_ms"] = round(max(row["worst_cpu_ms"], spent), 2)
        row["statuses"][response.status_code] = row["statuses"].get(response.status_code, 0) + 1
        return response.get_data()

    renders = _render_bodies(client)
    # Unmeasured: what a process does once, not per request (a template compiled, card names made).
    for url, body in renders.values():
        client.post(url, json=body)
    start = json.loads(client.post("/api/v1/double-solitaire/new", json={"seed": 1}).get_data())["position"]
    client.post("/es/double-solitaire/diagram", json={"position": start})
    for kind, (url, body) in renders.items():
        measure(kind, url, body)
    for race in _heavy_races():
        # /legal first, so that its block search starts cold; each move then searches new layouts.
        moves = json.loads(measure("heaviest race to /legal", "/api/v1/double-solitaire/legal", {"position": race}))["moves"]
        measure("heaviest race drawn (/es/double-solitaire/diagram)", "/es/double-solitaire/diagram", {"position": race})
        for move in moves:
            measure("heaviest race, each legal move to /apply", "/api/v1/double-solitaire/apply",
                    {"position": race, "move": move})
    for race in adversarial_positions(8):
        measure("adversarial races to /legal", "/api/v1/double-solitaire/legal", {"position": race})
    for kind, (url, raw) in _raw_bodies().items():
        measure(kind, url, raw)
    strong, count = _strong_solo_whist(client, clock)
    worst = max(row["worst_cpu_ms"] for row in rows.values())
    return {
        "bodies": list(rows.values()), "worst_cpu_ms": worst, "held": worst <= 100,
        "strong_solo_whist": {"requests": count, "worst_cpu_ms": round(strong, 2)},
    }


def _row(name: str, sample: Sample, reference: Sample | None) -> dict:
    return {
        "what": name, "requests": len(sample.latencies), "per_second": round(sample.rate, 1),
        "p50_ms": round(sample.percentile(0.5), 2), "p99_ms": round(sample.percentile(0.99), 2),
        "ratio_to_static": round(sample.rate / reference.rate, 3) if reference else None,
        "statuses": sample.statuses,
    }


def run(seconds: float, clients: int, workers: int, slow_seconds: float, interval: float) -> dict:
    report: dict = {"workers": workers, "clients": clients, "seconds_each": seconds,
                    "cores": os.cpu_count(), "load_average_at_start": os.getloadavg()[0]}
    with server(workers) as first, server(workers) as second:
        port = first.port
        samples = throughput(port, clients, seconds)
        static = samples["static asset"]
        report["throughput"] = [_row(name, sample, static) for name, sample in samples.items()]
        attack = adversarial(port, seconds)
        report["adversarial"] = [_row(name, attack[name], None) for name in ("page alone", "adversarial", "page under attack")]
        report["page_p50_ratio_under_attack"] = round(attack["page p50 ratio (under attack / alone)"], 2)
        report["two_instances_identical_answers"] = two_instances((port, second.port), rounds=3 if seconds < 3 else 10)
        report["slow_clients"] = slow_clients(first, slow_seconds, interval)
        report["idle_clients"] = idle_clients(first, workers, max(seconds, interval * 2))
    report["cpu"] = costliest_bodies()
    report["load_average_at_end"] = os.getloadavg()[0]
    return report


def held(report: dict) -> bool:
    return all(report[part]["held"] for part in ("slow_clients", "idle_clients", "cpu"))


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
    for part, title in (("slow_clients", "slow clients, a header line every"), ("idle_clients", "idle clients, checked every")):
        held_part = report[part]
        reader = held_part["reader"]
        print(f"  {held_part['connections']} {title} {held_part['interval_s']:g} s for {held_part['seconds']:g} s "
              f"({held_part['opened']} opened, {held_part['closed_by_server']} closed by the server): reader "
              f"{reader['requests']} requests, p50 {reader['p50_ms']:.1f} ms, p99 {reader['p99_ms']:.1f} ms; "
              f"workers killed {held_part['workers_killed']}: {'held' if held_part['held'] else 'FAILED'}")
    cpu = report["cpu"]
    print(f"  costliest bodies (≤ 64 KiB), CPU of one request in-process: worst {cpu['worst_cpu_ms']:.1f} ms "
          f"({'held' if cpu['held'] else 'FAILED'}: at most 100 ms)")
    for row in sorted(cpu["bodies"], key=lambda row: -row["worst_cpu_ms"]):
        print(f"    {row['what']:<58} {row['bytes']:>6} B {row['worst_cpu_ms']:>8.2f} ms  {row['statuses']}")
    strong = cpu["strong_solo_whist"]
    print(f"    Solo Whist's strong player (capped apart): worst {strong['worst_cpu_ms']:.1f} ms over {strong['requests']} requests")
    print(f"  load average {report['load_average_at_start']:.1f} at the start, {report['load_average_at_end']:.1f} at the end")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one second a part, to check the script itself")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long each measurement lasts (default 5)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: the server's)")
    parser.add_argument("--slow-seconds", type=float, default=60.0, help="how long the slow clients drip (default 60)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from naipes.serve import default_workers

    seconds = 1.0 if args.quick else args.seconds
    slow_seconds, interval = (6.0, 1.0) if args.quick else (args.slow_seconds, 5.0)
    try:
        report = run(seconds, args.clients, args.workers or default_workers(), slow_seconds, interval)
    except LoadFailure as error:
        print(f"load benchmark failed: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0 if held(report) else 1


if __name__ == "__main__":
    sys.exit(main())
