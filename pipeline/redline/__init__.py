"""The Word files a review writes: ``revised.docx`` for the counterparty and
``review-comments.docx`` for the client.

- A ``.docx`` input is redlined in place (:mod:`.in_place`): the user's own file, its styles,
  numbering, tables, headers and footers kept, with each applied edit a real tracked change
  inside the runs it touches (:mod:`.ooxml`, mapped back through :mod:`.run_map`).
- A PDF or text input has no Word file to keep: its paragraphs are rebuilt first
  (:mod:`.paragraphs`: wrapped lines joined, repeated page headers and footers dropped, clause
  numbers kept) and written as a new document (:mod:`pipeline.render_docx`), A4 for Chinese.

:mod:`.files` chooses between the two and writes both files; :mod:`.notes` words the comments.
"""
