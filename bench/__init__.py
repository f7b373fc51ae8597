"""Benchmarks: `python -m bench [name ...]`; see __main__.py."""
