"""The lines the step-through widget (``example.html``) writes under a step: a lesson's coach before each
of the reader's decisions, a review's judgement of one. One shape for both, so the template reads them
alike."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for
from flask_babel import gettext


@dataclass(frozen=True)
class StepNote:
    """``kind`` is the note's class in the page (``coach``, ``judgement``); ``decision`` the lesson's
    decision it leads to, if any; ``link`` a section of the rules page that teaches it."""

    kind: str
    label: str
    text: str
    link: str | None = None
    link_text: str | None = None
    decision: int | None = None
    again: int | None = None
    """A review's judged decision: the step a practice table may start from ("try again from here")."""


def with_rule(page, kind: str, label: str, text: str, section: str, decision: int | None = None,
              again: int | None = None) -> StepNote:
    """A note linked to ``section`` of ``page``'s rules page, named by its title."""
    titles = {each.id: each.title for each in page.sections}
    return StepNote(kind, label, text, f"{url_for('pages.game', lang=page.lang, slug=page.slug)}#{section}",
                    gettext("Rule: %(section)s", section=titles[section]), decision, again)
