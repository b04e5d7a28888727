"""Tables with friends: the invitation page, and ``join``, ``leave`` and ``events`` of the tables API.

- ``/<lang>/<game>/jugar/invitacion/`` (``/pt/<game>/jogar/convite/``): the page an invitation
  link opens, its code in the fragment; its script seats the reader through ``join``.
- ``POST /api/v1/{game}/tables/join``: an invitation code and a name take a friend's seat.
- ``POST /api/v1/{game}/tables/leave``: the seat is left to the computer until its key comes back.
- ``GET /api/v1/{game}/tables/events``: the seat's stream of server-sent events. Each change at
  the table is one ``data:`` line, the seat's ``Table`` with the events since the last one sent
  (read from the table's event log, masked for the seat) and ``told``, those events in the
  seat's language; ``id:`` is the table's version, so a reconnecting browser's ``Last-Event-ID``
  (or ``after``) resumes after the last version it had, nothing lost or repeated. A comment line
  keeps an idle stream open; a stream ends after a few minutes and the browser reconnects. A
  stream is a greenlet that waits on the bus (``seating.bus``), never a worker.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request
from flask_babel import force_locale, gettext

from ..compute import Busy
from ..engine.errors import N_
from ..engine.events import Event
from ..games import GAMES
from ..tables import gathering
from ..tables.errors import ExpiredTable, InvalidTable
from ..tables.friends import MAX_NAME, clean_name
from ..tables.store import Kept, TableStore
from ..tables.table import left
from . import pool, seating
from .i18n import current_language, in_language
from .json_io import ApiError, json_body, known_game, required
from .narration import narrate
from .play import play_page, play_slug
from .sitedata import alternates, current_site
from .tables import _answer, _asked, loaded, table_store

bp = Blueprint("friends", __name__)

INVITE_SLUG = N_("invitation")
"""The last part of an invitation page's address, in the page's language (``invitacion``, ``convite``)."""

HEARTBEAT_SECONDS = 10.0
"""The most a stream stays silent: a comment line then keeps proxies and browsers from closing it."""

STREAM_SECONDS = 300.0
"""How long one stream lasts; the browser then reconnects with the last id it saw, and goes on."""

RETRY_MS = 1000
"""How long a browser waits before it reconnects a stream that ended."""


def invite_slug(lang: str) -> str:
    return in_language(lang, INVITE_SLUG)


def invite_url(game_id: str, code: str) -> str:
    """The absolute address that seats whoever opens it, in the request's language: the code in the
    fragment, which no server sees."""
    lang = current_language()
    page = next(page for page in current_site().library.games_in(lang) if page.game == game_id)
    return f"{current_app.config['SITE_URL']}{invite_path(lang, page.slug)}#{code}"


def invite_path(lang: str, slug: str) -> str:
    return f"/{lang}/{slug}/{play_slug(lang)}/{invite_slug(lang)}/"


@bp.get("/<lang>/<slug>/<play>/<invite_slug:invite>/")
def page(lang: str, slug: str, play: str, invite: str):
    page = play_page(lang, slug, play)
    if invite != invite_slug(lang):
        abort(404)
    response = Response(render_template(
        "invite.html", page=page, game=GAMES[page.game], max_name=MAX_NAME,
        alternates=alternates(page, lambda other: invite_path(other.lang, other.slug))))
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/api/v1/<game_id>/tables/join")
def join(game_id: str):
    game = known_game(game_id)
    data = json_body()
    unknown = sorted(set(data) - {"invite", "name"})
    if unknown:
        raise ApiError(400, "invalid_body", gettext("Unknown field: “%(field)s”.", field=unknown[0][:40]))
    name = _asked(clean_name, required(data, "name"))
    store = table_store()
    kept = _asked(gathering.join, store, game, required(data, "invite"), name, current_language())
    kept = seating.with_people(store, kept)
    seating.bus().publish(str(kept.id), kept.version)
    # The table as it is now: what was played before the friend sat down is not replayed to them.
    return jsonify(_answer(kept, [])), 201


@bp.post("/api/v1/<game_id>/tables/leave")
def leave(game_id: str):
    game = known_game(game_id)
    kept = loaded(game, required(json_body(), "table"), returning=False)
    if not kept.friends:
        raise ApiError(409, "not_with_friends", gettext("Only a seat at a table with friends can be left."))
    store = table_store()
    # The computer's moves first: a full pool refuses the request (503) with the seat still taken.
    table, events = _asked(pool.run, left, kept.table, kept.table.seat)
    gathering.set_away(store, kept, True)
    kept = seating.with_people(store, kept, returning=False)
    if events:
        kept = _asked(store.save, kept, table, events)
    kept = seating.after_change(store, kept)
    return jsonify(_answer(kept, events))


def _after(version: int) -> int:
    """Where the stream resumes: after the browser's ``Last-Event-ID`` if it reconnected, else ``after``,
    else after the table as it is now."""
    given = request.headers.get("Last-Event-ID") or request.args.get("after")
    if given is None:
        return version
    if not given.isdigit():
        raise ApiError(400, "invalid_after", gettext("“%(field)s” must be a whole number.", field="after"))
    return min(int(given), version)


@bp.get("/api/v1/<game_id>/tables/events")
def events(game_id: str):
    game = known_game(game_id)
    key = request.args.get("table")
    store = table_store()
    kept = loaded(game, key, returning=False)
    after = _after(kept.version)
    lang = seating.seat_language(store, kept) or current_language()
    bus = seating.bus()
    app = current_app._get_current_object()  # type: ignore[attr-defined]  # the app itself, not the proxy

    def stream() -> Iterator[str]:
        # No context is held across a yield: the stream may be closed from elsewhere, and a request's
        # context belongs to the greenlet that is answering it.
        sent, shown = after, None
        started = written = time.monotonic()
        yield f"retry: {RETRY_MS}\n\n"
        with bus.subscribe(str(kept.id)) as ear:
            while time.monotonic() - started < STREAM_SECONDS and not bus.ending.is_set():
                busy = False
                with app.app_context(), force_locale(lang):
                    try:
                        opened = seating.with_people(store, store.open(key, game), False)
                    except (InvalidTable, ExpiredTable):
                        return
                    try:
                        now = seating.on_time(store, opened, game, sparing=False)
                    except Busy:
                        # The pool is full: the late move waits for this stream's next look, or any request's.
                        now, busy = opened, True
                    seats = seating.seats_part(store, now)
                    news = _message(store, now, sent) if now.version > sent or seats != shown else None
                if news is not None:
                    yield news
                    sent, shown, written = now.version, seats, time.monotonic()
                wait = HEARTBEAT_SECONDS - (time.monotonic() - written)
                if busy:
                    wait = min(wait, Busy.retry_after)
                elif now.deadline is not None and now.deadline > time.time():
                    wait = min(wait, now.deadline - time.time() + 0.05)
                if bus.poll_seconds is not None:
                    wait = min(wait, bus.poll_seconds)
                ear.wait(max(wait, 0.0))
                if time.monotonic() - written >= HEARTBEAT_SECONDS:
                    yield ": the table is quiet\n\n"
                    written = time.monotonic()

    response = Response(stream(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _message(store: TableStore, kept: Kept, after: int) -> str:
    """One change, as the seat sees it, in the language in force: its ``id`` is the version it brings the seat to."""
    logged = store.events_since(kept, after)
    told = [text for text in (_told(kept, event) for event in logged) if text]
    body = {**_answer(kept, logged), "told": told}
    return f"id: {kept.version}\ndata: {json.dumps(body, ensure_ascii=False, separators=(',', ':'))}\n\n"


def _told(kept: Kept, logged: Event) -> str | None:
    seen = kept.table.game.event_seen_by(logged, kept.table.seat).to_json()
    return narrate(kept.table.game.ID, seen, kept.table.seat)


def register(app) -> None:
    """What the tables API needs of this module: the invitations' addresses."""
    app.extensions[seating.INVITE_URL] = invite_url
