"""URL parameters (derive.web.table.params) and share codes / record files
(derive.web.table.share)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from derive import Game
from derive.ai import parse_seats
from derive.web.table import params, share


def test_position_opens_with_all_seats_human() -> None:
    launch = params.parse("?position=r3c3,y2d4+r+ry+L2")
    assert launch.game is not None and launch.game.to_position() == "r3c3,y2d4 r ry L2"
    assert launch.ai == {} and not launch.embed


def test_ai_seats_use_the_ais_own_parser() -> None:
    launch = params.parse("?position=-+r+ry+L2&ai=y:hard", parse_ai=parse_seats)
    assert launch.ai == {"y": "hard"}
    assert params.parse("?ai=y,b:easy", parse_ai=parse_seats).ai == {"y": "medium", "b": "easy"}


@pytest.mark.parametrize(
    ("query", "name", "reason"),
    [
        ("?position=zz", "position", "a position has 4 fields"),
        ("?position=r9c3+r+ry+L2", "position", "a die shows 1 to 6, not 9"),
        ("?position=r3c3+r+rx+L2", "position", "not a colour"),
        ("?position=r3c2+r+ry+L2", "position", "light square"),
        ("?ai=q", "ai", "not a colour"),
        ("?ai=y:genius", "ai", "unknown level 'genius'"),
        ("?position=-+r+ry+L2&ai=b", "ai", "b not seated in this game"),
        ("?lang=de", "lang", "'de' is not one of fr, en"),
        ("?embed=maybe", "embed", "not 1 or 0"),
        ("?flip=yes", "flip", "not 1 or 0"),
        ("?select=k1", "select", "not a square"),
        ("?game=abc&position=-+r+ry+L2", "game", "either position or game"),
        ("?game=!!!", "game", "damaged"),
        ("?lang=fr&lang=en", "lang", "more than once"),
    ],
)
def test_bad_parameters_name_the_parameter(query: str, name: str, reason: str) -> None:
    with pytest.raises(params.ParamError) as caught:
        params.parse(query, parse_ai=parse_seats)
    assert caught.value.name == name
    assert reason in caught.value.reason


def test_ai_without_the_ai_is_an_error() -> None:
    with pytest.raises(params.ParamError, match="not available"):
        params.parse("?ai=y")


def test_embed_select_lang() -> None:
    launch = params.parse({"embed": ["1"], "select": ["c3"], "lang": ["fr"]})
    assert launch.embed and launch.select == "c3" and launch.lang == "fr"
    assert not params.parse("?embed=0").embed
    assert params.parse("?embed").embed
    assert params.parse("?flip=1").flip and not params.parse("?flip=0").flip


def test_ai_text_in_turn_order() -> None:
    assert params.ai_text({"g": "easy", "r": "hard"}) == "r:hard,g:easy"


# ----- share codes ---------------------------------------------------------------------


def played_game() -> Game:
    game = Game.new("rby", "L3", seed=3)
    for _ in range(25):
        moves = game.legal_moves()
        game.play(moves[len(moves) // 3])
    return game


def test_share_code_round_trip_is_url_safe() -> None:
    game = played_game()
    code = share.encode(game)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again = share.decode(code)
    assert again.to_position() == game.to_position()
    assert again.moves == game.moves and again.start_roll == game.start_roll


def _code(data: object) -> str:
    raw = zlib.compress(json.dumps(data).encode())
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "empty"),
        ("a" * 70_000, "too long"),
        ("@@@@", "not base64url"),
        (base64.urlsafe_b64encode(b"not zlib").decode(), "cannot be unpacked"),
        (base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode(), "not a record"),
        (_code({"format": "other"}), "not a Dérive game record"),
        (_code([1, 2]), "expected a JSON object"),
    ],
)
def test_damaged_share_codes_are_refused(code: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        share.decode(code)


def test_zip_bomb_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000, 9)).decode()
    assert len(bomb) < share.MAX_CODE_CHARS
    with pytest.raises(ValueError, match="too large"):
        share.decode(bomb)


def test_record_file_round_trip_and_text_form() -> None:
    game = played_game()
    name, text = share.export_file(game)
    assert name == f"derive-L3-rby-{game.ply}.json"
    assert json.loads(text)["format"] == "derive-record"
    assert share.load_file(text).moves == game.moves
    assert share.load_file("\ufeff" + game.to_text()).moves == game.moves


@pytest.mark.parametrize("text", ["", "hello", "<html>", "x" * 3_000_000])
def test_files_that_are_not_records(text: str) -> None:
    with pytest.raises(share.NotARecord):
        share.load_file(text)
