"""`mjc serve`'s app answers any request and any socket message, never with a fault.

DESIGN.md, "Reliability", and the app's own rule (compiler/serve/app.py): everything from
the network is untrusted, and every refusal is a one-line message or a plain error page
that changes nothing. The requests and messages come from `serve_gen`; the rule is
`serve_oracle.check_serve`. A failing case is kept in `regressions/`.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
warnings.filterwarnings("ignore", message="Using `httpx`")  # as tests/serve/conftest.py

from fuzz_budget import bulk  # noqa: E402
from serve_gen import serve_case  # noqa: E402
from serve_oracle import check_serve  # noqa: E402


def test_the_app_answers_any_request_and_socket_message_without_a_fault() -> None:
    bulk("serve", serve_case, check_serve, 15)
