"""Naipes as a static site: what ``build.py`` runs, one module per step.

- ``catalogs``: every string translated, then compiled to ``.mo`` files;
- ``freeze``: the Flask app's pages, assets, example data and host files written to disk;
- ``links``: every link of the written site leads to a file it has;
- ``pdf``: the rule sheets printed to PDF by Chromium (the only module that needs Playwright);
- ``output`` and ``progress``: what has been written, and the one line that says so;
- ``site``: the whole build, staged beside its target and swapped in only when it succeeded.
"""
