"""Render the app icon (``assets/icon.svg``) as the PNG sizes phones want to install the game.

Android's install prompt and iOS's home-screen icon do not all take SVG, so
``manifest.webmanifest`` lists ``assets/icon-192.png`` and ``assets/icon-512.png`` beside the
SVG.  They are drawn by the same headless Debian Chromium the browser tests use (Playwright,
from the dev venv), so they are the SVG and nothing else.  Run again after editing the SVG:

    .venv/bin/python tools/pages/build_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[2]
SOURCE = REPO_ROOT / "assets" / "icon.svg"
SIZES = (192, 512)
CHROMIUM = "/usr/bin/chromium"


def png_path(size: int) -> Path:
    return SOURCE.with_name(f"icon-{size}.png")


def main() -> int:
    svg = SOURCE.read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for size in SIZES:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}"
                    "svg{display:block;width:100vw;height:100vh}</style>" + svg
                )
                page.screenshot(path=png_path(size), omit_background=True)
                page.close()
                print(f"wrote {png_path(size).relative_to(REPO_ROOT)}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
