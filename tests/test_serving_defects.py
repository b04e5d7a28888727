"""The defects a hostile client found (issue "Serve it for real", defects 2 to 8), one test each or more.

Each was seen to fail before its fix. Defect 1 (the race's block search) is the engine's.
"""

import io
import json
import threading

import pytest
from werkzeug.serving import make_server

from naipes.web import create_app

OLD_MAID_EVERY_HAND_EMPTY = {
    "dealer": 0, "hands": [[], []], "discards": [[], []], "phase": "over",
    "offerer": None, "taker": None, "loser": None,
}


def post_json(client, url, body, **headers):
    return client.post(url, data=json.dumps(body), content_type="application/json", headers=headers)


# 2. The "try it" diagram route drew positions the API accepts only by failing.


def test_diagram_of_an_old_maid_game_over_with_no_loser_is_drawn(client):
    assert post_json(client, "/api/v1/old-maid/legal", {"position": OLD_MAID_EVERY_HAND_EMPTY}).status_code == 200
    response = post_json(client, "/es/old-maid/diagram", {"position": OLD_MAID_EVERY_HAND_EMPTY})
    assert response.status_code == 200
    assert "La partida ha terminado" in response.get_data(as_text=True)


def test_diagram_of_a_solo_whist_deal_with_no_turn_up_is_drawn(client):
    position = client.get("/api/v1/examples/solo-whist-six-tricks").get_json()["start"]
    position["turn_up"] = None
    assert post_json(client, "/api/v1/solo-whist/legal", {"position": position}).status_code == 200
    response = post_json(client, "/pt/solo-whist/diagram", {"position": position})
    assert response.status_code == 200


# 3. A static file name too long for the file system is simply not there.


@pytest.mark.parametrize("length", [255, 256, 1000, 5000])
def test_a_static_file_name_too_long_for_the_file_system_is_a_404(client, length):
    response = client.get("/static/" + "a" * length + ".0123456789.css")
    assert response.status_code == 404


# 4. A chunked body has no Content-Length: the cap must still hold.


def _chunked(client, url, body: bytes):
    return client.post(
        url, input_stream=io.BytesIO(body), content_type="application/json",
        headers={"Transfer-Encoding": "chunked"}, environ_base={"wsgi.input_terminated": True},
    )


def test_a_chunked_body_over_64_kib_is_413_like_any_other(client):
    body = b'{"position": ' + b" " * (64 * 1024) + b"null}"
    response = _chunked(client, "/api/v1/old-maid/legal", body)
    assert response.status_code == 413
    assert response.get_json()["error"]["code"] == "body_too_large"


def test_a_chunked_body_of_exactly_64_kib_is_read_whole(client):
    start = json.dumps({"position": OLD_MAID_EVERY_HAND_EMPTY}).encode()
    body = start[:-1] + b" " * (64 * 1024 - len(start)) + b"}"
    assert len(body) == 64 * 1024
    assert _chunked(client, "/api/v1/old-maid/legal", body).status_code == 200


# 5. Answers chosen by Accept-Language must say so to caches.


@pytest.mark.parametrize("url", ["/", "/api/v1/games", "/api/v1/examples", "/api/v1/examples/old-maid-nines"])
def test_answers_chosen_by_accept_language_vary_on_it(client, url):
    response = client.get(url, headers={"Accept-Language": "pt-PT"})
    assert "Accept-Language" in response.vary


def test_an_api_error_in_the_readers_language_varies_on_it(client):
    response = post_json(client, "/api/v1/old-maid/legal", {}, **{"Accept-Language": "pt"})
    assert response.status_code == 400
    assert "Accept-Language" in response.vary


def test_a_page_whose_language_is_in_its_address_does_not_vary_on_accept_language(client):
    response = client.get("/es/", headers={"Accept-Language": "pt"})
    assert "Accept-Language" not in response.vary


# 6. The Host header is the client's word, not the site's address.


@pytest.mark.parametrize("url", ["/", "/es", "/api/v1/games"])
def test_a_request_for_a_host_the_site_does_not_serve_is_refused(client, url):
    response = client.get(url, headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.headers.get("Location", "")


def test_redirects_point_at_the_configured_site_url():
    app = create_app({"TESTING": True, "SITE_URL": "https://naipes.example", "TRUSTED_HOSTS": ["naipes.example", "localhost"]})
    response = app.test_client().get("/es", headers={"Host": "localhost"})
    assert response.status_code == 308
    assert response.headers["Location"] == "https://naipes.example/es/"


# 7. Without a JSON Content-Type any web page could post to the API with no CORS preflight.


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
@pytest.mark.parametrize("url", ["/api/v1/old-maid/legal", "/api/v1/old-maid/new", "/es/old-maid/diagram"])
def test_a_post_without_a_json_content_type_is_415(client, url, content_type):
    body = json.dumps({"position": OLD_MAID_EVERY_HAND_EMPTY, "seed": 1})
    response = client.post(url, data=body, headers={"Content-Type": content_type} if content_type else {})
    assert response.status_code == 415
    assert response.get_json()["error"]["code"] == "unsupported_media_type"


def test_the_415_is_in_the_readers_language(client):
    spanish = client.post("/api/v1/old-maid/legal?lang=es", data="{}", content_type="text/plain").get_json()
    portuguese = client.post("/api/v1/old-maid/legal?lang=pt", data="{}", content_type="text/plain").get_json()
    assert spanish["error"]["message"] != portuguese["error"]["message"]


def test_json_with_a_charset_is_still_json(client):
    body = json.dumps({"position": OLD_MAID_EVERY_HAND_EMPTY})
    response = client.post("/api/v1/old-maid/legal", data=body, content_type="application/json; charset=utf-8")
    assert response.status_code == 200


# 8. The Server header tells nothing about versions; answers carry validators and a cache policy.


def test_the_development_server_names_no_versions(app):
    from naipes.serve import DevRequestHandler
    import urllib.request

    server = make_server("127.0.0.1", 0, app, request_handler=DevRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/healthz") as response:
            server_header = response.headers["Server"]
    finally:
        server.shutdown()
    assert "Werkzeug" not in server_header and "Python" not in server_header and "/" not in server_header


@pytest.mark.parametrize("url", ["/es/", "/pt/solo-whist/", "/api/v1/games?lang=es", "/api/v1/examples/old-maid-nines"])
def test_pages_and_api_answers_carry_an_etag_that_a_conditional_get_turns_into_304(client, url):
    first = client.get(url)
    assert first.status_code == 200 and first.headers.get("ETag")
    assert "max-age=" in first.headers["Cache-Control"]
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_a_compressed_answer_has_its_own_etag_and_is_conditional_too(client):
    first = client.get("/es/", headers={"Accept-Encoding": "br"})
    plain = client.get("/es/")
    assert first.headers["Content-Encoding"] == "br"
    assert first.headers["ETag"] != plain.headers["ETag"]
    again = client.get("/es/", headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_post_answers_are_not_cached(client):
    response = post_json(client, "/api/v1/old-maid/legal", {"position": OLD_MAID_EVERY_HAND_EMPTY})
    assert response.headers["Cache-Control"] == "no-store"
