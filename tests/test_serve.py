"""tools/serve.py compresses as GitHub Pages does: gzip for text, WebAssembly and the Python
sources to a client that accepts it, the file as it is to one that does not, never images
or archives."""

from __future__ import annotations

import gzip
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from tools.serve import accepts_gzip, make_server

FILES = {
    "page.html": b"<!doctype html><title>x</title>" + b"<p>words</p>" * 500,
    "code.mjs": b"export const x = 1;\n" * 400,
    "mod.py": b"print('hello')\n" * 300,
    "runtime.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 40,
    "picture.png": b"\x89PNG\r\n\x1a\n" + b"\0" * 2000,
    "python.gz": gzip.compress(b"already packed" * 100),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("site")
    for name, body in FILES.items():
        (root / name).write_bytes(body)
    (root / "folder").mkdir()
    server = make_server(root, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def get(url: str, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers.items()), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers.items()), error.read()


@pytest.mark.parametrize("name", ["page.html", "code.mjs", "mod.py", "runtime.wasm"])
def test_compressed_kinds_are_gzipped_for_a_client_that_accepts_it(site: str, name: str) -> None:
    status, headers, body = get(f"{site}/{name}", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("name", ["page.html", "runtime.wasm"])
@pytest.mark.parametrize("accept", [None, "identity", "gzip;q=0", "br"])
def test_a_client_without_gzip_gets_the_file_as_it_is(
    site: str, name: str, accept: str | None
) -> None:
    headers_in = {"Accept-Encoding": accept} if accept else {}
    status, headers, body = get(f"{site}/{name}", **headers_in)
    assert status == 200 and "Content-Encoding" not in headers
    assert body == FILES[name]


@pytest.mark.parametrize("name", ["picture.png", "python.gz"])
def test_images_and_archives_are_never_compressed_again(site: str, name: str) -> None:
    status, headers, body = get(f"{site}/{name}", **{"Accept-Encoding": "gzip"})
    assert status == 200 and "Content-Encoding" not in headers
    assert body == FILES[name]


def test_head_revalidation_and_missing_files(site: str) -> None:
    status, headers, body = get(f"{site}/page.html", "HEAD", **{"Accept-Encoding": "gzip"})
    assert status == 200 and body == b"" and headers["Content-Encoding"] == "gzip"
    modified = headers["Last-Modified"]
    status, _, body = get(
        f"{site}/page.html", **{"Accept-Encoding": "gzip", "If-Modified-Since": modified}
    )
    assert status == 304 and body == b""
    status, _, _ = get(
        f"{site}/page.html",
        **{"Accept-Encoding": "gzip", "If-Modified-Since": "Mon, 01 Jan 1990 00:00:00 GMT"},
    )
    assert status == 200
    assert get(f"{site}/nothing.html", **{"Accept-Encoding": "gzip"})[0] == 404
    assert get(f"{site}/folder/", **{"Accept-Encoding": "gzip"})[0] == 200  # a listing


def test_accept_encoding_reading() -> None:
    assert accepts_gzip("gzip") and accepts_gzip("deflate, gzip;q=0.5") and accepts_gzip("*")
    assert not accepts_gzip(None) and not accepts_gzip("") and not accepts_gzip("br")
    assert not accepts_gzip("gzip;q=0") and not accepts_gzip("gzip;q=zero")


def test_the_service_worker_is_served_with_the_version_of_what_it_lists(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("worker")
    (root / "a.py").write_text("x = 1\n", encoding="utf-8")
    worker = (
        "// precache:start\n"
        'const VERSION = "0000000000000000";\n'
        'const RUNTIME = [\n];\nconst APP = [\n  "a.py",\n];\n'
        "// precache:end\n"
    )
    (root / "sw.js").write_text(worker, encoding="utf-8")
    server = make_server(root, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/sw.js"
        status, headers, body = get(url)
        assert status == 200 and headers["Content-Type"].startswith("application/javascript")
        first = body.decode()
        stamped = re.sub(r'"[0-9a-f]{16}"', '"' + "0" * 16 + '"', first, count=1)
        assert first != worker and stamped == worker
        status, headers, packed = get(url, **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(packed) == body
        (root / "a.py").write_text("x = 2\n", encoding="utf-8")
        assert get(url)[2].decode() != first
    finally:
        server.shutdown()
        server.server_close()
