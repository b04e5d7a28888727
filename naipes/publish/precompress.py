"""Precompressed copies of the static export: a ``.gz`` and a ``.br`` beside every text file,
for hosts that serve them as they are (nginx's ``gzip_static``/``brotli_static``, most CDNs)."""

from __future__ import annotations

import gzip

import brotli

from .output import Output
from .progress import Progress

# Text compresses; the PDFs and images other than SVG are compressed already.
TEXT_SUFFIXES = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")
# Brotli's quality 9 compresses nearly as well as its best (11), in a small part of the time.
BROTLI_QUALITY = 9


def precompress(out: Output, progress: Progress) -> None:
    """Both copies of every text file written so far; ``mtime=0``, so the same build gives the same bytes."""
    texts = sorted(name for name in out.files if name.endswith(TEXT_SUFFIXES))
    for done, name in enumerate(texts, start=1):
        data = (out.root / name).read_bytes()
        out.write(name + ".gz", gzip.compress(data, compresslevel=9, mtime=0))
        out.write(name + ".br", brotli.compress(data, quality=BROTLI_QUALITY))
        progress.update("compress", done, len(texts), name)
