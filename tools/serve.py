"""Static file server for Dérive, for development and end-to-end tests.

Serves a directory (the repo root by default) on 127.0.0.1 with:

* correct MIME types for the files the PyScript/Pyodide runtime loads
  (``.mjs``/``.js`` as ``application/javascript``, ``.wasm`` as ``application/wasm``
  so that ``WebAssembly.instantiateStreaming`` works, ``.toml``, ``.zip``, ...);
* ``Cache-Control: no-cache`` on every response, so edits are picked up at once;
* gzip, for a client that accepts it, on the kinds of file GitHub Pages compresses (text,
  the runtime's WebAssembly, the Python sources): what a player downloads from Pages is
  what the browser tests and the benchmarks see here;
* optionally (``--coi``) the COOP/COEP headers that make the page
  cross-origin isolated (needed only for PyScript workers that use
  ``SharedArrayBuffer``, e.g. synchronous DOM access from a worker).

``tests/e2e/conftest.py`` imports :class:`Handler` and :func:`make_server` from here,
so the tests serve the files exactly as ``make serve`` does.

Usage: ``python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [--root DIR] [--coi]``
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import io
import os
import sys
import threading
from collections import OrderedDict
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.offline.build_sw import served_text  # noqa: E402

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


COMPRESSED: frozenset[str] = frozenset(
    {
        ".html",
        ".css",
        ".js",
        ".mjs",
        ".json",
        ".webmanifest",
        ".map",
        ".toml",
        ".svg",
        ".wasm",
        ".py",
        ".txt",
        ".md",
    }
)
"""The endings sent gzipped to a client that accepts it: GitHub Pages compresses these (text
and WebAssembly), not images, fonts or archives (``.zip``, the Python image's ``.gz``)."""
GZIP_LEVEL = 6


class _Compressed:
    """Compressed bodies, by path and the file's size and time: the runtime's 10 MB of
    WebAssembly is compressed once per server, not at every request. Bounded in bytes."""

    def __init__(self, limit: int = 256 << 20) -> None:
        self.limit = limit
        self.held: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()
        self.lock = threading.Lock()

    def body(self, path: str, stat: os.stat_result) -> bytes:
        key = (path, stat.st_size, stat.st_mtime_ns)
        with self.lock:
            if key in self.held:
                self.held.move_to_end(key)
                return self.held[key]
        with open(path, "rb") as source:
            packed = gzip.compress(source.read(), compresslevel=GZIP_LEVEL, mtime=0)
        with self.lock:
            self.held[key] = packed
            while sum(len(b) for b in self.held.values()) > self.limit and len(self.held) > 1:
                self.held.popitem(last=False)
        return packed


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``gzip;q=0`` refuses it)."""
    for part in (header or "").lower().split(","):
        name, _, params = part.partition(";")
        if name.strip() not in ("gzip", "*"):
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            return True
    return False


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

    compressed: ClassVar[_Compressed] = _Compressed()

    def send_head(self) -> BinaryIO | None:
        """A regular file of a compressed kind, gzipped for a client that accepts it; the
        rest (folders, other kinds, a client without gzip) as the standard handler does."""
        path = self.translate_path(self.path)
        if os.path.basename(path) == "sw.js" and os.path.isfile(path):
            return self._service_worker(path)
        if (
            os.path.splitext(path)[1] not in COMPRESSED
            or not accepts_gzip(self.headers.get("Accept-Encoding"))
            or not os.path.isfile(path)
        ):
            return super().send_head()
        try:
            stat = os.stat(path)
            body = self.compressed.body(path, stat)
        except OSError:
            return super().send_head()
        if self._not_modified(stat):
            self.send_response(304)
            self.end_headers()
            return None
        return self._answer(body, self.guess_type(path), gzipped=True, modified=stat.st_mtime)

    def _answer(
        self, body: bytes, kind: str, *, gzipped: bool, modified: float | None = None
    ) -> BinaryIO:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        if modified is not None:
            self.send_header("Last-Modified", self.date_time_string(int(modified)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def _service_worker(self, path: str) -> BinaryIO:
        """``sw.js`` with the version of the files it lists as they are now, as a deploy
        stamps it (``make site``): the worker takes its cache for the server's files only
        while the two versions agree, so an edit here is seen at the next visit."""
        with open(path, encoding="utf-8") as source:
            text = served_text(Path(path).parent, source.read())
        gzipped = accepts_gzip(self.headers.get("Accept-Encoding"))
        body = text.encode()
        if gzipped:
            body = gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)
        return self._answer(body, MIME_TYPES[".js"], gzipped=gzipped)

    def _not_modified(self, stat: os.stat_result) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.timestamp() >= int(stat.st_mtime)

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
