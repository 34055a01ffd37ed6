"""Optional table sounds: a click for a move, a knock for a capture, a chord at the end.

Synthesised with the Web Audio API (no sound files to download or cache).  Off unless
the player turns it on; the audio context is made on first use, after a click, since
browsers refuse to start one before the person has interacted with the page.
"""

from __future__ import annotations

from typing import Any, Final

import js
from pyodide.ffi import JsException

#: Each sound as notes: (frequency in Hz, start in s, length in s, loudness 0-1).
SOUNDS: Final[dict[str, tuple[tuple[float, float, float, float], ...]]] = {
    "move": ((520.0, 0.0, 0.06, 0.25),),
    "capture": ((300.0, 0.0, 0.09, 0.35), (180.0, 0.07, 0.12, 0.3)),
    "end": ((523.0, 0.0, 0.18, 0.25), (659.0, 0.12, 0.18, 0.25), (784.0, 0.24, 0.35, 0.25)),
}


class Sound:
    def __init__(self, *, on: bool = False) -> None:
        self.on = on
        self._context: Any = None

    def play(self, name: str) -> None:
        if not self.on or name not in SOUNDS:
            return
        try:
            if self._context is None:
                self._context = js.AudioContext.new()
            context = self._context
            now = context.currentTime
            for frequency, start, length, loudness in SOUNDS[name]:
                tone = context.createOscillator()
                gain = context.createGain()
                tone.type = "triangle"
                tone.frequency.value = frequency
                gain.gain.setValueAtTime(loudness, now + start)
                gain.gain.exponentialRampToValueAtTime(0.001, now + start + length)
                tone.connect(gain)
                gain.connect(context.destination)
                tone.start(now + start)
                tone.stop(now + start + length + 0.02)
        except (JsException, AttributeError):
            self.on = False  # no Web Audio here: stay silent rather than fail every move
