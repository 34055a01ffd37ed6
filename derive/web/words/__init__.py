"""The words: French and English (``i18n``), the engine's and the AI's messages in French
(``engine_fr``), the rule behind each refusal and its "why?" link (``why``).

The bottom room: imports nothing of the app (not even the engine), so that every other
room can speak.
"""
