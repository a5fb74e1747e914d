"""Check any review (ours, another LLM's, a person's) point by point against the contract and
the law: ``contract-review check`` and the claims check inside ``review`` share this package."""
