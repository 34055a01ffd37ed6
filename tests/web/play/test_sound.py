"""The table's sounds (derive.web.play.sound): notes handed to the view, or nothing."""

from __future__ import annotations

from derive.web.link import Recorder
from derive.web.play.sound import SOUNDS, Sound


def test_a_sound_is_its_notes_sent_to_the_view_only_when_on() -> None:
    view = Recorder()
    sound = Sound(view)
    sound.play("move")
    assert view.calls == []  # off unless the player turns it on
    sound.on = True
    sound.play("move")
    sound.play("no such sound")
    assert view.named("sound") == [([list(note) for note in SOUNDS["move"]],)]
    for notes in SOUNDS.values():
        for frequency, start, length, loudness in notes:
            assert frequency > 0 and start >= 0 and length > 0 and 0 < loudness <= 1
