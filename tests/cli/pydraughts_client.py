#!/usr/bin/env python3
"""pydraughts_client.py PYDRAUGHTS_DIR DRAUGHTS hub|dxp — a real client, pydraughts, plays
'draughts hub' with its HubEngine, as lidraughts bots drive Scan, or 'draughts dxp
--listen' with its DXPEngine, as it drives Scan, Kingsrow or Dam over DXP: the engine's
moves must be legal moves of pydraughts' own board, and the protocol must never leave
it waiting.  Prints 'ok ...' lines, or raises."""
import os
import random
import socket
import subprocess
import sys
import types

sys.path.insert(0, sys.argv[1])
# pydraughts imports CheckerBoard's Windows bridge (msl-loadlib) at import time; it is
# not used here, so a stand-in lets the pure-Python engines load.
msl = types.ModuleType("msl")
msl.loadlib = types.ModuleType("msl.loadlib")
msl.loadlib.Client64 = msl.loadlib.Server32 = object
sys.modules.update({"msl": msl, "msl.loadlib": msl.loadlib})

import draughts  # noqa: E402
from draughts.engine import DXPEngine, HubEngine, Limit  # noqa: E402

DRAUGHTS = os.path.realpath(sys.argv[2])


def is_legal(board, move):
    return move.board_move in [m.board_move for m in board.legal_moves()]


def play_hub(variant, plies):
    args = [DRAUGHTS, "hub"] + ([variant] if variant else [])
    hub = HubEngine(args)
    assert "variant" in hub.options, hub.options
    hub.init()
    board = draughts.Board(variant or "standard")
    for _ in range(plies):
        if board.is_over():
            break
        result = hub.play(board, Limit(depth=2), False)
        assert is_legal(board, result.move), result.move.hub_move
        board.push(result.move)
    hub.quit()
    hub.p.wait(timeout=30)
    hub.p.stdin.close()
    hub.p.stdout.close()
    print(f"ok hub {variant or 'default'}: {len(board.move_stack)} plies, {board.fen}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def play_dxp(plies):
    """The engine listens and plays White; pydraughts asks for the game and plays Black
    at random."""
    port = free_port()
    engine = subprocess.Popen([DRAUGHTS, "dxp", "international", "--depth", "2", "--games", "1", "--listen",
                               str(port)], stdout=subprocess.PIPE, text=True)
    first = engine.stdout.readline()
    assert first.startswith("dxp: listening on port"), first
    dxp = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port}, initial_time=300)
    board = draughts.Board()
    rng = random.Random(1)
    while not board.is_over() and len(board.move_stack) < plies:
        if board.turn == draughts.WHITE:
            result = dxp.play(board)
            assert result.move is not None and is_legal(board, result.move), "no legal move from the engine"
            board.push(result.move)
        else:
            board.push(rng.choice(board.legal_moves()))
    dxp.quit()
    out, _ = engine.communicate(timeout=60)
    assert engine.returncode == 0 and "dxp: 1 game" in out, out
    print(f"ok dxp: {len(board.move_stack)} plies, {board.fen}")


if sys.argv[3] == "hub":
    play_hub(None, 12)      # the default variant, International as Scan's Hub has it
    play_hub("english", 8)  # board strings in reading order, moves in English numbers
else:
    play_dxp(20)
