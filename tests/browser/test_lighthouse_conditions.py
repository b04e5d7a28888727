"""Lighthouse's "Enable text compression" and "Document has a valid hreflang" audits, checked
as Lighthouse checks them, in Chromium, on every page of the live site."""

import re
from urllib.parse import urlsplit

import pytest

from naipes.games import GAMES as REGISTERED

pytestmark = pytest.mark.browser

GAMES = list(REGISTERED)
PAGES = ["/es/", "/pt/"] + [f"/{lang}/{game}/" for lang in ("es", "pt") for game in GAMES]
GLOSSARIES = [f"/es/{game}/glosario/" for game in ("old-maid", "solo-whist")] + ["/pt/double-solitaire/glossario/"]
TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/xml")
# Lighthouse flags a text resource that is sent plain when compressing it saves at least 1,400 bytes.
LIGHTHOUSE_MIN_SAVING = 1400
# Language tags as Lighthouse accepts them: a language, optionally a region or script.
HREFLANG = re.compile(r"^(x-default|[a-z]{2,3}(-[A-Za-z]{4})?(-([A-Z]{2}|[0-9]{3}))?)$")


@pytest.mark.parametrize("url", PAGES)
def test_every_text_resource_of_the_page_is_compressed(page, live_server, url):
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(live_server + url, wait_until="load")
    text = [r for r in responses if r.headers.get("content-type", "").startswith(TEXT_TYPES)]
    assert any(r.url.endswith(url) for r in text)
    for response in text:
        size = int(response.headers.get("content-length") or len(response.body()))
        if size >= LIGHTHOUSE_MIN_SAVING:
            assert response.headers.get("content-encoding") in ("br", "gzip"), response.url


@pytest.mark.parametrize("url", PAGES + GLOSSARIES)
def test_the_hreflang_links_are_valid_absolute_and_complete(page, live_server, url):
    page.goto(live_server + url)
    links = page.locator('link[rel="alternate"][hreflang]')
    alternates = {links.nth(i).get_attribute("hreflang"): links.nth(i).get_attribute("href") for i in range(links.count())}
    assert "x-default" in alternates and len(alternates) == 3
    for code, href in alternates.items():
        assert HREFLANG.match(code), code
        parts = urlsplit(href)
        assert parts.scheme in ("http", "https") and parts.netloc, href
    lang = page.locator("html").get_attribute("lang")
    assert urlsplit(next(href for code, href in alternates.items() if code.startswith(lang))).path == url
    canonical = page.locator('link[rel="canonical"]').get_attribute("href")
    assert urlsplit(canonical).path == url and urlsplit(canonical).netloc
