"""The table store's schema, as Alembic migrations (``versions``) run when the app starts (``store.migrate``).

A change to the schema is a new file in ``versions``, written by hand like ``0001_tables.py``: the
next ``revision`` number, ``down_revision`` the last one's, and ``schema.py`` changed to match.
"""
