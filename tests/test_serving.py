"""Serving for real: settings from the environment, the shared secret key, compression, headers,
what search engines and load balancers read, and gunicorn itself."""

import multiprocessing
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import brotli
import pytest

from gunicorn.config import Config
from gunicorn.glogging import Logger

from naipes.serve import DevRequestHandler, gunicorn_options
from naipes.web import create_app, settings

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- settings


def test_settings_have_safe_defaults():
    config = settings.from_environment({})
    assert config["SITE_URL"] == "http://localhost:8000"
    assert config["PROXY_COUNT"] == 0
    assert "localhost" in config["TRUSTED_HOSTS"]
    assert config["TABLE_LIFETIME"] >= 24 * 3600
    assert config["DATABASE_URL"] is None, "tables in SQLite in the instance folder"


def test_a_postgresql_url_is_spoken_to_through_psycopg_3():
    for given in ("postgresql://naipes:secret@db/naipes", "postgres://naipes:secret@db/naipes"):
        assert settings.from_environment({"NAIPES_DATABASE_URL": given})["DATABASE_URL"] == (
            "postgresql+psycopg://naipes:secret@db/naipes")


def test_the_site_url_names_the_trusted_host_and_the_scheme():
    config = settings.from_environment({"NAIPES_SITE_URL": "https://naipes.example/", "NAIPES_TRUSTED_HOSTS": "10.0.0.5, lb"})
    assert config["SITE_URL"] == "https://naipes.example"
    assert config["PREFERRED_URL_SCHEME"] == "https"
    assert {"naipes.example", "10.0.0.5", "lb"} <= set(config["TRUSTED_HOSTS"])


@pytest.mark.parametrize("environ", [
    {"NAIPES_SITE_URL": "naipes.example"},
    {"NAIPES_SITE_URL": "ftp://naipes.example"},
    {"NAIPES_SITE_URL": "https://naipes.example/juegos"},
    {"NAIPES_PROXY_COUNT": "one"},
    {"NAIPES_PROXY_COUNT": "-1"},
    {"NAIPES_TABLE_LIFETIME": "3600"},
    {"NAIPES_TABLE_LIFETIME": "a week"},
    {"NAIPES_DATABASE_URL": "mysql://naipes@db/naipes"},
    {"NAIPES_DATABASE_URL": "tables.sqlite"},
])
def test_a_setting_that_cannot_be_used_stops_the_start_naming_its_variable(environ):
    with pytest.raises(settings.SettingsError, match=next(iter(environ))):
        settings.from_environment(environ)


def test_a_short_secret_key_is_refused(tmp_path):
    with pytest.raises(settings.SettingsError, match="NAIPES_SECRET_KEY"):
        settings.secret_key({"NAIPES_SECRET_KEY": "short"}, tmp_path)


def test_the_secret_key_from_the_environment_wins_and_nothing_is_written(tmp_path):
    key = "k" * 40
    assert settings.secret_key({"NAIPES_SECRET_KEY": key}, tmp_path) == key
    assert not any(tmp_path.iterdir())


def _key_in(folder: str) -> str:
    return settings.instance_secret_key(Path(folder))


@pytest.mark.slow
def test_workers_starting_together_share_one_key_made_on_first_start(tmp_path):
    folder = tmp_path / "instance"
    with multiprocessing.get_context("spawn").Pool(8) as pool:
        keys = pool.map(_key_in, [str(folder)] * 32)
    assert len(set(keys)) == 1 and len(keys[0]) >= 32
    assert [path.name for path in folder.iterdir()] == ["secret_key"]
    assert _key_in(str(folder)) == keys[0]
    assert (folder / "secret_key").stat().st_mode & 0o077 == 0


def test_the_app_takes_its_key_from_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("NAIPES_SECRET_KEY", raising=False)
    monkeypatch.setenv("NAIPES_INSTANCE_PATH", str(tmp_path))
    first, second = create_app({"TESTING": True}), create_app({"TESTING": True})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] == (tmp_path / "secret_key").read_text()


# ---------------------------------------------------------------- compression


@pytest.mark.parametrize("url", ["/es/solo-whist/", "/api/v1/examples/solo-whist-six-tricks", "/api/v1/examples"])
@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_html_and_json_are_compressed(client, url, encoding):
    plain = client.get(url).get_data()
    response = client.get(url, headers={"Accept-Encoding": encoding})
    assert response.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in response.vary
    body = response.get_data()
    assert (brotli.decompress(body) if encoding == "br" else __import__("gzip").decompress(body)) == plain


@pytest.mark.parametrize("relative", ["css/site.css", "js/examples.js", "js/language.js"])
def test_assets_are_compressed_and_still_immutable(client, relative):
    from naipes.web.assets import asset_url

    with client.application.test_request_context():
        url = asset_url(relative)
    response = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    assert "immutable" in response.headers["Cache-Control"] and "max-age=31536000" in response.headers["Cache-Control"]


def test_the_solo_whist_page_goes_out_at_a_fraction_of_its_size(client):
    plain = len(client.get("/es/solo-whist/").get_data())
    compressed = len(client.get("/es/solo-whist/", headers={"Accept-Encoding": "br"}).get_data())
    assert compressed < plain / 8


# ---------------------------------------------------------------- headers


def test_every_answer_keeps_the_strict_policy_and_denies_devices(client):
    for url in ["/es/", "/api/v1/games", "/healthz", "/no-such-page"]:
        headers = client.get(url).headers
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert "camera=()" in headers["Permissions-Policy"] and "geolocation=()" in headers["Permissions-Policy"]
        assert headers["X-Frame-Options"] == "DENY"


def test_hsts_only_over_https(client):
    assert "Strict-Transport-Security" not in client.get("/es/").headers
    assert "max-age=" in client.get("/es/", base_url="https://localhost").headers["Strict-Transport-Security"]


def test_x_forwarded_proto_is_believed_only_from_the_configured_proxies():
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    direct = create_app({"TESTING": True}).test_client()
    assert "Strict-Transport-Security" not in direct.get("/es/", headers=https).headers
    proxied = create_app({"TESTING": True, "PROXY_COUNT": 1})
    assert "Strict-Transport-Security" in proxied.test_client().get("/es/", headers=https).headers


# ---------------------------------------------------------------- machines: load balancers and search engines


def test_healthz_answers_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json() == {"status": "ok"}


def test_robots_txt_points_at_the_sitemap_on_the_site_url():
    client = create_app({"TESTING": True, "SITE_URL": "https://naipes.example"}).test_client()
    text = client.get("/robots.txt").get_data(as_text=True)
    assert "Sitemap: https://naipes.example/sitemap.xml" in text.splitlines()
    sitemap = client.get("/sitemap.xml").get_data(as_text=True)
    assert "<loc>https://naipes.example/pt/solo-whist/</loc>" in sitemap
    assert "<loc>https://naipes.example/es/solo-whist/aprende/</loc>" in sitemap
    assert 'hreflang="pt-PT" href="https://naipes.example/pt/old-maid/aprenda/"' in sitemap
    assert "<loc>https://naipes.example/es/solo-whist/glosario/</loc>" in sitemap
    assert 'hreflang="pt-PT" href="https://naipes.example/pt/old-maid/glossario/"' in sitemap
    assert 'hreflang="x-default" href="https://naipes.example/"' in sitemap


def test_pages_name_their_canonical_and_alternates_absolutely_with_an_x_default():
    client = create_app({"TESTING": True, "SITE_URL": "https://naipes.example"}).test_client()
    html = client.get("/pt/old-maid/").get_data(as_text=True)
    assert '<link rel="canonical" href="https://naipes.example/pt/old-maid/">' in html
    assert '<link rel="alternate" hreflang="es-ES" href="https://naipes.example/es/old-maid/">' in html
    assert '<link rel="alternate" hreflang="x-default" href="https://naipes.example/">' in html


# ---------------------------------------------------------------- gunicorn


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_the_production_server_serves_with_several_workers_and_names_no_versions(tmp_path):
    port = _free_port()
    environ = {
        **os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": "2",
        "NAIPES_INSTANCE_PATH": str(tmp_path), "NAIPES_SECRET_KEY": "",
    }
    server = subprocess.Popen([sys.executable, "-m", "naipes.serve"], env=environ, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                    server_header = response.headers["Server"]
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.stderr.read().decode()
                time.sleep(0.2)
        assert "/" not in server_header and "Python" not in server_header
        assert (tmp_path / "secret_key").is_file()
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert "Booting worker" in server.stderr.read().decode()


def test_the_access_log_writes_a_requests_path_and_never_its_query_string():
    config = Config()
    config.set("access_log_format", gunicorn_options({})["access_log_format"])
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/api/v1/old-maid/tables/state?table=SEAT-KEY",
               "PATH_INFO": "/api/v1/old-maid/tables/state", "QUERY_STRING": "table=SEAT-KEY",
               "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1"}
    response = type("Response", (), {"status": "200 OK", "sent": 10, "headers": []})()
    atoms = Logger(config).atoms(response, [], environ, type("Elapsed", (), {"seconds": 0, "microseconds": 5})())
    line = config.access_log_format % atoms
    assert '"GET /api/v1/old-maid/tables/state HTTP/1.1" 200' in line and "SEAT-KEY" not in line


def test_the_development_server_logs_a_requests_path_and_never_its_query_string():
    logged = []
    handler = type("Handler", (), {"command": "GET", "path": "/api/v1/old-maid/tables/events?table=SEAT-KEY",
                                   "request_version": "HTTP/1.1",
                                   "log": lambda self, kind, message, *args: logged.append(message % args)})()
    DevRequestHandler.log_request(handler, 200, 10)
    assert logged == ['"GET /api/v1/old-maid/tables/events HTTP/1.1" 200 10']


# ---------------------------------------------------------------- bounded work


@pytest.mark.parametrize("cached", [True, False])
def test_a_reading_page_is_rendered_once_per_process_unless_the_cache_is_off(cached):
    from flask import template_rendered

    app = create_app({"TESTING": True, "PAGE_CACHE": cached})
    client = app.test_client()
    rendered = []

    def record(sender, template, context, **extra):
        rendered.append(template.name)

    with template_rendered.connected_to(record, app):
        first, second = client.get("/pt/solo-whist/"), client.get("/pt/solo-whist/")
    assert first.get_data() == second.get_data() and first.headers["ETag"] == second.headers["ETag"]
    assert rendered.count("game.html") == (1 if cached else 2)
    assert client.get("/es/solo-whist/").get_data() != first.get_data()
