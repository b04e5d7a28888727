"""The tables kept by the server: a row per table, one per seat, and each table's log of events.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("level", sa.String(20), nullable=False),
        sa.Column("position", sa.JSON, nullable=False),
        sa.Column("dice", sa.String(32), nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("session", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("practice", sa.Boolean, nullable=False),
        sa.Column("friends", sa.Boolean, nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
        sa.Column("expires", sa.BigInteger, nullable=False, index=True),
        sa.Column("turn_deadline", sa.Float, nullable=True),
        sa.Column("next_table", sa.Integer, nullable=True),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("taken", sa.Boolean, nullable=False),
        sa.Column("away", sa.Boolean, nullable=False),
        sa.Column("seen", sa.Integer, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("events", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_table("tables")
