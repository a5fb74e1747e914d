"""Pipeline stages, one per module. Each module's docstring is the stage's contract."""
