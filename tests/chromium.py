"""Headless Chromium driven over the DevTools protocol, with nothing but the
standard library: for the analysis page's browser test.

Chromium's ``--remote-debugging-pipe`` speaks the DevTools protocol over
file descriptors 3 (commands in) and 4 (replies out), each message JSON
ended by a NUL byte; so no websocket client and no browser-driving package
is needed. :class:`Browser` opens one page and offers the few calls the test
makes: evaluate JavaScript, click at a point with real mouse events (the
renderer's hit testing decides what is clicked, as for a person), take a
screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

#: Debian's package installs /usr/bin/chromium; other systems name it otherwise.
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """The browser to drive: $JINK_CHROMIUM, or the first of :data:`NAMES` on PATH."""
    given = os.environ.get("JINK_CHROMIUM")
    if given:
        return given
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(RuntimeError):
    """The browser did not answer as the protocol says it should."""


class Browser:
    """One headless Chromium showing one page; use as a context manager."""

    def __init__(self, binary: str, url: str, width: int, height: int,
                 timeout: float = 60.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="jink-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # Copies numbered 10 or more, so the shell's "3<&N 4>&M" cannot
        # overwrite one with the other.
        high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
        high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)
        args = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-extensions", "--hide-scrollbars", "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}", f"--window-size={width},{height}", url,
        ]
        self.process = subprocess.Popen(
            # bash, not sh: dash takes only one-digit descriptors in redirections.
            ["bash", "-c", f'exec "$0" "$@" 3<&{high_r} 4>&{high_w}', binary, *args],
            pass_fds=(high_r, high_w), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(high_r)
        os.close(high_w)
        self._buffer = b""
        self._next_id = 0
        self.session = self._attach()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                self._send("Browser.close", {}, None)
                self.process.wait(timeout=10)
        except (OSError, BrowserError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            for fd in (self._to_browser, self._from_browser):
                with contextlib.suppress(OSError):
                    os.close(fd)
            shutil.rmtree(self.profile, ignore_errors=True)

    # -- the protocol -----------------------------------------------------------------

    def _send(self, method: str, params: dict[str, Any], session: str | None) -> int:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        return self._next_id

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise BrowserError("the browser stopped answering")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        reply: dict[str, Any] = json.loads(raw)
        return reply

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = "page") -> dict[str, Any]:
        """Send a command (to the page's session by default) and return its result."""
        target = self.session if session == "page" else session
        wanted = self._send(method, params or {}, target)
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") != wanted:
                continue  # an event, or the answer to something else
            if "error" in reply:
                raise BrowserError(f"{method}: {reply['error']}")
            result: dict[str, Any] = reply["result"]
            return result

    def _attach(self) -> str:
        deadline = time.monotonic() + self.timeout
        while True:
            targets = self.call("Target.getTargets", session=None)["targetInfos"]
            pages = [t for t in targets if t["type"] == "page"]
            if pages:
                break
            if time.monotonic() > deadline:
                raise BrowserError("no page target appeared")
            time.sleep(0.1)
        attached = self.call("Target.attachToTarget",
                             {"targetId": pages[0]["targetId"], "flatten": True}, session=None)
        session: str = attached["sessionId"]
        return session

    # -- what the test asks ---------------------------------------------------------

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-able values)."""
        result = self.call("Runtime.evaluate", {"expression": expression,
                                                "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str) -> None:
        """Wait until ``expression`` is true in the page."""
        deadline = time.monotonic() + self.timeout
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out waiting for {expression}")
            time.sleep(0.05)

    def click(self, selector: str) -> None:
        """Click the middle of the element ``selector`` with the mouse."""
        box = self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent",
                      {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def narrow(self, width: int, height: int) -> None:
        """Show the page as on a screen ``width`` CSS pixels wide (narrower than
        the smallest headless window, 500 px) and load it again, so the page's
        script lays it out at that width."""
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": False})
        self.call("Page.reload", {})
        time.sleep(0.2)

    def goto(self, url: str) -> None:
        """Show another page in the same tab (any emulated screen stays)."""
        self.call("Page.navigate", {"url": url})
        time.sleep(0.2)

    def screenshot(self, path: Path, clip: dict[str, float] | None = None) -> bytes:
        """A PNG of the page's viewport (or of ``clip``), written to ``path``."""
        params: dict[str, Any] = {"format": "png"}
        if clip is not None:
            params["clip"] = {**clip, "scale": 1}
        png = base64.b64decode(self.call("Page.captureScreenshot", params)["data"])
        path.write_bytes(png)
        return png


# -- reading a small PNG (the colour of a spot of the screenshot) -------------------------


def png_pixels(png: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of an 8-bit RGB or RGBA, non-interlaced PNG
    (what Chromium writes); for small clips only: it is plain Python."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    height = depth = colour = 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or colour not in (2, 6):
        raise ValueError(f"PNG depth {depth}, colour type {colour}: not read here")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + guess) & 255
        rows.append(line)
        previous = line
    pixels = [(row[x * channels], row[x * channels + 1], row[x * channels + 2])
              for row in rows for x in range(width)]
    return width, height, pixels
