"""The app's words in French and English.

Every string the page shows comes from here (the engine's own messages are English and
are put into French by ``engine_fr``).  Keys are the English meaning in short; values are
``str.format`` templates with named fields.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from html import escape
from typing import Final

LANGUAGES: Final = ("fr", "en")
DEFAULT_LANGUAGE: Final = "fr"

EN: Final[dict[str, str]] = {
    "app.title": "Dérive",
    "app.tagline": "Dice strategy game",
    "error.generic": "Something went wrong. Your game is saved: reload the page to go on.",
    "error.params": "This link cannot be opened: {reason}",
    "error.param": "parameter “{name}”: {reason}",
    "error.param_unused": "Part of this link was not used: {reason}",
    # colours and sides
    "colour.r": "Red",
    "colour.b": "Blue",
    "colour.y": "Yellow",
    "colour.g": "Green",
    "team": "{first} + {second}",
    # toolbar
    "btn.new": "New game",
    "btn.undo": "Undo",
    "btn.redo": "Redo",
    "btn.hint": "Hint",
    "btn.menu": "Game",
    "btn.export": "Export file",
    "btn.import": "Import file",
    "btn.share": "Share link",
    "btn.copy": "Copy",
    "btn.close": "Close",
    "btn.play": "Play",
    "btn.resume": "Resume",
    "btn.review": "Review the game",
    "btn.review.menu": "Review this game",
    "btn.language": "Français",
    "btn.rules": "Learn to play",
    "key.undo": "Undo (U)",
    "key.redo": "Redo (R)",
    "key.hint": "Hint (H)",
    "btn.turn": "Turn the board",
    "btn.turn.title": "Turn the board (F)",
    "btn.keys": "Keyboard shortcuts",
    "why": "Why?",
    "why.title": "Why? The rule, explained",
    "history.banner": "You are looking at move {ply} of {total}.",
    "history.banner.start": "You are looking at the start of the game.",
    "history.back": "Back to the game",
    "moves.label": "Move {ply}, {colour}: {move}",
    "history.read_only": "This is an earlier position (move {ply}): go back to the game to play.",
    "keys.title": "Keyboard",
    "keys.arrows": (
        "Arrow keys: move the cursor along the diagonals (↑ up-right, → down-right, "
        "↓ down-left, ← up-left; Home, Page Up, End, Page Down too)"
    ),
    "keys.enter": "Enter or Space: select the die under the cursor, or play to that square",
    "keys.adjust": "+ and −: add or subtract 1 on the selected die",
    "keys.reroll": "D: re-roll the selected die",
    "keys.digits": "1 to 6: the value of an entering die, when you choose it",
    "keys.undo": "U or Ctrl+Z: undo · R, Y or Ctrl+Y: redo",
    "keys.hint": "H: a hint",
    "keys.turn": "F: turn the board",
    "keys.escape": "Esc: drop the selection, close a window",
    "keys.help": "?: this list",
    "btn.resign": "Resign",
    "btn.draw": "Offer a draw",
    "resign.confirm": "{colour}, do you really resign? Your opponent wins the game.",
    "resign.yes": "Resign",
    "resign.no": "Play on",
    "draw.offer": "{colour} offers a draw. Do the other players accept?",
    "draw.accept": "Accept the draw",
    "draw.decline": "Decline",
    "say.resigned": "{colour} resigned.",
    "say.draw_agreed": "Draw agreed.",
    "status.draw.agreed": "Draw by agreement.",
    "end.resigned": "{side} resigned.",
    "end.resigned.team": "{side} resigned.",
    "settings.sound": "Sounds",
    "settings.speed": "Animations",
    "speed.auto": "As the system asks",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.off": "None",
    # actions on a selected die
    "act.up": "+1",
    "act.down": "−1",
    "act.reroll": "Re-roll",
    "act.up.title": "Add 1 to the selected die (+)",
    "act.down.title": "Subtract 1 from the selected die (−)",
    "act.reroll.title": "Re-roll the selected die (D)",
    "act.pass": "Pass",
    "move.label": "Move in notation",
    "move.placeholder": "e.g. +c1, c1-d2, c3+, c3xd4",
    # setup
    "setup.title": "New game",
    "setup.rules": "Rule set",
    "setup.seats": "Players",
    "setup.seat.off": "Not playing",
    "setup.seat.human": "Human",
    "setup.seat.ai": "Computer ({level})",
    "setup.teams": "Team game",
    "setup.teams.help": "Four players, two teams of two.",
    "setup.pairing": "Teams",
    "setup.start": "Who starts",
    "setup.start.roll": "Roll the dice",
    "setup.start.colour": "{colour} starts",
    "setup.language": "Language",
    "setup.go": "Start the game",
    "setup.cancel": "Cancel",
    "setup.need_two": "At least two colours must play.",
    "setup.teams_need_four": "A team game needs all four colours.",
    "setup.ai_unavailable": "The computer player is not available.",
    # rule sets
    "rules.L1": "Initiation",
    "rules.L2": "Blitz",
    "rules.L3": "Classic",
    "rules.L4": "Advanced",
    "rules.L2C": "Classic blitz",
    "rules.L2A": "Advanced blitz",
    "rules.option": "{id} · {name}",
    "rules.dice": "{dice} dice each",
    "rules.goal1": "first die on the opposite rive wins",
    "rules.goal": "well-formed chain of {goal} wins",
    "rules.protection": "protection",
    "rules.obligation": "obligation to capture",
    "rules.no_chance": "no chance: dice enter at any value, no re-roll",
    # status
    "status.to_move": "{colour} to play",
    "status.your_move": "{colour} to play: select a die or a square of your rive",
    "status.thinking": "{colour} is thinking…",
    "status.ai_starting": "Starting the computer player…",
    "status.ai_unavailable": "The computer player is not available: reload the page to try again.",
    "status.restarted": "The game stopped and started again: your game goes on where it was.",
    "status.won": "{side} wins!",
    "status.won.team": "{side} win!",
    "status.draw": "Draw: the move limit was reached.",
    "status.viewing": "Move {ply} of {total}",
    "status.paused": "The computer players are paused.",
    "status.selected": "{square} selected: click a highlighted square",
    "status.selected.touch": "{square} selected: tap a highlighted square",
    "status.took": "{colour} took {die} on {square}.",
    "status.pick_value": "Choose the value of the die entering on {square}",
    "status.must_pass": "{colour} has no legal action: pass",
    "obligation.title": "Capture obligatory",
    "obligation.text": "{colour} must capture: {moves}",
    "hint.text": "Hint: {move}",
    "hint.unavailable": "No hint available.",
    "hint.thinking": "Looking for a good move…",
    "start_roll.title": "Who starts?",
    "start_roll.round": "Roll {n}",
    "start_roll.tie": "Tie: the tied players roll again.",
    "start_roll.result": "{colour} starts.",
    "end.title": "{side} wins",
    "end.title.team": "{side} win",
    "end.draw": "Draw",
    "end.chain": "Winning chain: {squares}",
    "end.goal1": "Reached the opposite rive on {squares}",
    "btn.rematch": "Rematch",
    "result.chain": "{side} wins — chain anchored",
    "result.chain.team": "{side} win — chain anchored",
    "result.rive": "{side} wins — a die reached the opposite rive",
    "result.rive.team": "{side} win — a die reached the opposite rive",
    "result.resigned": "{side} wins — {loser} resigned",
    "result.resigned.team": "{side} win — {loser} resigned",
    "result.move_limit": "Draw — move limit reached",
    "result.agreed": "Draw — agreed by the players",
    "setup.learn": "New to Dérive? Learn the rules",
    "btn.new.short": "New",
    "btn.turn.short": "Turn",
    # players panel
    "panel.players": "Players",
    "panel.reserve": "{count} in reserve",
    "panel.human": "human",
    "panel.ai": "computer · {level}",
    "panel.moves": "Moves",
    "panel.no_moves": "No move yet.",
    "panel.protected": "Protected dice: {squares}",
    "panel.anchored": "Anchored chain: {squares}",
    "panel.well_formed": "Well-formed chain: {squares}",
    "nav.first": "First position",
    "nav.prev": "Previous move",
    "nav.next": "Next move",
    "nav.last": "Current position",
    # board (screen readers)
    "board.label": "Dérive board, {to_move}",
    "board.label.over": "Dérive board, game over",
    "sq.empty": "{square}, empty",
    "sq.rive": "{rive} rive",
    "sq.die": "{square}, {colour} die showing {value}",
    "sq.protected": "protected",
    "sq.obliged": "must capture",
    "sq.selected": "selected",
    "sq.dest": "destination",
    "sq.capture": "can be captured",
    "sq.enter": "you can enter a die here",
    "sq.last": "last move",
    "reserve.label": "{colour}: {count} dice in reserve",
    # announcements (live region)
    "say.enter": "{colour} enters a die on {square}.",
    "say.enter.value": "{colour} enters a {value} on {square}.",
    "say.step": "{colour} moves from {from_} to {to}.",
    "say.jump": "{colour} jumps from {from_} to {to}.",
    "say.up": "{colour} raises {square} to {value}.",
    "say.down": "{colour} lowers {square} to {value}.",
    "say.reroll": "{colour} re-rolls {square}: {value}.",
    "say.capture": "{colour} takes {die} on {to} from {from_}.",
    "say.capture.plain": "{colour} captures on {to} from {from_}.",
    "die.yours": "your {value}",
    "die.owned.r": "Red's {value}",
    "die.owned.b": "Blue's {value}",
    "die.owned.y": "Yellow's {value}",
    "die.owned.g": "Green's {value}",
    "log.label": "Last actions",
    "say.pass": "{colour} passes.",
    "say.undo": "Move taken back.",
    "say.redo": "Move replayed.",
    # files and links
    "file.exported": "Game saved to a file.",
    "file.imported": "Game imported.",
    "file.bad": "This file cannot be imported: {reason}. Your game is unchanged.",
    "file.not_json": "it is neither a game record (JSON) nor a game text",
    "file.too_big": "the file is too large for a game record",
    "file.unreadable": "the browser could not read it",
    "share.copied": "Link copied to the clipboard.",
    "share.manual": "Copy this link:",
    "share.title": "Share this game",
    "restored": "Your game was restored.",
    # AI levels (names come from derive.ai.LEVELS; unknown ones are shown as they are)
    "level.random": "random",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    # the shelf of saved games (derive/web/shelf/)
    "btn.games": "Your games",
    "games.title": "Your games",
    "games.empty": "No saved game yet.",
    "games.move": "move {ply}",
    "games.to_play": "{colour} to play",
    "games.won": "{side} won",
    "games.draw": "draw",
    "games.you": "you play {colour}",
    "games.vs_ai": "against the computer",
    "games.last": "last played {when}",
    "games.current": "on the board",
    "games.resume": "Resume",
    "games.review": "Review",
    "shelf.review.offer": "You can review this game: the computer looks at every move.",
    "shelf.review.ready": "This game comes with its review.",
    "shelf.analysis_dropped": (
        "The review kept with this game could not be read and was dropped; it will be "
        "worked out again. The game itself is unchanged."
    ),
    "shelf.analysis_no_room": (
        "This game's review cannot be kept with it: there is no room left for it. "
        "The game itself is kept."
    ),
    "file.analysis_dropped": (
        "The file's review could not be read and was left out; the game itself is imported."
    ),
    "games.export": "Export",
    "games.delete": "Delete",
    "games.repair": "Restore what can be read",
    "games.damaged": "Kept aside (could not be read)",
    "games.damaged.item": "set aside {when}, {size} characters",
    "games.damaged.held": "could not be read, {size} characters",
    "shelf.why.format": "it is not a saved Dérive game",
    "shelf.why.newer": "it was saved by a newer version of the game",
    "shelf.why.shape": "some of its data is missing or of the wrong kind",
    "shelf.why.version": "its version number is missing or wrong",
    "shelf.why.id": "its name is missing or does not match where it was stored",
    "shelf.why.no_record": "the record of its moves is missing or damaged",
    "shelf.why.moves": "its list of moves holds something that is not a move",
    "shelf.why.seats": "who plays which colour is missing or damaged",
    "shelf.why.summary": "its summary (position, move number, result) is missing or damaged",
    "shelf.why.dates": "the dates it was started and last played are missing or wrong",
    "shelf.why.stamp": "the mark of its last save is missing or damaged",
    "shelf.unavailable": (
        "Your browser does not let this page store anything: this game is not being saved. "
        "Export it to keep it."
    ),
    "shelf.broken": (
        "Your saved games could not be opened (a fault in the game): this game is not being "
        "saved, and nothing stored was changed. Export it to keep it."
    ),
    "shelf.full": (
        "The browser's storage is full: this game is not being saved, and your other games "
        "are kept as they were. Export it, or delete games you no longer need in Your games."
    ),
    "shelf.crowded": (
        "Your games has no room left for this game: it is not being saved, and your other "
        "games are kept as they were. Export it, or delete games you no longer need in Your "
        "games."
    ),
    "shelf.damaged": (
        "A saved game could not be read ({reason}). Its text is kept aside: nothing was deleted."
    ),
    "shelf.damaged.bad_move": (
        "A saved game could not be read ({reason}). Its text is kept aside. Moves 1–{good} "
        "can be restored; move {bad} ({move}) is not legal."
    ),
    "shelf.damaged.whole": (
        "A saved game could not be read ({reason}). Its text is kept aside. Its {good} moves "
        "can be restored."
    ),
    "shelf.damaged.result": (
        "A saved game could not be read ({reason}). Its text is kept aside. Its {good} moves "
        "can be restored, without the result it claimed."
    ),
    "shelf.repair": "Restore moves 1–{good}",
    "shelf.repaired": "Moves 1–{good} restored.",
    "shelf.repaired.one": "Move 1 restored.",
    "shelf.repair.one": "Restore move 1",
    "shelf.damaged.bad_move.one": (
        "A saved game could not be read ({reason}). Its text is kept aside. Move 1 can be "
        "restored; move {bad} ({move}) is not legal."
    ),
    "shelf.damaged.whole.one": (
        "A saved game could not be read ({reason}). Its text is kept aside. Its one move "
        "can be restored."
    ),
    "shelf.damaged.result.one": (
        "A saved game could not be read ({reason}). Its text is kept aside. Its one move "
        "can be restored, without the result it claimed."
    ),
    "shelf.no_repair": "Nothing of this text can be restored; it stays kept aside.",
    "shelf.too_long": (
        "A saved game is too long to be read here ({size} characters). Its text is kept "
        "where it is, untouched: you can save it as a file."
    ),
    "shelf.unread": (
        "There are more saved texts than this page reads at once: {count} were not read. "
        "They are kept, untouched, and the most recent games are listed."
    ),
    "shelf.unread.one": (
        "There are more saved texts than this page reads at once: one was not read. It is "
        "kept, untouched, and the most recent games are listed."
    ),
    "shelf.export_text": "Export its text",
    "shelf.cannot_export": "This game cannot be exported: {reason}.",
    "shelf.older": (
        "This link is older than your game on this device: it stops at move {theirs}, yours "
        "is at move {ours}. Your game is shown."
    ),
    "shelf.open_beside": "Open the link's version beside it",
    "shelf.older_file": (
        "This file stops at move {theirs}, before your game on this device (move {ours}): "
        "it opens as a game of its own, and yours stays in Your games."
    ),
    "shelf.apart": (
        "This game went another way on this device: the link opens as a game of its own, "
        "and yours stays in Your games."
    ),
    "shelf.your_move": "You play {colour}: your move.",
    "shelf.continued": "(This continues your game, which was at move {ply}.)",
    "shelf.send": "Your move is played. Send the link to {colour}, who plays next.",
    "shelf.send.over": "The game is over. Send the link so that the other side sees the end.",
    "shelf.share.to": "Send this link to {colour}, who plays next:",
    "shelf.newer": "This game was played on in another tab (it is now at move {ply}).",
    "shelf.load_newer": "Show the newer state",
    "shelf.forked": (
        "This game was also played in another tab: the moves made here are kept as a game "
        "of their own in Your games."
    ),
    "shelf.gone": "This game was deleted in another tab. It is saved again if you play on.",
    "shelf.evicted": (
        "To make room, a finished game was removed from Your games ({rules}, over at move "
        "{ply}). Export it to keep it."
    ),
    "shelf.resumed": "Game resumed.",
    "shelf.deleted": "Game deleted.",
    "shelf.dismiss": "Dismiss",
    # The post-game review (issue 26, review pages)
    "review.title": "Review",
    "review.graph.one": "Win chances: {count} position of {total} reviewed",
    "review.graph.many": "Win chances: {count} positions of {total} reviewed",
    "review.scale": "{colour}'s chance of winning",
    "review.scale.all": "Chance of winning",
    "review.percent": "{percent}%",
    "review.ply": "Move {ply}",
    "review.point.move": "{ply}, {colour} played {move}",
    "review.point": "{ply}: {chances}",
    "review.chance": "{colour} {percent}%",
    "review.mark.inaccuracy": "inaccuracy",
    "review.mark.mistake": "mistake",
    "review.mark.blunder": "blunder",
    "review.mark.lucky": "lucky roll",
    "review.mark.unlucky": "unlucky roll",
    "review.a.inaccuracy": "an inaccuracy",
    "review.a.mistake": "a mistake",
    "review.a.blunder": "a blunder",
    "review.count.inaccuracy.one": "{count} inaccuracy",
    "review.count.inaccuracy.many": "{count} inaccuracies",
    "review.count.mistake.one": "{count} mistake",
    "review.count.mistake.many": "{count} mistakes",
    "review.count.blunder.one": "{count} blunder",
    "review.count.blunder.many": "{count} blunders",
    "review.count.lucky.one": "{count} lucky roll",
    "review.count.lucky.many": "{count} lucky rolls",
    "review.count.unlucky.one": "{count} unlucky roll",
    "review.count.unlucky.many": "{count} unlucky rolls",
    "review.reason.misses_win": "misses a win in one",
    "review.reason.misses_forced_win": "misses a forced win",
    "review.reason.allows_win": "lets {colour} win at once",
    "review.reason.allows_forced_win": "lets {colour} force a win",
    "review.reason.allows_capture": "lets {colour} capture the {value} on {square}",
    "review.reason.exposes.one": "leaves the {value} on {square} open to capture",
    "review.reason.exposes.many": "leaves {squares} open to capture",
    "review.reason.misses_capture": "misses capturing the {adjective} {value} on {square}",
    "review.reason.chance": "lowers {colour}'s chance of winning from {before}% to {after}%",
    "review.does.capture": "captures the {adjective} {value} on {square}",
    "review.does.step": "steps from {start} to {end}",
    "review.does.step_back": "steps back from {start} to {end}",
    "review.does.jump": "jumps from {start} to {end}",
    "review.does.rows.one": "{count} row nearer the goal rive",
    "review.does.rows.many": "{count} rows nearer the goal rive",
    "review.does.back.one": "{count} row farther from the goal rive",
    "review.does.back.many": "{count} rows farther from the goal rive",
    "review.does.enter": "brings a new die in on {square}",
    "review.does.adjust": "turns {square} into a {value}",
    "review.does.reroll": "re-rolls {square}",
    "review.does.pass": "passes",
    "review.does.wins": "wins at once with the chain {chain}",
    "review.does.wins_goal": "wins at once on {square}",
    "review.does.stops_win": "stops {colours} from winning next turn",
    "review.does.holds": "keeps {colours} from forcing a win",
    "review.does.forces": "forces the win",
    "review.does.forms": "makes a well-formed chain of {length}",
    "review.does.safe": "puts the die out of reach",
    "review.does.hangs": "though the die can then be taken",
    "review.and": "{first} and {last}",
    "review.better": "Better: {move}{stop}",
    "review.better.does": "Better: {move}{stop} It {does}.",
    "review.line": "Move {ply}, {colour}: {move}, {judgement}.",
    "review.line.why": "Move {ply}, {colour}: {move}, {judgement}: {why}.",
    "review.again.one": "The same {judgement} again at move {moves}",
    "review.again.many": "The same {judgement} again at moves {moves}",
    "review.again.move": "{ply} ({move})",
    "review.again.name": "Move {ply} ({move}): the same {judgement} again",
    "review.summary": "{inaccuracies}, {mistakes}, {blunders}.",
    "review.summary.luck": "Dice luck, counted apart: {rolls}.",
    "review.turning": "Turning point: move {ply}, {what}.",
    "review.turning.what.why": "{what} that {why}",
    "review.turning.unlucky": "Turning point: move {ply}, an unlucky roll.",
    "review.turning.roll": (
        "Turning point: move {ply}, an unlucky roll: it left {colour} a {after}% chance of"
        " winning, against {before}% on average."
    ),
    "review.none": "No mistakes found.",
    "review.costly": "Costliest moves",
    "review.costly.how": "How these costs are counted",
    "review.costly.about": (
        "For each player, the moves that gave away the most chance of winning against the"
        " better move found, largest first, even when none was a mistake. A re-roll counts by"
        " the choice to re-roll, over its six results, never by the one it got: that is luck."
        " A cost under 5%, too small for a mark, is within the review's margin of error:"
        " played out many times, such moves did about as well as the better move. A move that"
        " let the other side win, at once or in two moves (in three, when they played it),"
        " where another move would have stopped it, is marked for it: that is certain, not"
        " estimated, and it costs all the chance of winning its player had before it."
    ),
    "review.costly.none": "No costly move: each was the best found, to within 1%.",
    "review.cost.you": (
        "Move {ply}: {move} cost you {about}{percent}% of your winning chances{mark}."
    ),
    "review.cost.side": (
        "Move {ply}: {move} cost {colour} {about}{percent}% of their winning chances{mark}."
    ),
    "review.cost.team": (
        "Move {ply}: {move} cost {colour} {about}{percent}% of their winning chances{mark}."
    ),
    "review.cost.about": "about ",
    "review.cost.mark": " ({what})",
    "review.cost.did": "It {did}.",
    "review.cost.did.why": "It {did}, but {why}.",
    "review.cost.reroll": (
        "The cost is counted over the six results, not the one rolled, which was luck."
    ),
    "review.cost.unconfirmed": (
        "It is not marked: in many short play-outs, the better move did not clearly do better."
    ),
    "review.summary.costly.one": (
        "{count} costly move, named below: move {ply}, {percent}% of the winning chances."
    ),
    "review.summary.costly.many": (
        "{count} costliest moves named below, the worst at move {ply}: {percent}% of the"
        " winning chances."
    ),
    "review.summary.costly.turning.one": (
        "{count} costly move, named below: move {ply}, {percent}% of the winning chances, the"
        " turning point: {what}."
    ),
    "review.summary.costly.turning.many": (
        "{count} costliest moves named below, the worst at move {ply}: {percent}% of the"
        " winning chances, the turning point: {what}."
    ),
    "review.summary.costly.none": "No costly move.",
    "review.summary.costly.none.lost": (
        "No costly move found: the game slipped away a little at a time, by moves too close"
        " to the best for the review to tell apart. The graph shows where the chances fell."
    ),
    "review.summary.costly.slipped": (
        "No move clearly cost the game: the costliest, move {ply}, gave away {percent}% of the"
        " winning chances by the review's estimate, within its margin of error. The game"
        " slipped away a little at a time; the graph shows where the chances fell."
    ),
    "review.learn": "Learn from your mistakes",
    "review.learn.about": (
        "Each position where your move was a mistake, on the puzzle board: find a better move."
    ),
    "review.learn.about.costly": (
        "Your costliest moves that were inaccuracies, each on the puzzle board: find a better move."
    ),
    "review.progress": "Reviewing: position {done} of {total}",
    "review.done": "Review complete",
    "review.deeper": "Looking deeper at the moves that mattered",
    "review.prev": "Previous move",
    "review.next": "Next move",
    "review.first": "Start",
    "review.last": "End",
    "review.stop": "Stop the review",
    "review.close": "Close the review",
    "review.resume": "Resume the review",
    "review.mistakes": "Mistakes",
    "review.failed": "The review could not run: {reason}",
    "review.accuracy": "Accuracy: {accuracy} out of 100.",
    "review.accuracy.about": (
        "Accuracy says how close a player's moves came to the best move found, from the"
        " chance of winning each one gave away: 100 if none gave any away."
    ),
    "review.rough": (
        "With three or four players, these figures are rough: each move weighs less on"
        " who wins, so one player's good and bad moves are harder to tell apart."
    ),
    # The puzzles room (issue 26: puzzles.html, enigmes.html)
    "puzzles.title": "Dérive puzzles",
    "puzzles.heading": "Puzzles",
    "puzzles.description": (
        "Dérive puzzles found in the computer's own games: win in one or two moves, with a "
        "rating that follows you."
    ),
    "puzzles.intro": (
        "Each puzzle comes from a game the computer played against itself. Find the winning "
        "move; in a two-move puzzle the board plays the other side's best reply. Solving a "
        "puzzle at the first try raises your rating, a wrong move or asking for the solution "
        "lowers it, and the next puzzle is chosen near your rating."
    ),
    "puzzles.skip": "Skip to the puzzle",
    "puzzles.other": "Version française",
    "puzzles.learn": "Learn the rules",
    "puzzles.play": "Play the game",
    "puzzles.rating": "Rating",
    "puzzles.streak": "Streak",
    "puzzles.best": "best {best}",
    "puzzles.solved": "Solved",
    "puzzles.theme": "Theme",
    "puzzles.theme.all": "All themes",
    "puzzles.another": "Another one",
    "puzzles.link": "Link to this puzzle",
    "puzzles.puzzle": "Puzzle {number}",
    "puzzles.about": "Theme: {themes}. Difficulty {difficulty}.",
    "puzzles.task.win1": "{colour} to play and win in one move.",
    "puzzles.task.win2": "{colour} to play and win in two moves.",
    "puzzles.task.other": "{colour} to play: find the only good move.",
    "puzzles.change.up": "Solved at the first try: rating {rating} (+{change}).",
    "puzzles.change.down": (
        "Not this time: rating {rating} ({change}). Start again to find the answer."
    ),
    "puzzles.waiting": "One moment: the puzzle is loading, then your move is played.",
    "puzzles.failed": "The puzzles could not be loaded here. Reload the page to try again.",
    "puzzles.unreadable": "The puzzles cannot be shown: {reason}",
    "puzzles.unknown": "There is no puzzle “{id}” here; here is another one.",
    "puzzles.bad": "{puzzle} cannot be played here: {reason}. Here is another one.",
    "puzzles.none": "No other puzzle of this theme.",
    "puzzles.mistake.heading": "Your move {ply} · Find better than {played}",
    "puzzles.mistake.heading_of": "{colour}'s move {ply} · Find better than {played}",
    "puzzles.mistake.next": "Next position",
    "puzzles.mistake.task": "{colour} to play: find a better move than {played}.",
    "puzzles.mistake.about": "Position {number} of {total} from your game. Not rated.",
    "puzzles.mistake.found": "Found: {better} is the better move.",
    "puzzles.mistake.missed": "Not this one: the better move was {better}.",
    "puzzles.mistake.shown": "The better move was {better}.",
    "puzzles.mistake.bad": "This link to your mistakes could not be read: {reason}.",
    "puzzles.mistake.as_good": "Found: {move} is as good as {better}, the move the review named.",
    "puzzles.mistake.holds": (
        "Found: {move} holds, where {better}, the move the review named, still lets {colour} win."
    ),
    "puzzles.mistake.wins": "Found: {move} wins at once.",
    "puzzles.mistake.forces": "Found: {move} forces the win too, as {better} does.",
    "puzzles.mistake.misses_forced": (
        "{move} is allowed, but a move here wins whatever the other side answers: find it."
    ),
    "puzzles.mistake.played": "{move} is the move played in the game: find a better one.",
    "puzzles.mistake.lets_win": "{move} is allowed, but it lets {colour} win at once.",
    "puzzles.mistake.lets_forced": (
        "{move} is allowed, but then {colour} forces a win with {reply}, whatever you answer."
    ),
    "puzzles.mistake.weaker": (
        "{move} is allowed, but it leaves you fewer chances than a better move."
    ),
    "puzzles.damaged": (
        "Your puzzle record (rating, streak, solved puzzles) could not be read. It is kept "
        "aside in this browser, untouched, and a new record has begun."
    ),
    "puzzles.unsaved": (
        "This browser does not keep your puzzle record: your rating lasts until the page is closed."
    ),
    "puzzles.rating.about": (
        "The rating is Elo's: a puzzle counts as a player rated at its difficulty."
    ),
    "puzzles.act.up": "+1",
    "puzzles.act.down": "−1",
    "puzzles.act.reroll": "Re-roll",
    "puzzles.act.solution": "Show the solution",
    "puzzles.act.reset": "Start again",
    "puzzles.actions": "Actions on the selected die",
    "puzzles.theme.win-in-one": "win in one",
    "puzzles.theme.win-in-two": "win in two",
    "puzzles.theme.capture": "capture",
    "puzzles.theme.obligation": "obligation",
    "puzzles.theme.chain-break": "breaking a chain",
    "puzzles.theme.protection": "protection",
    "puzzles.theme.jump": "jump",
    "puzzles.theme.multi-jump": "long jump",
    "puzzles.theme.corner": "corner",
    "puzzles.theme.blocked-rive": "blocked rive",
    "puzzles.theme.enter": "entering",
    "puzzles.theme.adjust": "adding or taking one",
    "puzzles.theme.reroll": "re-roll",
    "puzzles.theme.chain": "chain",
    "puzzles.heading.full": "Puzzle {number} · {length} · {rules} rules",
    "puzzles.length.win1": "Win in one",
    "puzzles.length.win2": "Win in two",
    "puzzles.length.other": "The only good move",
    "puzzles.skipped.one": "One puzzle in the file could not be read; it is left out.",
    "puzzles.skipped.many": "{count} puzzles in the file could not be read; they are left out.",
    "puzzles.why.missing": "the puzzle file could not be fetched. Reload the page to try again.",
    "puzzles.why.malformed": "the puzzle file is damaged (it is not readable text).",
    "puzzles.why.format": "this is not a puzzle file.",
    "puzzles.why.version": "the puzzle file was made for another version of the game.",
    "puzzles.why.too-big": "the puzzle file is too large to be read.",
    "puzzles.why.too-deep": "the puzzle file is damaged (it is nested too deeply to be read).",
    "puzzles.why.puzzle": "the puzzle file is damaged.",
    "puzzles.why.empty": "the puzzle file holds no puzzle this page can show.",
    "puzzles.intro.more": "How the puzzles work",
}

FR: Final[dict[str, str]] = {
    "app.title": "Dérive",
    "app.tagline": "Jeu de stratégie avec des dés",
    "error.generic": (
        "Un problème est survenu. Votre partie est enregistrée : rechargez la page pour continuer."
    ),
    "error.params": "Ce lien ne peut pas être ouvert : {reason}",
    "error.param": "paramètre « {name} » : {reason}",
    "error.param_unused": "Une partie de ce lien n’a pas servi : {reason}",
    "colour.r": "Rouge",
    "colour.b": "Bleu",
    "colour.y": "Jaune",
    "colour.g": "Vert",
    "team": "{first} + {second}",
    "btn.new": "Nouvelle partie",
    "btn.undo": "Annuler",
    "btn.redo": "Rétablir",
    "btn.hint": "Conseil",
    "btn.menu": "Partie",
    "btn.export": "Enregistrer un fichier",
    "btn.import": "Ouvrir un fichier",
    "btn.share": "Partager un lien",
    "btn.copy": "Copier",
    "btn.close": "Fermer",
    "btn.play": "Jouer",
    "btn.resume": "Reprendre",
    "btn.review": "Revoir la partie",
    "btn.review.menu": "Revoir cette partie",
    "btn.language": "English",
    "btn.rules": "Apprendre à jouer",
    "key.undo": "Annuler (U)",
    "key.redo": "Rétablir (R)",
    "key.hint": "Conseil (H)",
    "btn.turn": "Tourner le plateau",
    "btn.turn.title": "Tourner le plateau (F)",
    "btn.keys": "Raccourcis clavier",
    "why": "Pourquoi ?",
    "why.title": "Pourquoi ? La règle expliquée",
    "history.banner": "Vous regardez le coup {ply} sur {total}.",
    "history.banner.start": "Vous regardez le début de la partie.",
    "history.back": "Revenir à la partie",
    "moves.label": "Coup {ply}, {colour} : {move}",
    "history.read_only": "C’est une position passée (coup {ply}) : revenez à la partie pour jouer.",
    "keys.title": "Clavier",
    "keys.arrows": (
        "Flèches : déplacer le curseur en diagonale (↑ en haut à droite, → en bas à droite, "
        "↓ en bas à gauche, ← en haut à gauche ; aussi Origine, Page préc., Fin, Page suiv.)"
    ),
    "keys.enter": "Entrée ou Espace : choisir le dé sous le curseur, ou jouer sur cette case",
    "keys.adjust": "+ et − : ajouter ou retirer 1 au dé choisi",
    "keys.reroll": "D : relancer le dé choisi",
    "keys.digits": "1 à 6 : la valeur du dé qui entre, quand vous la choisissez",
    "keys.undo": "U ou Ctrl+Z : annuler · R, Y ou Ctrl+Y : rétablir",
    "keys.hint": "H : un conseil",
    "keys.turn": "F : tourner le plateau",
    "keys.escape": "Échap : lâcher le dé choisi, fermer une fenêtre",
    "keys.help": "? : cette liste",
    "btn.resign": "Abandonner",
    "btn.draw": "Proposer la nulle",
    "resign.confirm": "{colour}, abandonnez-vous vraiment ? Votre adversaire gagne la partie.",
    "resign.yes": "Abandonner",
    "resign.no": "Continuer",
    "draw.offer": "{colour} propose la nulle. Les autres joueurs acceptent-ils ?",
    "draw.accept": "Accepter la nulle",
    "draw.decline": "Refuser",
    "say.resigned": "{colour} abandonne.",
    "say.draw_agreed": "Nulle acceptée.",
    "status.draw.agreed": "Nulle d’un commun accord.",
    "end.resigned": "{side} abandonne.",
    "end.resigned.team": "{side} abandonnent.",
    "settings.sound": "Sons",
    "settings.speed": "Animations",
    "speed.auto": "Selon le système",
    "speed.slow": "Lentes",
    "speed.normal": "Normales",
    "speed.fast": "Rapides",
    "speed.off": "Aucune",
    "act.up": "+1",
    "act.down": "−1",
    "act.reroll": "Relancer",
    "act.up.title": "Ajouter 1 au dé choisi (+)",
    "act.down.title": "Retrancher 1 au dé choisi (−)",
    "act.reroll.title": "Relancer le dé choisi (D)",
    "act.pass": "Passer",
    "move.label": "Coup en notation",
    "move.placeholder": "ex. +c1, c1-d2, c3+, c3xd4",
    "setup.title": "Nouvelle partie",
    "setup.rules": "Niveau de jeu",
    "setup.seats": "Joueurs",
    "setup.seat.off": "Absent",
    "setup.seat.human": "Humain",
    "setup.seat.ai": "Ordinateur ({level})",
    "setup.teams": "Partie en équipes",
    "setup.teams.help": "Quatre joueurs, deux équipes de deux.",
    "setup.pairing": "Équipes",
    "setup.start": "Qui commence",
    "setup.start.roll": "Jeter les dés",
    "setup.start.colour": "{colour} commence",
    "setup.language": "Langue",
    "setup.go": "Commencer la partie",
    "setup.cancel": "Annuler",
    "setup.need_two": "Au moins deux couleurs doivent jouer.",
    "setup.teams_need_four": "Une partie en équipes se joue avec les quatre couleurs.",
    "setup.ai_unavailable": "Le joueur ordinateur n’est pas disponible.",
    "rules.L1": "Initiation",
    "rules.L2": "Blitz",
    "rules.L3": "Classique",
    "rules.L4": "Avancée",
    "rules.L2C": "Blitz classique",
    "rules.L2A": "Blitz avancée",
    "rules.option": "{id} · {name}",
    "rules.dice": "{dice} dés chacun",
    "rules.goal1": "le premier dé sur la rive opposée gagne",
    "rules.goal": "une chaîne bien formée de {goal} dés gagne",
    "rules.protection": "interdiction de prendre",
    "rules.obligation": "obligation de prendre",
    "rules.no_chance": "sans hasard : entrée à la valeur choisie, pas de relance",
    "status.to_move": "À {colour} de jouer",
    "status.your_move": "À {colour} de jouer : choisissez un dé ou une case de votre rive",
    "status.thinking": "{colour} réfléchit…",
    "status.ai_starting": "Démarrage du joueur ordinateur…",
    "status.ai_unavailable": (
        "Le joueur ordinateur n’est pas disponible : rechargez la page pour réessayer."
    ),
    "status.restarted": (
        "Le jeu s’est arrêté et a redémarré : votre partie reprend où elle en était."
    ),
    "status.won": "{side} gagne !",
    "status.won.team": "{side} gagnent !",
    "status.draw": "Partie nulle : la limite de coups est atteinte.",
    "status.viewing": "Coup {ply} sur {total}",
    "status.paused": "Les joueurs ordinateur sont en pause.",
    "status.selected": "{square} choisi : cliquez sur une case en surbrillance",
    "status.selected.touch": "{square} choisi : touchez une case en surbrillance",
    "status.took": "{colour} a pris {die} en {square}.",
    "status.pick_value": "Choisissez la valeur du dé qui entre en {square}",
    "status.must_pass": "{colour} n’a aucune action possible : passer",
    "obligation.title": "Prise obligatoire",
    "obligation.text": "{colour} doit prendre : {moves}",
    "hint.text": "Conseil : {move}",
    "hint.unavailable": "Pas de conseil disponible.",
    "hint.thinking": "Recherche d’un bon coup…",
    "start_roll.title": "Qui commence ?",
    "start_roll.round": "Jet {n}",
    "start_roll.tie": "Égalité : les ex æquo relancent.",
    "start_roll.result": "{colour} commence.",
    "end.title": "{side} gagne",
    "end.title.team": "{side} gagnent",
    "end.draw": "Partie nulle",
    "end.chain": "Chaîne gagnante : {squares}",
    "end.goal1": "Rive opposée atteinte en {squares}",
    "btn.rematch": "Revanche",
    "result.chain": "{side} gagne — chaîne ancrée",
    "result.chain.team": "{side} gagnent — chaîne ancrée",
    "result.rive": "{side} gagne — un dé a atteint la rive opposée",
    "result.rive.team": "{side} gagnent — un dé a atteint la rive opposée",
    "result.resigned": "{side} gagne — {loser} abandonne",
    "result.resigned.team": "{side} gagnent — {loser} abandonnent",
    "result.move_limit": "Partie nulle — limite de coups atteinte",
    "result.agreed": "Partie nulle — d’un commun accord",
    "setup.learn": "Première partie ? Apprenez les règles",
    "btn.new.short": "Nouvelle",
    "btn.turn.short": "Tourner",
    "panel.players": "Joueurs",
    "panel.reserve": "{count} en réserve",
    "panel.human": "humain",
    "panel.ai": "ordinateur · {level}",
    "panel.moves": "Coups",
    "panel.no_moves": "Aucun coup joué.",
    "panel.protected": "Dés invulnérables : {squares}",
    "panel.anchored": "Chaîne ancrée : {squares}",
    "panel.well_formed": "Chaîne bien formée : {squares}",
    "nav.first": "Position de départ",
    "nav.prev": "Coup précédent",
    "nav.next": "Coup suivant",
    "nav.last": "Position actuelle",
    "board.label": "Plateau de Dérive, {to_move}",
    "board.label.over": "Plateau de Dérive, partie terminée",
    "sq.empty": "{square}, vide",
    "sq.rive": "rive {rive}",
    "sq.die": "{square}, dé {colour} de valeur {value}",
    "sq.protected": "invulnérable",
    "sq.obliged": "obligé de prendre",
    "sq.selected": "choisi",
    "sq.dest": "destination",
    "sq.capture": "peut être pris",
    "sq.enter": "vous pouvez entrer un dé ici",
    "sq.last": "dernier coup",
    "reserve.label": "{colour} : {count} dés en réserve",
    "say.enter": "{colour} entre un dé en {square}.",
    "say.enter.value": "{colour} entre un {value} en {square}.",
    "say.step": "{colour} va de {from_} en {to}.",
    "say.jump": "{colour} saute de {from_} en {to}.",
    "say.up": "{colour} passe {square} à {value}.",
    "say.down": "{colour} passe {square} à {value}.",
    "say.reroll": "{colour} relance {square} : {value}.",
    "say.capture": "{colour} prend {die} en {to} depuis {from_}.",
    "say.capture.plain": "{colour} prend en {to} depuis {from_}.",
    "die.yours": "votre {value}",
    "die.owned.r": "le {value} rouge",
    "die.owned.b": "le {value} bleu",
    "die.owned.y": "le {value} jaune",
    "die.owned.g": "le {value} vert",
    "log.label": "Dernières actions",
    "say.pass": "{colour} passe.",
    "say.undo": "Coup annulé.",
    "say.redo": "Coup rétabli.",
    "file.exported": "Partie enregistrée dans un fichier.",
    "file.imported": "Partie importée.",
    "file.bad": "Ce fichier ne peut pas être ouvert : {reason}. Votre partie n’a pas changé.",
    "file.not_json": "ce n’est ni un relevé de partie (JSON) ni un texte de partie",
    "file.too_big": "le fichier est trop grand pour un relevé de partie",
    "file.unreadable": "le navigateur n’a pas pu le lire",
    "share.copied": "Lien copié dans le presse-papiers.",
    "share.manual": "Copiez ce lien :",
    "share.title": "Partager cette partie",
    "restored": "Votre partie a été restaurée.",
    "level.random": "au hasard",
    "level.easy": "facile",
    "level.medium": "moyen",
    "level.hard": "difficile",
    # la réserve des parties enregistrées (derive/web/shelf/)
    "btn.games": "Vos parties",
    "games.title": "Vos parties",
    "games.empty": "Aucune partie enregistrée pour l’instant.",
    "games.move": "coup {ply}",
    "games.to_play": "à {colour} de jouer",
    "games.won": "victoire de {side}",
    "games.draw": "partie nulle",
    "games.you": "vous jouez {colour}",
    "games.vs_ai": "contre l’ordinateur",
    "games.last": "dernier coup le {when}",
    "games.current": "sur le plateau",
    "games.resume": "Reprendre",
    "games.review": "Revoir",
    "shelf.review.offer": "Vous pouvez revoir cette partie : l’ordinateur en examine chaque coup.",
    "shelf.review.ready": "Cette partie arrive avec son analyse.",
    "shelf.analysis_dropped": (
        "L’analyse gardée avec cette partie n’a pas pu être lue et a été supprimée ; elle "
        "sera refaite. La partie elle-même n’a pas changé."
    ),
    "shelf.analysis_no_room": (
        "L’analyse de cette partie ne peut pas être gardée avec elle : la place manque. "
        "La partie elle-même est gardée."
    ),
    "file.analysis_dropped": (
        "L’analyse du fichier n’a pas pu être lue et a été laissée de côté ; la partie "
        "elle-même est importée."
    ),
    "games.export": "Exporter",
    "games.delete": "Supprimer",
    "games.repair": "Restaurer ce qui est lisible",
    "games.damaged": "Mis de côté (illisible)",
    "games.damaged.item": "mis de côté le {when}, {size} caractères",
    "games.damaged.held": "illisible, {size} caractères",
    "shelf.why.format": "ce n’est pas une partie de Dérive enregistrée",
    "shelf.why.newer": "elle a été enregistrée par une version plus récente du jeu",
    "shelf.why.shape": "certaines de ses données manquent ou ne sont pas du bon type",
    "shelf.why.version": "son numéro de version manque ou est faux",
    "shelf.why.id": "son nom manque ou ne correspond pas à l’endroit où elle était rangée",
    "shelf.why.no_record": "le relevé de ses coups manque ou est abîmé",
    "shelf.why.moves": "sa liste de coups contient autre chose que des coups",
    "shelf.why.seats": "qui joue quelle couleur manque ou est abîmé",
    "shelf.why.summary": "son résumé (position, numéro du coup, résultat) manque ou est abîmé",
    "shelf.why.dates": "ses dates de début et de dernier coup manquent ou sont fausses",
    "shelf.why.stamp": "la marque de son dernier enregistrement manque ou est abîmée",
    "shelf.unavailable": (
        "Votre navigateur ne laisse rien enregistrer à cette page : cette partie n’est pas "
        "sauvegardée. Exportez-la pour la garder."
    ),
    "shelf.broken": (
        "Vos parties enregistrées n’ont pas pu être ouvertes (un défaut du jeu) : cette "
        "partie n’est pas sauvegardée, et rien de ce qui était enregistré n’a changé. "
        "Exportez-la pour la garder."
    ),
    "shelf.full": (
        "Le stockage du navigateur est plein : cette partie n’est pas sauvegardée, et vos "
        "autres parties restent telles quelles. Exportez-la, ou supprimez dans Vos parties "
        "celles dont vous n’avez plus besoin."
    ),
    "shelf.crowded": (
        "Vos parties n’ont plus de place pour celle-ci : elle n’est pas sauvegardée, et vos "
        "autres parties restent telles quelles. Exportez-la, ou supprimez dans Vos parties "
        "celles dont vous n’avez plus besoin."
    ),
    "shelf.damaged": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté : "
        "rien n’a été effacé."
    ),
    "shelf.damaged.bad_move": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté. "
        "Les coups 1 à {good} peuvent être restaurés ; le coup {bad} ({move}) n’est pas permis."
    ),
    "shelf.damaged.whole": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté. Ses "
        "{good} coups peuvent être restaurés."
    ),
    "shelf.damaged.result": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté. Ses "
        "{good} coups peuvent être restaurés, sans le résultat qu’elle annonçait."
    ),
    "shelf.repair": "Restaurer les coups 1 à {good}",
    "shelf.repaired": "Coups 1 à {good} restaurés.",
    "shelf.repaired.one": "Coup 1 restauré.",
    "shelf.repair.one": "Restaurer le coup 1",
    "shelf.damaged.bad_move.one": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté. "
        "Le coup 1 peut être restauré ; le coup {bad} ({move}) n’est pas permis."
    ),
    "shelf.damaged.whole.one": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté. Son "
        "unique coup peut être restauré."
    ),
    "shelf.damaged.result.one": (
        "Une partie enregistrée est illisible ({reason}). Son texte est mis de côté. Son "
        "unique coup peut être restauré, sans le résultat qu’elle annonçait."
    ),
    "shelf.no_repair": "Rien de ce texte ne peut être restauré ; il reste mis de côté.",
    "shelf.too_long": (
        "Une partie enregistrée est trop longue pour être lue ici ({size} caractères). Son "
        "texte est gardé là où il est, intact : vous pouvez l’enregistrer dans un fichier."
    ),
    "shelf.unread": (
        "Il y a plus de textes enregistrés que cette page n’en lit d’un coup : {count} n’ont "
        "pas été lus. Ils sont gardés, intacts, et les parties les plus récentes sont listées."
    ),
    "shelf.unread.one": (
        "Il y a plus de textes enregistrés que cette page n’en lit d’un coup : un n’a pas été "
        "lu. Il est gardé, intact, et les parties les plus récentes sont listées."
    ),
    "shelf.export_text": "Exporter son texte",
    "shelf.cannot_export": "Cette partie ne peut pas être exportée : {reason}.",
    "shelf.older": (
        "Ce lien est plus ancien que votre partie sur cet appareil : il s’arrête au coup "
        "{theirs}, la vôtre en est au coup {ours}. C’est votre partie qui est affichée."
    ),
    "shelf.open_beside": "Ouvrir aussi la version du lien",
    "shelf.older_file": (
        "Ce fichier s’arrête au coup {theirs}, avant votre partie sur cet appareil (coup "
        "{ours}) : il s’ouvre comme une partie à part, et la vôtre reste dans Vos parties."
    ),
    "shelf.apart": (
        "Sur cet appareil, cette partie a pris un autre tour : le lien s’ouvre comme une "
        "partie à part, et la vôtre reste dans Vos parties."
    ),
    "shelf.your_move": "Vous jouez {colour} : à vous de jouer.",
    "shelf.continued": "(C’est la suite de votre partie, qui en était au coup {ply}.)",
    "shelf.send": "Votre coup est joué. Envoyez le lien à {colour}, qui joue ensuite.",
    "shelf.send.over": "La partie est finie. Envoyez le lien pour que l’autre camp voie la fin.",
    "shelf.share.to": "Envoyez ce lien à {colour}, qui joue ensuite :",
    "shelf.newer": "Cette partie a avancé dans un autre onglet (elle en est au coup {ply}).",
    "shelf.load_newer": "Afficher la version la plus récente",
    "shelf.forked": (
        "Cette partie a aussi été jouée dans un autre onglet : les coups joués ici sont "
        "gardés à part, comme une partie de plus dans Vos parties."
    ),
    "shelf.gone": (
        "Cette partie a été supprimée dans un autre onglet. Elle sera de nouveau enregistrée "
        "si vous continuez à jouer."
    ),
    "shelf.evicted": (
        "Pour faire de la place, une partie terminée a été retirée de Vos parties ({rules}, "
        "finie au coup {ply}). Exportez-la pour la garder."
    ),
    "shelf.resumed": "Partie reprise.",
    "shelf.deleted": "Partie supprimée.",
    "shelf.dismiss": "Fermer",
    # The post-game review (issue 26, review pages)
    "review.title": "Analyse",
    "review.graph.one": "Chances de gain : {count} position analysée sur {total}",
    "review.graph.many": "Chances de gain : {count} positions analysées sur {total}",
    "review.scale": "Chances de gain de {colour}",
    "review.scale.all": "Chances de gain",
    "review.percent": "{percent} %",
    "review.ply": "Coup {ply}",
    "review.point.move": "{ply}, {colour} a joué {move}",
    "review.point": "{ply} : {chances}",
    "review.chance": "{colour} {percent} %",
    "review.mark.inaccuracy": "imprécision",
    "review.mark.mistake": "erreur",
    "review.mark.blunder": "gaffe",
    "review.mark.lucky": "lancer chanceux",
    "review.mark.unlucky": "lancer malchanceux",
    "review.a.inaccuracy": "une imprécision",
    "review.a.mistake": "une erreur",
    "review.a.blunder": "une gaffe",
    "review.count.inaccuracy.one": "{count} imprécision",
    "review.count.inaccuracy.many": "{count} imprécisions",
    "review.count.mistake.one": "{count} erreur",
    "review.count.mistake.many": "{count} erreurs",
    "review.count.blunder.one": "{count} gaffe",
    "review.count.blunder.many": "{count} gaffes",
    "review.count.lucky.one": "{count} lancer chanceux",
    "review.count.lucky.many": "{count} lancers chanceux",
    "review.count.unlucky.one": "{count} lancer malchanceux",
    "review.count.unlucky.many": "{count} lancers malchanceux",
    "review.reason.misses_win": "laisse passer une victoire immédiate",
    "review.reason.misses_forced_win": "laisse passer une victoire forcée",
    "review.reason.allows_win": "permet à {colour} de gagner aussitôt",
    "review.reason.allows_forced_win": "permet à {colour} de forcer la victoire",
    "review.reason.allows_capture": "permet à {colour} de prendre le {value} en {square}",
    "review.reason.exposes.one": "laisse le {value} en {square} à portée de prise",
    "review.reason.exposes.many": "laisse {squares} à portée de prise",
    "review.reason.misses_capture": "laisse passer la prise du {value} {adjective} en {square}",
    "review.reason.chance": (
        "fait tomber les chances de gain de {colour} de {before} % à {after} %"
    ),
    "review.does.capture": "prend le {value} {adjective} en {square}",
    "review.does.step": "avance de {start} en {end}",
    "review.does.step_back": "recule de {start} en {end}",
    "review.does.jump": "saute de {start} en {end}",
    "review.does.rows.one": "{count} rangée plus près de la rive opposée",
    "review.does.rows.many": "{count} rangées plus près de la rive opposée",
    "review.does.back.one": "{count} rangée plus loin de la rive opposée",
    "review.does.back.many": "{count} rangées plus loin de la rive opposée",
    "review.does.enter": "fait entrer un nouveau dé en {square}",
    "review.does.adjust": "passe le dé de {square} à {value}",
    "review.does.reroll": "relance le dé de {square}",
    "review.does.pass": "passe son tour",
    "review.does.wins": "gagne aussitôt avec la chaîne {chain}",
    "review.does.wins_goal": "gagne aussitôt en {square}",
    "review.does.stops_win": "empêche {colours} de gagner au tour suivant",
    "review.does.holds": "empêche {colours} de forcer la victoire",
    "review.does.forces": "force la victoire",
    "review.does.forms": "constitue une chaîne bien formée de {length} dés",
    "review.does.safe": "met le dé hors de portée",
    "review.does.hangs": "même si le dé peut alors être pris",
    "review.and": "{first} et {last}",
    "review.better": "Mieux : {move}{stop}",
    "review.better.does": "Mieux : {move}{stop} Ce coup {does}.",
    "review.line": "Coup {ply}, {colour} : {move}, {judgement}.",
    "review.line.why": "Coup {ply}, {colour} : {move}, {judgement} : {why}.",
    # imprécision, erreur, gaffe: all feminine; the full stop is the list's (panel)
    "review.again.one": "La même {judgement} au coup {moves}",
    "review.again.many": "La même {judgement} aux coups {moves}",
    "review.again.move": "{ply} ({move})",
    "review.again.name": "Coup {ply} ({move}) : la même {judgement}",
    "review.summary": "{inaccuracies}, {mistakes}, {blunders}.",
    "review.summary.luck": "Hasard des dés, compté à part : {rolls}.",
    "review.turning": "Tournant : coup {ply}, {what}.",
    "review.turning.what.why": "{what} qui {why}",
    "review.turning.unlucky": "Tournant : coup {ply}, un lancer malchanceux.",
    "review.turning.roll": (
        "Tournant : coup {ply}, un lancer malchanceux : il laisse à {colour} {after} % de"
        " chances de gain, contre {before} % en moyenne."
    ),
    "review.none": "Aucune erreur trouvée.",
    "review.costly": "Coups les plus coûteux",
    "review.costly.how": "Comment ces coûts sont comptés",
    "review.costly.about": (
        "Pour chaque joueur, les coups qui ont fait perdre le plus de chances de gain face au"
        " meilleur coup trouvé, du plus coûteux au moins coûteux, même quand aucun n’était une"
        " erreur. Une relance compte pour le choix de relancer, sur ses six résultats, jamais"
        " pour celui obtenu : il relève du hasard. Un coût de moins de 5 %, trop petit pour"
        " être signalé, est dans la marge d’erreur de l’analyse : joués de nombreuses fois,"
        " ces coups ont fait à peu près aussi bien que le meilleur. Un coup qui a laissé"
        " l’adversaire gagner, aussitôt ou en deux coups (en trois, quand il les a joués),"
        " quand un autre coup l’en aurait empêché, est marqué pour cela : c’est certain, pas"
        " estimé, et il coûte toutes les chances de gain que son joueur avait avant lui."
    ),
    "review.costly.none": "Aucun coup coûteux : chacun était le meilleur trouvé, à 1 % près.",
    "review.cost.you": (
        "Coup {ply} : {move} vous a coûté {about}{percent} % de vos chances de gain{mark}."
    ),
    "review.cost.side": (
        "Coup {ply} : {move} a coûté à {colour} {about}{percent} % de ses chances de gain{mark}."
    ),
    "review.cost.team": (
        "Coup {ply} : {move} a coûté à {colour} {about}{percent} % de leurs chances de gain{mark}."
    ),
    "review.cost.about": "environ ",
    "review.cost.mark": " ({what})",
    "review.cost.did": "Ce coup {did}.",
    "review.cost.did.why": "Ce coup {did}, mais {why}.",
    "review.cost.reroll": (
        "Le coût est compté sur les six résultats possibles, pas sur celui obtenu, qui relevait"
        " du hasard."
    ),
    "review.cost.unconfirmed": (
        "Ce coup n’est pas marqué : sur de nombreuses suites jouées, le meilleur coup n’a pas"
        " fait nettement mieux."
    ),
    "review.summary.costly.one": (
        "{count} coup coûteux, nommé plus bas : le coup {ply}, {percent} % des chances de gain."
    ),
    "review.summary.costly.many": (
        "{count} coups les plus coûteux nommés plus bas, le pire au coup {ply} : {percent} %"
        " des chances de gain."
    ),
    "review.summary.costly.turning.one": (
        "{count} coup coûteux, nommé plus bas : le coup {ply}, {percent} % des chances de gain,"
        " le tournant : {what}."
    ),
    "review.summary.costly.turning.many": (
        "{count} coups les plus coûteux nommés plus bas, le pire au coup {ply} : {percent} %"
        " des chances de gain, le tournant : {what}."
    ),
    "review.summary.costly.none": "Aucun coup coûteux.",
    "review.summary.costly.none.lost": (
        "Aucun coup coûteux trouvé : la partie a glissé peu à peu, par des coups trop proches"
        " du meilleur pour que l’analyse les distingue. Le graphique montre où les chances"
        " ont baissé."
    ),
    "review.summary.costly.slipped": (
        "Aucun coup n’a nettement coûté la partie : le plus coûteux, le coup {ply}, a fait"
        " perdre {percent} % des chances de gain selon l’estimation de l’analyse, dans sa"
        " marge d’erreur. La partie a glissé peu à peu ; le graphique montre où les chances"
        " ont baissé."
    ),
    "review.learn": "Apprendre de ses erreurs",
    "review.learn.about": (
        "Chaque position où votre coup était une erreur, sur le plateau des énigmes : "
        "trouvez un meilleur coup."
    ),
    "review.learn.about.costly": (
        "Vos coups les plus coûteux qui étaient des imprécisions, chacun sur le plateau des"
        " énigmes : trouvez un meilleur coup."
    ),
    "review.progress": "Analyse : position {done} sur {total}",
    "review.done": "Analyse terminée",
    "review.deeper": "Analyse approfondie des coups décisifs",
    "review.prev": "Coup précédent",
    "review.next": "Coup suivant",
    "review.first": "Début",
    "review.last": "Fin",
    "review.stop": "Arrêter l’analyse",
    "review.close": "Fermer l’analyse",
    "review.resume": "Reprendre l’analyse",
    "review.mistakes": "Erreurs",
    "review.failed": "L’analyse n’a pas pu se faire : {reason}",
    "review.accuracy": "Précision : {accuracy} sur 100.",
    "review.accuracy.about": (
        "La précision dit à quel point les coups d’un joueur approchent du meilleur coup"
        " trouvé, d’après les chances de gain que chacun a laissé échapper : 100 si aucun"
        " n’en a perdu."
    ),
    "review.rough": (
        "À trois ou quatre joueurs, ces chiffres sont approximatifs : chaque coup pèse"
        " moins sur l’issue de la partie, et les bons coups d’un joueur se distinguent"
        " moins bien de ses mauvais."
    ),
    # The puzzles room (issue 26: puzzles.html, enigmes.html)
    "puzzles.title": "Énigmes de Dérive",
    "puzzles.heading": "Énigmes",
    "puzzles.description": (
        "Des énigmes de Dérive tirées des parties de l’ordinateur : gagner en un ou deux coups, "
        "avec un classement qui vous suit."
    ),
    "puzzles.intro": (
        "Chaque énigme vient d’une partie que l’ordinateur a jouée contre lui-même. Trouvez le "
        "coup gagnant ; dans une énigme en deux coups, le plateau joue la meilleure réponse "
        "adverse. Résoudre une énigme du premier coup fait monter votre classement, un coup "
        "faux ou la solution demandée le fait baisser, et l’énigme suivante est choisie près de "
        "votre classement."
    ),
    "puzzles.skip": "Aller à l’énigme",
    "puzzles.other": "English version",
    "puzzles.learn": "Apprendre les règles",
    "puzzles.play": "Jouer une partie",
    "puzzles.rating": "Classement",
    "puzzles.streak": "Série",
    "puzzles.best": "record {best}",
    "puzzles.solved": "Résolues",
    "puzzles.theme": "Thème",
    "puzzles.theme.all": "Tous les thèmes",
    "puzzles.another": "Une autre",
    "puzzles.link": "Lien vers cette énigme",
    "puzzles.puzzle": "Énigme {number}",
    "puzzles.about": "Thème : {themes}. Difficulté {difficulty}.",
    "puzzles.task.win1": "À {colour} de jouer et de gagner en un coup.",
    "puzzles.task.win2": "À {colour} de jouer et de gagner en deux coups.",
    "puzzles.task.other": "À {colour} de jouer : trouvez le seul bon coup.",
    "puzzles.change.up": "Résolue du premier coup : classement {rating} (+{change}).",
    "puzzles.change.down": (
        "Pas cette fois : classement {rating} ({change}). Recommencez pour trouver la réponse."
    ),
    "puzzles.waiting": "Un instant : l’énigme se charge, puis votre coup est joué.",
    "puzzles.failed": "Les énigmes n’ont pas pu se charger ici. Rechargez la page pour réessayer.",
    "puzzles.unreadable": "Les énigmes ne peuvent pas s’afficher : {reason}",
    "puzzles.unknown": "Il n’y a pas d’énigme « {id} » ici ; en voici une autre.",
    "puzzles.bad": "{puzzle} ne peut pas se jouer ici : {reason}. En voici une autre.",
    "puzzles.none": "Pas d’autre énigme de ce thème.",
    "puzzles.mistake.heading": "Votre coup {ply} · Trouvez mieux que {played}",
    "puzzles.mistake.heading_of": "Coup {ply} de {colour} · Trouvez mieux que {played}",
    "puzzles.mistake.next": "Position suivante",
    "puzzles.mistake.task": "{colour} joue : trouvez un meilleur coup que {played}.",
    "puzzles.mistake.about": "Position {number} sur {total} de votre partie. Non classée.",
    "puzzles.mistake.found": "Trouvé : {better} est le meilleur coup.",
    "puzzles.mistake.missed": "Pas celui-ci : le meilleur coup était {better}.",
    "puzzles.mistake.shown": "Le meilleur coup était {better}.",
    "puzzles.mistake.bad": "Ce lien vers vos erreurs n’a pas pu être lu : {reason}.",
    "puzzles.mistake.as_good": "Trouvé : {move} vaut {better}, le coup que l’analyse proposait.",
    "puzzles.mistake.holds": (
        "Trouvé : {move} tient, alors que {better}, le coup que l’analyse proposait, laisse "
        "encore {colour} gagner."
    ),
    "puzzles.mistake.wins": "Trouvé : {move} gagne tout de suite.",
    "puzzles.mistake.forces": "Trouvé : {move} force la victoire aussi, comme {better}.",
    "puzzles.mistake.misses_forced": (
        "{move} est permis, mais un coup gagne ici quoi que l’adversaire réponde : trouvez-le."
    ),
    "puzzles.mistake.played": "{move} est le coup joué dans la partie : cherchez-en un meilleur.",
    "puzzles.mistake.lets_win": "{move} est permis, mais il laisse {colour} gagner aussitôt.",
    "puzzles.mistake.lets_forced": (
        "{move} est permis, mais {colour} force alors la victoire par {reply}, quoi que vous "
        "répondiez."
    ),
    "puzzles.mistake.weaker": (
        "{move} est permis, mais il vous laisse moins de chances qu’un meilleur coup."
    ),
    "puzzles.damaged": (
        "Votre fiche d’énigmes (classement, série, énigmes résolues) n’a pas pu être lue. Elle "
        "est gardée à part dans ce navigateur, intacte, et une nouvelle fiche commence."
    ),
    "puzzles.unsaved": (
        "Ce navigateur ne garde pas votre fiche d’énigmes : votre classement dure jusqu’à la "
        "fermeture de la page."
    ),
    "puzzles.rating.about": (
        "Le classement est celui d’Elo : une énigme compte comme un joueur classé à sa difficulté."
    ),
    "puzzles.act.up": "+1",
    "puzzles.act.down": "−1",
    "puzzles.act.reroll": "Relancer",
    "puzzles.act.solution": "Voir la solution",
    "puzzles.act.reset": "Recommencer",
    "puzzles.actions": "Actions sur le dé choisi",
    "puzzles.theme.win-in-one": "gain en un coup",
    "puzzles.theme.win-in-two": "gain en deux coups",
    "puzzles.theme.capture": "prise",
    "puzzles.theme.obligation": "obligation",
    "puzzles.theme.chain-break": "casser une chaîne",
    "puzzles.theme.protection": "protection",
    "puzzles.theme.jump": "saut",
    "puzzles.theme.multi-jump": "long saut",
    "puzzles.theme.corner": "angle",
    "puzzles.theme.blocked-rive": "rive bloquée",
    "puzzles.theme.enter": "entrée",
    "puzzles.theme.adjust": "ajouter ou retrancher un",
    "puzzles.theme.reroll": "relance",
    "puzzles.theme.chain": "chaîne",
    "puzzles.heading.full": "Énigme {number} · {length} · règles {rules}",
    "puzzles.length.win1": "Gagner en un coup",
    "puzzles.length.win2": "Gagner en deux coups",
    "puzzles.length.other": "Le seul bon coup",
    "puzzles.skipped.one": "Une énigme du fichier n’a pas pu être lue ; elle est laissée de côté.",
    "puzzles.skipped.many": (
        "{count} énigmes du fichier n’ont pas pu être lues ; elles sont laissées de côté."
    ),
    "puzzles.why.missing": (
        "le fichier des énigmes n’a pas pu être chargé. Rechargez la page pour réessayer."
    ),
    "puzzles.why.malformed": "le fichier des énigmes est abîmé (ce n’est pas un texte lisible).",
    "puzzles.why.format": "ce n’est pas un fichier d’énigmes.",
    "puzzles.why.version": "le fichier des énigmes a été fait pour une autre version du jeu.",
    "puzzles.why.too-big": "le fichier des énigmes est trop gros pour être lu.",
    "puzzles.why.too-deep": "le fichier des énigmes est abîmé (trop imbriqué pour être lu).",
    "puzzles.why.puzzle": "le fichier des énigmes est abîmé.",
    "puzzles.why.empty": (
        "le fichier des énigmes ne contient aucune énigme que cette page peut montrer."
    ),
    "puzzles.intro.more": "Comment marchent les énigmes",
}


def french_spaces(text: str) -> str:
    """French typography: the space before ``: ; ! ? % »`` and after ``«`` does not
    break, so that a line never starts with the sign, away from its word or number (a
    phone showed "Bleu 0" on one line and "%" on the next)."""
    return re.sub(r" (?=[:;!?%»])", "\u00a0", text).replace("« ", "«\u00a0")


FR.update({key: french_spaces(value) for key, value in FR.items()})

STRINGS: Final = {"en": EN, "fr": FR}

#: French colour adjectives agree with the noun: "le dé rouge", "la rive bleue".
_FR_ADJECTIVE: Final = {
    "r": ("rouge", "rouge"),
    "b": ("bleu", "bleue"),
    "y": ("jaune", "jaune"),
    "g": ("vert", "verte"),
}


def language(code: str | None) -> str:
    """A supported language for ``code`` ("fr-CA" → "fr"); the default otherwise."""
    if code:
        short = code.strip().lower()[:2]
        if short in LANGUAGES:
            return short
    return DEFAULT_LANGUAGE


_NOTATION_FIRST: Final = re.compile(r"[a-j](?:10|[1-9])")


def sentence(text: str) -> str:
    """``text`` shown as a sentence: a capital first letter ("a capture is obligatory" →
    "A capture…", "la partie est finie" → "La partie…"), unless it opens with a square or a
    move, whose letters are notation ("c3 is already at 6")."""
    if not text[:1].islower() or _NOTATION_FIRST.match(text):
        return text
    return text[0].upper() + text[1:]


_SQUARE: Final = r"[a-j](?:10|[1-9])"
_MOVE_IN_TEXT: Final = re.compile(
    rf"(?<![\w+?=-])(?:\+{_SQUARE}(?:=[1-6])?"
    rf"|{_SQUARE}(?:[-x]{_SQUARE}|\?[1-6]?|[+-](?!\w)))(?![\w=])",
    re.ASCII,
)
"""A move's notation in a sentence (``b8-c9``, ``c3xd4``, ``+c1=4``, ``c3+``, ``c3?5``):
a square alone, which never breaks, is left as it is."""


def moves_html(text: str) -> str:
    """``text`` as HTML, each move's notation in ``<span class="move">``, which the pages'
    style keeps on one line (a phone would break "b8-c9" after its hyphen). A span, not a
    character of its own, so that a screen reader reads the move as written."""
    return _MOVE_IN_TEXT.sub(lambda found: f'<span class="move">{found[0]}</span>', escape(text))


def t(lang: str, key: str, **fields: object) -> str:
    """The text for ``key`` in ``lang`` with ``fields`` filled in."""
    return STRINGS[lang][key].format(**fields)


def percent(chance: float) -> int:
    """A chance (0 to 1) as the whole percent a player reads, a half rounded up: the
    difference of two figures shown is then at least 1 wherever the chances are a point
    or more apart (Python's ``round`` takes 52.5 and 51.5 both to 52)."""
    return math.floor(100 * min(1.0, max(0.0, chance)) + 0.5)


def singular(lang: str, count: int) -> bool:
    """Whether ``count`` of something takes the singular: 1 in English ("0 blunders"),
    0 and 1 in French ("0 gaffe", "1 gaffe", "2 gaffes")."""
    return count in (0, 1) if lang == "fr" else count == 1


def counted(lang: str, key: str, count: int, **fields: object) -> str:
    """``count`` things in words: the text for ``key.one`` or ``key.many`` by the
    language's rule (``singular``), with ``count`` and ``fields`` filled in."""
    form = "one" if singular(lang, count) else "many"
    return t(lang, f"{key}.{form}", count=count, **fields)


def colour(lang: str, letter: str) -> str:
    """A colour as a player's name ("Red", "Rouge")."""
    return STRINGS[lang][f"colour.{letter}"]


def colour_adjective(lang: str, letter: str, *, feminine: bool = False) -> str:
    """A colour describing a thing: "red die" / "dé rouge", "rive bleue"."""
    if lang == "fr":
        return _FR_ADJECTIVE[letter][feminine]
    return STRINGS[lang][f"colour.{letter}"].lower()


def side(lang: str, letters: str) -> str:
    """A side: one colour, or a team's two colours."""
    if len(letters) == 1:
        return colour(lang, letters)
    return t(lang, "team", first=colour(lang, letters[0]), second=colour(lang, letters[1]))


def sides(lang: str, each: Sequence[str]) -> str:
    """Who plays whom, one way on every page: "Red – Yellow", "Red + Yellow – Blue +
    Green" (a dash, as a match is written in French and English)."""
    return " – ".join(side(lang, letters) for letters in each)


def level_name(lang: str, level: str) -> str:
    return STRINGS[lang].get(f"level.{level}", level)


def rule_set_name(lang: str, ident: str) -> str:
    return STRINGS[lang][f"rules.{ident}"]


def join_squares(squares: list[str] | tuple[str, ...]) -> str:
    return "–".join(squares)


def puzzle_theme(lang: str, tag: str) -> str:
    """A puzzle's theme tag in players' words ("chain-break" → "breaking a chain"); a tag
    this version does not know: its own words, spaced."""
    return STRINGS[lang].get(f"puzzles.theme.{tag}", tag.replace("-", " "))
