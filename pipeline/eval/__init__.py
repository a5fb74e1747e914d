"""Evaluation: the golden set (human-labelled contracts), CUAD, and the metrics they share."""
