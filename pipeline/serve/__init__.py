"""The HTTP service: ``contract-review serve`` (FastAPI under uvicorn; the ``serve`` extra).

- :mod:`~pipeline.serve.settings`: what the server runs with, and where it may listen;
- :mod:`~pipeline.serve.jobs`: the reviews it stores, one private folder each;
- :mod:`~pipeline.serve.work`: what its worker processes run (reviews, KB queries, citations);
- :mod:`~pipeline.serve.pool`: the one worker pool, sized by ``--jobs`` with the thread budget;
- :mod:`~pipeline.serve.app`: the FastAPI application, its auth and its error bodies, with the
  routes in :mod:`~pipeline.serve.routes_reviews` and :mod:`~pipeline.serve.routes_kb`.

Only ``contract-review serve`` imports this package, so FastAPI stays an extra: a review never
loads it.
"""
