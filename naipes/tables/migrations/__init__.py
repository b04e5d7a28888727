"""The table store's schema, as Alembic migrations (``versions``) run when the app starts (``store.migrate``)."""
