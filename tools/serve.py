"""Static file server for Dérive, for development and end-to-end tests.

Serves a directory (the repo root by default) on 127.0.0.1 with:

* correct MIME types for the files the PyScript/Pyodide runtime loads
  (``.mjs``/``.js`` as ``application/javascript``, ``.wasm`` as ``application/wasm``
  so that ``WebAssembly.instantiateStreaming`` works, ``.toml``, ``.zip``, ...);
* ``Cache-Control: no-cache`` on every response, so edits are picked up at once;
* optionally (``--coi``) the COOP/COEP headers that make the page
  cross-origin isolated (needed only for PyScript workers that use
  ``SharedArrayBuffer``, e.g. synchronous DOM access from a worker).

``tests/e2e/conftest.py`` imports :class:`Handler` and :func:`make_server` from here,
so the tests serve the files exactly as ``make serve`` does.

Usage: ``python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [--root DIR] [--coi]``
"""

from __future__ import annotations

import argparse
import os
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

REPO_ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "application/javascript; charset=utf-8",
    ".mjs": "application/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".tar": "application/x-tar",
    ".toml": "application/toml; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class Handler(SimpleHTTPRequestHandler):
    """``SimpleHTTPRequestHandler`` with fixed MIME types and no-cache headers."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    #: Set to True (see :func:`make_handler`) to send COOP/COEP.
    cross_origin_isolated: ClassVar[bool] = False
    #: Set to False to silence the per-request log lines on stderr.
    log_requests: ClassVar[bool] = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.cross_origin_isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if self.log_requests:
            super().log_message(format, *args)


def make_handler(
    root: Path | str = REPO_ROOT, *, coi: bool = False, quiet: bool = False
) -> type[Handler]:
    """Return a :class:`Handler` subclass bound to ``root``."""
    directory = os.fspath(root)

    class BoundHandler(Handler):
        cross_origin_isolated = coi
        log_requests = not quiet

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("directory", directory)
            super().__init__(*args, **kwargs)

    return BoundHandler


class Server(ThreadingHTTPServer):
    """Threaded server; a deeper listen queue than the default 5 (a browser opens several
    connections at once), daemon threads so a stuck client never blocks shutdown."""

    daemon_threads = True
    request_queue_size = 64


def make_server(
    root: Path | str = REPO_ROOT,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    coi: bool = False,
    quiet: bool = False,
) -> Server:
    """Create (but do not start) a threaded static server. ``port=0`` picks a free port."""
    return Server((host, port), make_handler(root, coi=coi, quiet=quiet))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--root", type=Path, default=REPO_ROOT)
    parser.add_argument("--coi", action="store_true", help="send COOP/COEP headers")
    parser.add_argument("--quiet", action="store_true", help="no per-request log lines")
    args = parser.parse_args(argv)

    server = make_server(args.root, args.host, args.port, coi=args.coi, quiet=args.quiet)
    print(
        f"Serving {args.root} on http://{args.host}:{server.server_port}/ (Ctrl-C to stop)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
