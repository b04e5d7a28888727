"""Alembic's entry: the store hands it an open connection (``config.attributes["connection"]``), so a
migration runs in the store's own transaction, on SQLite and PostgreSQL alike."""

from alembic import context

from naipes.tables.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
