"""The command line: a thin layer, one module per command, over library functions."""
