"""The reflection loop: routing, improvement signals, the human-review queue, Pres_Lev."""
