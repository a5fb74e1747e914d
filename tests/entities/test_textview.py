"""How a passage cut over several lines is shown in a message: joined as the search view joins
soft breaks (a space between Latin words, nothing inside CJK text or a cut figure)."""

from __future__ import annotations

from pipeline.entities.textview import joined


def test_a_quote_across_lines_is_shown_joined_as_the_view_joins_it() -> None:
    assert joined("as liquidated damages and not as a\npenalty") == (
        "as liquidated damages and not as a penalty"
    )
    assert joined("违约\n金") == "违约金"
    assert joined("late pay-\nment") == "late payment"
    assert joined("¥80,00\n0.00元") == "¥80,000.00元"
