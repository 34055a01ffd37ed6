"""Optional table sounds: a click for a move, a knock for a capture, a chord at the end.

Each sound is a few notes, played by the view (``assets/view.js``, ``sound``) with the Web
Audio API: no sound files to download or cache. Off unless the player turns it on; the
view makes its audio context on first use, after a click, since browsers refuse to start
one before the person has interacted with the page, and stays silent where there is none.
"""

from __future__ import annotations

from typing import Final

from ..link import Link

#: Each sound as notes: (frequency in Hz, start in s, length in s, loudness 0-1).
SOUNDS: Final[dict[str, tuple[tuple[float, float, float, float], ...]]] = {
    "move": ((520.0, 0.0, 0.06, 0.25),),
    "capture": ((300.0, 0.0, 0.09, 0.35), (180.0, 0.07, 0.12, 0.3)),
    "end": ((523.0, 0.0, 0.18, 0.25), (659.0, 0.12, 0.18, 0.25), (784.0, 0.24, 0.35, 0.25)),
}


class Sound:
    def __init__(self, view: Link, *, on: bool = False) -> None:
        self.view = view
        self.on = on

    def play(self, name: str) -> None:
        if self.on and name in SOUNDS:
            self.view.send("sound", [list(note) for note in SOUNDS[name]])
