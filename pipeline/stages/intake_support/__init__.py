"""Helpers of the Intake stage: reading a .docx (text, numbering, tables, tracked changes) and
the input limits. They import the data model, the settings and the errors, never a stage."""
