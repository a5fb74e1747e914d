"""Helpers of the reflection stages (Generate, Verifier, Revise, reflect): clause blocks,
routing and improvement signals. They import the data model and the settings, never a stage."""
