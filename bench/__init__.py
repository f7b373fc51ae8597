"""Benchmarks: `python -m bench [name ...]`; see __main__.py."""

import os
import secrets

# Settings refuse to start without a secret key when DEBUG is off: a benchmark run gets a
# random one of its own (passed on to the web and worker processes it starts).
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
