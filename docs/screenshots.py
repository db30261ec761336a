"""Take the README's pictures of the calculator: ``python docs/screenshots.py`` (needs the web and
test extras and Debian's Chromium). Starts ``armourpen serve`` on a free port, opens the text's
example at desktop and phone width, and writes docs/web-desktop.png and docs/web-phone.png (and
the taxi example, who is hit, as docs/web-who-desktop.png and docs/web-who-phone.png)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = {  # file: (width, height, scale, address)
    "web-desktop.png": (1280, 820, 1, "/?example=agent-gray"),
    "web-phone.png": (375, 812, 2, "/"),
    # who is hit (GU-15 to GU-17): the taxi example, its cards' chances of being hit
    "web-who-desktop.png": (1280, 820, 1, "/?example=taxi"),
    "web-who-phone.png": (375, 812, 2, "/?example=taxi"),
}


def main() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "armourpen", "serve", "--port", str(port),
                               "--no-user-catalog"])
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/api/catalog?kind=ammo", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for name, (width, height, scale, where) in SHOTS.items():
                page = browser.new_page(viewport={"width": width, "height": height},
                                        device_scale_factor=scale)
                page.goto(url + where)
                page.wait_for_timeout(300)
                page.screenshot(path=str(HERE / name))
                page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
