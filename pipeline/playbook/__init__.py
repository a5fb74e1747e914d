"""Playbook positions (``--playbook FILE``): standard positions judged GREEN/YELLOW/RED."""

from pipeline.playbook.evaluate import evaluate_playbook
from pipeline.playbook.spec import Playbook, Position, load_playbook

__all__ = ["Playbook", "Position", "evaluate_playbook", "load_playbook"]
