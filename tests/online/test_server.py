"""test_server.py DRAUGHTS WORKDIR — the game server driven by an independent client
(Python websockets): whole games in every variant, the referee's refusals, tokens,
offers and endings, clocks, dropped and abandoned seats, spectators' suggestions,
the public list and its subscription, a kill -9 and a restart, hostile input, a flood, the limits
(per address and in all, HTTP too, the open files, the output queued for all, hello and ping
timeouts, other sites' pages), a crowd of spectators, TLS.
"""
import asyncio
import base64
import json
import os
import random
import re
import resource
import select
import struct
import signal
import socket
import sqlite3
import ssl
import subprocess
import sys
import urllib.request

import websockets

import wsclient
from wsclient import Client, Failure, Server, check, create_game, entry, games_where, new_store, play_random, run
from wsclient import with_server as serving

DRAUGHTS, WORK = sys.argv[1], sys.argv[2]
_stores = [0]


def store():
    _stores[0] += 1
    return new_store(os.path.join(WORK, "server%d.db" % _stores[0]))


def variants():
    out = subprocess.run([DRAUGHTS, "list"], capture_output=True, text=True, check=True).stdout
    return [line.split(" ")[0] for line in out.splitlines() if " — " in line and not line.startswith(" ")]


async def with_server(body, *args):
    await serving(DRAUGHTS, store(), body, *args)


# ---------------------------------------------------- sockets by hand
# Clients that do not behave: they do not read, finish no request, answer no ping.  Plain
# blocking sockets (each wait has a timeout), so no library reads for them behind their back.


def raise_own_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def files_limit(pid):
    """The soft and hard limits of open files of process 'pid'."""
    with open("/proc/%d/limits" % pid) as f:
        line = [x for x in f if x.startswith("Max open files")][0].split()
    return [1 << 62 if v == "unlimited" else int(v) for v in line[3:5]]


def connect_from(source, port, rcvbuf=None):
    s = socket.socket()
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.bind((source, 0))
    s.settimeout(wsclient.TIMEOUT)
    s.connect(("127.0.0.1", port))
    return s


def closed_by_server(s):
    """Whether the server closes 's' (it sent nothing on it) within the timeout."""
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


async def open_from(srv, source, name):
    """A client (said hello) connecting from the loopback address 'source'."""
    ws = await websockets.connect(srv.url, sock=connect_from(source, srv.port), open_timeout=wsclient.TIMEOUT)
    c = Client(ws, name)
    await c.send(type="hello", protocol=1, name=name)
    await c.expect("welcome")
    return c


def raw_ws(port, source, rcvbuf=None):
    """A WebSocket by hand: the handshake done, nothing read after it."""
    s = connect_from(source, port, rcvbuf)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (port, key)).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    check(head.startswith(b"HTTP/1.1 101"), "handshake: %r" % head)
    return s


def ws_frame(text):
    data, mask = text.encode(), os.urandom(4)
    n = len(data)
    size = struct.pack("!B", 0x80 | n) if n < 126 else struct.pack("!BH", 0x80 | 126, n)
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def recv_exact(s, n):
    out = b""
    while len(out) < n:
        chunk = s.recv(n - len(out))
        if not chunk:
            raise EOFError
        out += chunk
    return out


def read_frame(s):
    """(opcode, payload) of the next frame; EOFError at the end."""
    b0, b1 = recv_exact(s, 2)
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack("!H", recv_exact(s, 2))[0]
    elif n == 127:
        n = struct.unpack("!Q", recv_exact(s, 8))[0]
    return b0 & 0x0F, recv_exact(s, n)


def read_frames(s):
    """The kinds of frames that come ("text", "ping", ...), up to "eof"."""
    kinds = []
    try:
        while True:
            op, _ = read_frame(s)
            kinds.append({1: "text", 8: "close", 9: "ping", 10: "pong"}.get(op, str(op)))
    except (EOFError, ConnectionResetError):
        kinds.append("eof")
    except socket.timeout:
        kinds.append("timeout")
    return kinds


def stuff(port, source, n):
    """A client that asks for 'n' lists of variants (about 4.5 kB each) and reads nothing."""
    s = raw_ws(port, source, rcvbuf=4096)
    s.sendall(ws_frame(json.dumps(dict(type="hello", protocol=1, name="slow"))))
    for _ in range(n):
        s.sendall(ws_frame(json.dumps(dict(type="variants"))))
    return s


def read_answers(s, n=None, after=0.0):
    """Reads what 's' was sent (after 'after' seconds), up to 'n' lists of variants or the
    end: (the lists, whether the server closed)."""
    select.select([], [], [], after)
    got = 0
    try:
        while n is None or got < n:
            op, data = read_frame(s)
            got += op == 1 and b'"variants"' in data
    except (EOFError, ConnectionResetError):
        return got, True
    except socket.timeout:
        return got, False
    return got, False


# ------------------------------------------------------------------ games


async def t_whole_game_in_every_variant(argv):
    async def body(srv):
        for k, variant in enumerate(variants()):
            a, b, created, _ = await create_game(srv, variant, "ana", "bob", public=True)
            w = await Client.open(srv, "watcher")
            await w.send(type="watch", game=created["game"])
            await w.expect("state")
            plies = await play_random([a, b], [w], random.Random(k))
            over = await a.expect("over")
            await w.expect("over")
            check(over["result"] in ("1-0", "0-1", "1/2-1/2"), "%s ended %s" % (variant, over))
            await a.send(type="pdn", game=created["game"], id=5)
            pdn = await a.expect("pdn", re=5)
            path = os.path.join(WORK, "%s.pdn" % variant)
            with open(path, "w") as f:
                f.write(pdn["text"])
            r = subprocess.run([DRAUGHTS, "pdn", path], capture_output=True, text=True)
            check(r.returncode == 0, "draughts pdn refused the %s game: %s" % (variant, r.stderr))
            check('[White "ana (guest)"]' in pdn["text"] and over["result"] in pdn["text"], "PDN tags: %s" % pdn["text"][:300])
            url = "http://127.0.0.1:%d/games/%s.pdn" % (srv.port, created["game"])
            body_text = urllib.request.urlopen(url, timeout=10).read().decode()
            check(body_text == pdn["text"], "the HTTP PDN differs from the message's")
            await a.send(type="history", name="ANA")  # ana played as a guest: nobody's history (test_friends)
            hist = await a.expect("history")
            check(hist["games"] == [] and plies > 0, "a guest's history: %s" % hist["games"][:1])
            for c in (a, b, w):
                await c.close()

    await with_server(body, "--rate", "1000")


async def t_moves_are_written_in_each_variants_own_notation(argv):
    async def body(srv):
        for variant, pattern in (("english", r"^\d+[-x]\d+"), ("brazilian", r"^[a-h][1-8][-x][a-h][1-8]")):
            a, b, created, _ = await create_game(srv, variant)
            st = a.last["state"]
            await a.send(type="move", path=st["legal"][0]["path"], ply=0)
            moved = await b.expect("moved", ply=0)
            check(re.match(pattern, moved["text"]), "%s writes %r" % (variant, moved["text"]))
            w = await Client.open(srv, "eve")
            await w.send(type="watch", game=created["game"])
            st = await w.expect("state")
            check(st["moves"][0]["text"] == moved["text"], "the move list says %r" % st["moves"][0]["text"])

    await with_server(body)


async def t_referee_refuses_illegal_and_out_of_turn_moves(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv)
        await b.send(type="move", path=["f6", "g5"], id=1)
        e = await b.error("not_your_turn")
        check(e.get("re") == 1 and "white" in e["message"], "out of turn: %s" % e)
        await a.send(type="move", path=["c3", "c5"])
        e = await a.error("illegal_move")
        check("c3-c5 is not a legal move" in e["message"], e["message"])
        await a.send(type="move", path=["c3", "z9"])
        check("'z9' is not a point" in (await a.error("illegal_move"))["message"], "off-board point")
        await a.send(type="move", path=["c3", "d4"], ply=3)
        await a.error("stale")
        w = await Client.open(srv, "eve")
        await w.send(type="watch", game=created["game"])
        await w.expect("state")
        await w.send(type="move", path=["c3", "d4"])
        await w.error("not_a_player")
        await a.send(type="move", path=["c3", "d4"], ply=0)
        await b.expect("moved", ply=0)
        st = a.last["state"]
        check(len(st["legal"]) == 7 and st["must_capture"] == [], "start: %d legal moves" % len(st["legal"]))

    await with_server(body)


async def t_a_stolen_or_guessed_token_takes_no_seat(argv):
    async def body(srv):
        a, b, created, seated = await create_game(srv)
        game = created["game"]
        thief = await Client.open(srv, "mallory")
        for token in ("0" * 64, created["token"][:-1] + "x", "a"):
            await thief.send(type="resume", game=game, token=token)
            await thief.error("bad_token")
        a2, b2, created2, _ = await create_game(srv, white="cy", black="dee")
        await thief.send(type="resume", game=game, token=created2["token"])  # another game's seat
        await thief.error("bad_token")
        await thief.send(type="move", path=["c3", "d4"])
        await thief.error("not_in_game")
        # the real token, from another connection: the seat moves, the old one is told
        a_again = await Client.open(srv, "ana")
        await a_again.send(type="resume", game=game, token=created["token"])
        s = await a_again.expect("seated")
        check(s["side"] == "white" and "token" not in s, "resume: %s" % s)
        await a_again.expect("state")
        await a.error("seat_taken")
        await a.send(type="move", path=["c3", "d4"])
        await a.error("not_in_game")
        await a_again.send(type="move", path=["c3", "d4"])
        await b.expect("moved", ply=0)
        # a spectator's state never carries a token or the join code
        w = await Client.open(srv, "eve")
        await w.send(type="watch", game=game)
        st = await w.expect("state")
        text = str(st)
        check(created["token"] not in text and seated["token"] not in text and "code" not in st,
              "a spectator saw a secret")

    await with_server(body)


async def t_resign_draw_abort_rematch(argv):
    async def body(srv):
        # resign
        a, b, created, _ = await create_game(srv)
        await b.send(type="resign")
        over = await a.expect("over")
        check(over["result"] == "1-0" and over["reason"] == "black resigned", "resign: %s" % over)
        # rematch: colours swapped, new tokens, the spectator follows
        w = await Client.open(srv, "eve")
        await w.send(type="watch", game=created["game"])
        await w.expect("state")
        await a.send(type="rematch", action="offer")
        off = await b.expect("offer", kind="rematch")
        check(off["rematch"] == "white", "rematch offer: %s" % off)
        await b.send(type="rematch", action="accept")
        sa, sb = await a.expect("seated"), await b.expect("seated")
        check(sa["side"] == "black" and sb["side"] == "white" and sa["game"] != created["game"],
              "rematch seats: %s %s" % (sa, sb))
        st = await w.expect("state", game=sa["game"])
        check(st["players"]["white"]["name"] == "bob" and st["status"] == "playing", "rematch state: %s" % st["players"])
        await a.expect("state", game=sa["game"])
        await b.expect("state", game=sa["game"])
        # draw: offered, declined, offered again, accepted
        await b.send(type="draw", action="offer")
        await a.expect("offer", kind="draw", event="offered")
        await a.send(type="draw", action="decline")
        off = await b.expect("offer", kind="draw", event="declined")
        check(off["draw"] is None, "declined: %s" % off)
        await a.send(type="draw", action="accept")
        await a.error("no_offer")
        await a.send(type="draw", action="offer")
        await b.expect("offer", kind="draw", event="offered")
        await b.send(type="draw", action="accept")
        over = await w.expect("over")
        check(over["result"] == "1/2-1/2" and over["reason"] == "draw by agreement", "draw: %s" % over)
        # abort: before both have moved, not after
        c, d, created3, _ = await create_game(srv, white="cy", black="dee")
        await c.send(type="move", path=["c3", "d4"])
        await d.expect("moved", ply=0)
        await d.send(type="move", path=["f6", "e5"])
        await c.expect("moved", ply=1)
        await c.send(type="abort")
        await c.error("not_allowed")
        e, f, created4, _ = await create_game(srv, white="eve", black="fay")
        await e.send(type="move", path=["c3", "d4"])
        await f.expect("moved", ply=0)
        await f.send(type="abort")
        over = await e.expect("over")
        check(over["result"] == "*" and over["reason"] == "aborted by black", "abort: %s" % over)
        g = await Client.open(srv, "gus")  # a game nobody joined yet can be aborted by its creator
        await g.send(type="create", variant="turkish")
        side = (await g.expect("created"))["side"]
        await g.send(type="abort")
        check((await g.expect("over"))["reason"] == "aborted by " + side, "abort while waiting")

    await with_server(body)


async def t_loss_on_time(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv, clock={"initial": 1, "increment": 0})
        st = a.last["state"]
        # a clock runs from each side's first move on
        check(st["clock"]["running"] is None and st["clock"]["white"] == 1000, "clock: %s" % st["clock"])
        await a.send(type="move", path=["c3", "d4"])
        moved = await b.expect("moved", ply=0)
        check(moved["clock"]["white"] == 1000 and moved["clock"]["running"] is None, "after white's first: %s" % moved)
        await b.send(type="move", path=moved["legal"][0]["path"], ply=1)
        moved = await a.expect("moved", ply=1)
        check(moved["clock"]["running"] == "white", "after both first moves: %s" % moved["clock"])
        over = await b.expect("over", timeout=30)  # white never moves again
        check(over["result"] == "0-1" and over["reason"] == "white ran out of time", "time: %s" % over)
        check(over["clock"]["white"] == 0, "the flag fell with time left: %s" % over["clock"])
        await a.send(type="pdn", game=created["game"])
        text = (await a.expect("pdn"))["text"]
        check('[TimeControl "1+0"]' in text and '[LatencyAllowance "0.1"]' in text and "[%clk 0:00:0" in text,
              "clock tags: %s" % text)

    await with_server(body, "--lag", "100")


async def t_a_timed_game_nobody_began_is_aborted_not_lost(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv, clock={"initial": 5, "increment": 0})
        over = await b.expect("over", timeout=60)  # white never makes a first move: 30 s
        check(over["result"] == "*" and over["reason"] == "aborted: white made no first move", "the end: %s" % over)
        check(over["clock"]["white"] == 5000, "a clock ran before the first move: %s" % over["clock"])

    await with_server(body)


async def t_a_dropped_player_comes_back_with_the_token(argv):
    async def body(srv):
        a, b, created, seated = await create_game(srv, clock={"initial": 600, "increment": 5})
        await a.send(type="move", path=["c3", "d4"])
        moved = await b.expect("moved", ply=0)
        await b.send(type="move", path=moved["legal"][0]["path"], ply=1)  # both first moves: the clocks run
        moved = await a.expect("moved", ply=1)
        await a.send(type="move", path=moved["legal"][0]["path"], ply=2)
        moved = await b.expect("moved", ply=2)
        before = moved["clock"]["black"]
        a.drop()
        await b.close()  # black's connection drops while black is to move
        players = await a.expect("players")
        check(players["black"]["connected"] is False and 0 < players["black"]["gone"] <= 60000,
              "players after the drop: %s" % players)
        b2 = await Client.open(srv, "bob")
        await b2.send(type="resume", game=created["game"], token=seated["token"])
        check((await b2.expect("seated"))["side"] == "black", "resumed seat")
        st = await b2.expect("state")
        check(st["ply"] == 3 and st["clock"]["running"] == "black" and st["clock"]["black"] <= before,
              "the clock ran on: %s" % st["clock"])
        back = await a.expect("players")
        check(back["black"]["connected"] is True and back["black"]["gone"] is None, "back: %s" % back)
        await b2.send(type="move", path=st["legal"][0]["path"], ply=3)
        await a.expect("moved", ply=3)

    await with_server(body)


async def t_a_seat_left_empty_loses(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv)
        a.drop()
        await b.close()
        players = await a.expect("players")
        check(players["black"]["gone"] is not None and players["black"]["gone"] <= 1000, "countdown: %s" % players)
        over = await a.expect("over")
        check(over["result"] == "1-0" and over["reason"] == "black left the game", "abandoned: %s" % over)

    await with_server(body, "--seat-timeout", "1")


async def t_spectators_suggest_and_the_player_sees_the_tally(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv)
        ws = []
        for name in ("s1", "s2", "s3"):
            w = await Client.open(srv, name)
            await w.send(type="watch", game=created["game"])
            await w.expect("state")
            ws.append(w)
        watchers = await a.expect("watchers", count=3)
        check(watchers["count"] == 3, "watchers")
        await ws[0].send(type="suggest", path=["c3", "d4"], ply=0)
        await ws[1].send(type="suggest", path=["c3", "d4"], ply=0)
        await ws[2].send(type="suggest", path=["g3", "h4"], ply=0)
        for _ in range(3):
            tally = await a.expect("tally")
        check([(s["text"], s["count"]) for s in tally["suggestions"]] == [("c3-d4", 2), ("g3-h4", 1)],
              "tally: %s" % tally)
        await ws[1].send(type="suggest", path=["g3", "h4"])  # a new suggestion replaces the old
        tally = await a.expect("tally")
        check(sorted((s["text"], s["count"]) for s in tally["suggestions"]) == [("c3-d4", 1), ("g3-h4", 2)],
              "replaced: %s" % tally)
        seen = await ws[2].expect("tally", suggestions=tally["suggestions"])
        check(seen["ply"] == 0, "spectators see the tally")
        check(not any(m["type"] == "tally" for m in b.kept), "the player not to move saw the tally")
        await ws[0].send(type="suggest", path=["c3", "c4"])
        await ws[0].error("illegal_move")
        await a.send(type="suggest", path=["c3", "d4"])
        await a.error("not_a_spectator")
        await a.send(type="move", path=["e3", "f4"])  # suggestions never play a move
        moved = await ws[0].expect("moved", ply=0)
        check(moved["path"] == ["e3", "f4"], "the player's own move")
        await ws[0].send(type="suggest", path=["f6", "g5"], ply=1)
        tally = await b.expect("tally", ply=1)
        check([(s["text"], s["count"]) for s in tally["suggestions"]] == [("f6-g5", 1)], "reset: %s" % tally)

    await with_server(body)


async def t_public_games_are_listed(argv):
    async def body(srv):
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="turkish", public=True)
        pub = await a.expect("created")
        b = await Client.open(srv, "bob")
        await b.send(type="create", variant="alquerque")
        priv = await b.expect("created")
        c = await Client.open(srv, "cy")
        await c.send(type="list", id=9)
        games = (await c.expect("games", re=9))["games"]
        ids = [g["game"] for g in games]
        check(pub["game"] in ids and priv["game"] not in ids, "list: %s" % games)
        g = games[ids.index(pub["game"])]
        check(g["variant"] == "turkish" and g["status"] == "waiting" and g["white"] in ("ana", None), "entry: %s" % g)

    await with_server(body)


async def t_the_public_list_is_pushed_to_its_subscribers(argv):
    async def body(srv):
        sub, old = await Client.open(srv, "sub"), await Client.open(srv, "old")
        await sub.send(type="list", subscribe=True, id=1)
        check((await sub.reply(1))["games"] == [], "the first answer")
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="turkish", side="white", public=True)
        created = await a.expect("created")
        game = created["game"]
        g = entry(await games_where(sub, "the new game", lambda gs: entry(gs, game)), game)
        check(g["status"] == "waiting" and g["code"] == created["code"], "pushed: %s" % g)
        b = await Client.open(srv, "bob")
        await b.send(type="join", code=created["code"])
        await games_where(sub, "the game joined", lambda gs: (entry(gs, game) or {}).get("status") == "playing")
        await old.send(type="list", id=2)  # the request alone: answered once, nothing pushed after
        check(entry((await old.reply(2))["games"], game)["black"] == "bob", "the plain list")
        await sub.send(type="list", subscribe=False, id=3)
        await sub.reply(3)
        sub.drop()  # what was pushed before
        await old.send(type="list", subscribe=True, id=4)
        await old.reply(4)
        await b.send(type="resign")  # the game leaves the list: pushed to 'old' only
        await games_where(old, "the game gone", lambda gs: not entry(gs, game))
        await sub.send(type="list", id=5)  # a push to 'sub' would have come before this answer
        await sub.reply(5)
        pushed = [m for m in sub.kept if m["type"] == "games"]
        check(not pushed, "pushed after unsubscribing: %s" % pushed)

    await with_server(body)


async def t_kill9_and_restart_lose_nothing(argv):
    path = store()
    srv = Server(DRAUGHTS, path)
    try:
        a, b, created, seated = await create_game(srv, clock={"initial": 300, "increment": 0})
        moves = [["c3", "d4"], ["f6", "e5"], ["d4", "f6"]]
        players = [a, b, a]
        for ply, (p, m) in enumerate(zip(players, moves)):
            await p.send(type="move", path=m, ply=ply)
            last = await (b if p is a else a).expect("moved", ply=ply)
        left = last["clock"]["black"]
        srv.kill9()
        await asyncio.sleep(3)  # the server is down: this time is not black's
        srv.start()
        check("1 live game restored" in srv.banner, "banner: %s" % srv.banner)
        b2 = await Client.open(srv, "bob")
        await b2.send(type="resume", game=created["game"], token=seated["token"])
        await b2.expect("seated")
        st = await b2.expect("state")
        check([m["path"] for m in st["moves"]] == moves, "moves after the restart: %s" % st["moves"])
        check(st["clock"]["black"] > left - 2500, "black was charged the downtime: %d -> %d" % (left, st["clock"]["black"]))
        a2 = await Client.open(srv, "ana")
        await a2.send(type="resume", game=created["game"], token=created["token"])
        await a2.expect("state")
        await b2.send(type="move", path=st["legal"][0]["path"], ply=3)
        await a2.expect("moved", ply=3)
    finally:
        srv.stop()


async def t_a_finished_game_is_replayed_from_the_store_after_a_restart(argv):
    path = store()
    srv = Server(DRAUGHTS, path)
    try:
        a, b, created, _ = await create_game(srv, clock={"initial": 300, "increment": 2})
        w = await Client.open(srv, "eve")
        await w.send(type="watch", game=created["game"])
        await w.expect("state")
        plies = await play_random([a, b], [w], random.Random(3), limit=12)
        if w.last["moved"]["status"] == "playing":
            await b.send(type="resign")
        over = await w.expect("over")
        await w.send(type="watch", game=created["game"])  # the same state, from memory
        before = await w.expect("state")
        c, d, broken, _ = await create_game(srv, white="cy", black="dee")
        await c.send(type="move", path=["c3", "d4"])
        await d.expect("moved", ply=0)
        await d.send(type="resign")
        await c.expect("over")
        srv.stop()
        corrupt = "UPDATE move SET path = 'c3 c5' WHERE game = '%s'" % broken["game"]  # it cannot be replayed
        if wsclient.STORE == "pg":
            wsclient.pg.sql(path, corrupt)
        else:
            with sqlite3.connect(path) as db:
                db.execute(corrupt)
        srv.start()
        v = await Client.open(srv, "vic")
        await v.send(type="watch", game=created["game"], id=1)
        st = await v.expect("state")
        check(st["status"] == "over" and st["result"] == over["result"] and st["reason"] == over["reason"],
              "the replayed game's end: %s %s %s" % (st["status"], st["result"], st["reason"]))
        check(len(st["moves"]) == plies and all(m["fen"] for m in st["moves"]) and st["moves"][-1]["fen"] == st["fen"],
              "the replayed moves: %d of %d" % (len(st["moves"]), plies))
        same = ("moves", "start", "fen", "turn", "legal", "clock", "rules", "variant", "geometry", "ply")
        check(all(st[k] == before[k] for k in same), "the replay differs from the game: %s" %
              [k for k in same if st[k] != before[k]])
        check(st["you"] == "spectator" and "code" not in st and st["players"]["black"]["name"] == "bob",
              "the replay's seats: %s" % st["players"])
        await v.send(type="resign", id=2)
        check((await v.reply(2))["code"] == "not_in_game", "the replay kept the spectator at a table")
        await v.send(type="watch", game="nosuchid", id=3)
        r = await v.reply(3)
        check(r["code"] == "not_found" and r["message"] == "no game 'nosuchid' is being played here", "unknown: %s" % r)
        await v.send(type="watch", game=broken["game"], id=4)
        r = await v.reply(4)
        check(r["code"] == "not_found" and "cannot be replayed" in r["message"] and "c3 c5" in r["message"],
              "a game that cannot be replayed: %s" % r)
        await v.send(type="pdn", game=broken["game"], id=5)
        check((await v.reply(5))["type"] == "pdn", "its PDN is gone")
    finally:
        srv.stop()


async def t_malformed_oversized_and_binary_messages(argv):
    async def body(srv):
        c = await Client.open(srv, "eve")
        cases = [
            ("not json", "malformed", "not JSON"),
            ("[1, 2]", "malformed", "JSON object"),
            ('{"type": 3}', "invalid", "'type' string"),
            ('{"type": "fly"}', "invalid", "unknown message type"),
            ('{"type": "create"}', "invalid", "'variant' is missing"),
            ('{"type": "create", "variant": 7}', "invalid", "'variant' must be a string"),
            ('{"type": "create", "variant": "turkish", "color": "red"}', "invalid", "unknown field 'color'"),
            ('{"type": "create", "variant": "turkish", "side": "red"}', "invalid", "white, black, random"),
            ('{"type": "create", "variant": "turkish", "rules": "../../etc/x.lua"}', "invalid", "names a preset"),
            ('{"type": "create", "variant": "turkish", "set": ["nope=1"]}', "invalid", "unknown option"),
            ('{"type": "create", "variant": "turkish", "clock": {"initial": 0}}', "invalid", "'initial'"),
            ('{"type": "move", "path": ["c3"]}', "invalid", "2 to 33 point names"),
            ('{"type": "move", "path": "c3-d4"}', "invalid", "'path'"),
            ('{"type": "join", "code": "a\\u0000b"}', "malformed", "is not allowed"),
            ('{"type": "join", "code": "x", "code": "y"}', "malformed", "duplicate"),
            ('{"type": "hello", "protocol": 1, "name": "a\\nb"}', "invalid", "control characters"),
            ('{"type": "hello", "protocol": 1, "name": "a\\u009b2Jb"}', "invalid", "control characters"),
            ('{"type": "\\u001b]0;x\\u0007"}', "invalid", "unknown message type ' ]0;x '"),
            ('{"type": "join", "code": "x"} \x1b[2J', "malformed", "not JSON"),
            ('{"type": "create", "variant": "chess"}', "not_found", "no variant 'chess'"),
        ]
        for text, code, words in cases:
            await c.raw(text)
            e = await c.error(code)
            plain = not any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in e["message"])
            check(words in e["message"] and plain, "%s -> %s" % (text, e))
        await c.raw('{"type": "join", "code": "%s", "id": 41}' % ("x" * 40))
        check((await c.error("invalid")).get("re") == 41, "a refused request's error answers its id")
        await c.raw('{"type": "join", "code": 5, "id": -3}')
        check("re" not in await c.error("invalid"), "an id out of range is not echoed")
        await c.raw(b"\x00\x01binary")
        await c.error("binary")
        await c.send(type="list")
        await c.expect("games")  # still served
        await c.raw('{"type": "list", "pad": "%s"}' % ("x" * 5000))
        await c.error("too_large")
        check(await c.closed() == 1009, "an oversized message closes with 1009")
        d = await Client.open(srv, "fay", hello=False)
        await d.send(type="list")
        await d.error("protocol")
        check(await d.closed() == 1002, "a request before hello closes with 1002")
        e2 = await Client.open(srv, "gus", hello=False)
        await e2.send(type="hello", protocol=2)
        check("speaks protocol 1" in (await e2.error("protocol"))["message"], "version")

    await with_server(body)


async def t_a_flood_from_one_client_does_not_stop_the_others(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv)
        flood = await Client.open(srv, "flood")

        async def flooding():
            try:
                for _ in range(5000):
                    await flood.send(type="list")
            except Exception:
                pass  # cut off

        task = asyncio.create_task(flooding())
        plies = await play_random([a, b], limit=30)
        await task
        check(plies == 30, "the game went on")
        # cut off, and told so: the error, then a close frame with 1008 (not a reset, which loses both)
        code = await flood.closed()
        told = [m for m in flood.kept if m.get("code") == "rate_limited" and "is closed" in m["message"]]
        check(code == 1008 and told, "the flooder: close %s, told %s" % (code, told))
        # a client a little too fast is told, and stays
        fast = await Client.open(srv, "fast")
        for _ in range(150):
            await fast.send(type="list")
        check("at most 50 a second" in (await fast.error("rate_limited"))["message"], "told")
        await asyncio.sleep(0.5)  # within the rate again: served (not a timing assertion)
        await fast.send(type="list", id=1)
        await fast.expect("games", re=1)

    await with_server(body, "--rate", "50")


async def t_a_client_that_does_not_read_is_cut_off(argv):
    async def body(srv):
        a, b, created, _ = await create_game(srv)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that takes almost nothing
        sock.connect(("127.0.0.1", srv.port))
        ws = await websockets.connect(srv.url, sock=sock, max_size=None)
        slow = Client(ws, "slow")
        await slow.send(type="hello", protocol=1, name="slow")
        try:
            for _ in range(1800):  # each answer is the whole state: far more than it will read
                await slow.send(type="watch", game=created["game"])
        except websockets.ConnectionClosed:
            pass  # cut off already
        plies = await play_random([a, b], limit=10)  # the others are not held up meanwhile
        check(plies == 10, "the game went on")
        check(await slow.closed(timeout=60) is not None, "the slow reader was cut off")

    await with_server(body, "--rate", "1000")


async def t_a_crowd_that_does_not_read_is_held_to_a_budget_for_all(argv):
    """Four clients that do not read, each asking for replies well under its own bound
    (about 0.6 MB each), against a budget of 1 MB for all: the slowest are cut."""
    async def body(srv):
        readers = [stuff(srv.port, "127.0.0.1", 130) for _ in range(4)]
        c = await open_from(srv, "127.0.0.2", "ana")
        for i in range(2):  # the server has read their requests: its rounds go over every socket
            await c.send(type="list", id=i)
            await c.expect("games", re=i)
        got = [read_answers(s, 130) for s in readers]
        cut = [n for n, eof in got if eof and n < 130]
        check(cut, "no one was cut over the budget for all: %s" % got)
        for s in readers:
            s.close()

    await with_server(body, "--rate", "1000", "--output-budget", "1")


async def t_a_client_that_reads_nothing_for_the_idle_time_is_cut(argv):
    async def body(srv):
        s = stuff(srv.port, "127.0.0.1", 130)  # well under every bound, but it reads nothing for 4 s
        n, eof = read_answers(s, after=4)
        check(eof, "a client that read nothing was kept (%d answers)" % n)
        s.close()
        # one that reads, but answers no ping, is cut too; one that answers stays
        s = raw_ws(srv.port, "127.0.0.1")
        s.sendall(ws_frame(json.dumps(dict(type="hello", protocol=1, name="mute"))))
        kinds = read_frames(s)
        check(kinds[-1] == "eof" and "ping" in kinds, "a client that answers no ping: %s" % kinds)

    async def answering(srv):
        c = await Client.open(srv, "ana")  # python's client answers pings: it stays, idle as it is
        await asyncio.sleep(7)  # pinged after 3 s (a second's margin for the sweep), cut after 6 without a pong
        await c.send(type="list", id=1)
        await c.expect("games", re=1)

    await with_server(body, "--idle", "1", "--rate", "1000")
    await with_server(answering, "--idle", "3")


async def t_a_socket_that_says_no_hello_is_closed(argv):
    async def body(srv):
        silent = [await Client.open(srv, "s%d" % i, hello=False) for i in range(3)]
        for c in silent:
            check("no hello within 10 seconds" in (await c.error("timeout"))["message"], "told")
            check(await c.closed() == 1008, "closed with 1008")
        c = await Client.open(srv, "ana")  # their places are free again
        await c.send(type="list", id=1)
        await c.expect("games", re=1)

    await with_server(body, "--max-connections", "3")


async def t_only_the_servers_own_pages_open_a_websocket(argv):
    async def body(srv):
        try:
            await websockets.connect(srv.url, origin="http://evil.example", open_timeout=wsclient.TIMEOUT)
            check(False, "a page of another site connected")
        except websockets.InvalidStatusCode as e:
            check(e.status_code == 403, "another site's page: %d" % e.status_code)
        for origin in ("http://127.0.0.1:%d" % srv.port, "https://draughts.example", None):
            ws = await websockets.connect(srv.url, origin=origin, open_timeout=wsclient.TIMEOUT)
            c = Client(ws, "ana")
            await c.send(type="hello", protocol=1, name="ana")
            await c.expect("welcome")
            await c.close()

    await with_server(body, "--origin", "https://other.example,https://draughts.example")


async def t_spectators_counts_are_sent_once_a_tick(argv):
    """A crowd joining at once: each count is sent once per tick, not once per spectator
    to every spectator (the square of the crowd)."""
    async def body(srv):
        a, b, created, _ = await create_game(srv)
        crowd = [await Client.open(srv, "w%d" % i) for i in range(30)]
        for w in crowd:
            await w.send(type="watch", game=created["game"])
        for w in crowd:
            await w.expect("state")
        await a.expect("watchers", count=30)
        seen = 0
        for w in crowd[:-1]:
            await w.expect("watchers", count=30)
            seen += sum(1 for m in w.kept if m.get("type") == "watchers") + 1
        check(seen < 30 * 30 / 4, "the spectators got %d counts" % seen)

    await with_server(body, "--rate", "1000")


async def t_limits_per_address(argv):
    async def body(srv):
        cs = [await Client.open(srv, "c%d" % i) for i in range(3)]
        extra = await Client.open(srv, "extra", hello=False)
        check("too many connections" in (await extra.error("limit"))["message"], "connection limit")
        check(await extra.closed() == 1008, "closed with 1008")
        await cs[0].send(type="create", variant="turkish")
        await cs[0].expect("created")
        await cs[1].send(type="create", variant="turkish")
        await cs[1].expect("created")
        await cs[2].send(type="create", variant="turkish")
        check("too many open games" in (await cs[2].error("limit"))["message"], "game limit")
        # an HTTP request counts as a connection too: over the limit, it is told 503
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/" % srv.port, timeout=10)
            check(False, "an HTTP request over the address's limit was served")
        except urllib.error.HTTPError as e:
            check(e.code == 503, "over the limit: %d" % e.code)
        # well over it, a connection is closed at once, without a word
        extra = [connect_from("127.0.0.1", srv.port) for _ in range(12)]
        check(closed_by_server(extra[-1]), "a connection well over the limit was kept")
        for s in extra:
            s.close()
        other = await open_from(srv, "127.0.0.2", "other")  # another address has its own limit
        await other.send(type="list", id=1)
        await other.expect("games", re=1)

    await with_server(body, "--max-connections", "3", "--max-games", "2")


async def t_a_limit_on_connections_in_all(argv):
    async def body(srv):
        held = [await open_from(srv, "127.0.0.%d" % (2 + i), "c%d" % i) for i in range(4)]
        late = connect_from("127.0.0.9", srv.port)
        check(closed_by_server(late), "a fifth connection in all was kept")
        await held[0].close()
        await held[1].send(type="list", id=1)
        await held[1].expect("games", re=1)
        c = await open_from(srv, "127.0.0.9", "late")  # room again
        await c.send(type="list", id=1)
        await c.expect("games", re=1)

    await with_server(body, "--max-clients", "4")


async def t_half_sent_request_heads_do_not_use_up_the_open_files(argv):
    """~300 request heads never finished, from one address, against a server started with
    a soft limit of 256 open files: it raises its own limit, counts them against the
    address's limit and closes the rest at once, so another address is still served."""
    raise_own_files()
    wrapper = os.path.join(WORK, "ulimit256.sh")
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\nulimit -Sn 256\nexec "%s" "$@"\n' % DRAUGHTS)
    os.chmod(wrapper, 0o755)
    srv = Server(wrapper, store())
    heads = []
    try:
        soft, hard = files_limit(srv.proc.pid)
        check(soft == hard or soft >= 1 << 20, "the server kept its soft limit of open files: %s of %s" % (soft, hard))
        for _ in range(300):
            s = connect_from("127.0.0.1", srv.port)
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            heads.append(s)
        check(closed_by_server(heads[-1]), "the 300th unfinished head was kept")
        c = await open_from(srv, "127.0.0.2", "ana")
        await c.send(type="list", id=1)
        await c.expect("games", re=1)
    finally:
        for s in heads:
            s.close()
        srv.stop()


def bad_stores():
    """Stores a server refuses, each with the words it says why."""
    if wsclient.STORE == "pg":
        pg = wsclient.pg
        newer, foreign = pg.database(), pg.database()
        pg.sql(newer, "create table draughts_schema(version integer); insert into draughts_schema values(99)")
        pg.sql(foreign, "create table t(x integer)")  # a database of another program
        return [
            (["--store", "postgresql://ana:secret@[::1"], "the store's URI: end of string reached"),
            (["--store", "postgresql://ana@127.0.0.1:1/x"], "postgresql://ana@127.0.0.1:1/x: connection to server"),
            (["--store", pg.uri("nosuch")], 'database "nosuch" does not exist'),
            (["--store", newer], "written by a newer draughts server (schema 99; this one knows 4)"),
            (["--store", foreign], "is not a draughts server store"),
        ]
    with open(os.path.join(WORK, "not.db"), "w") as f:
        f.write("this is no database\n")
    foreign = os.path.join(WORK, "foreign.db")
    with sqlite3.connect(foreign) as db:  # a database of another program
        db.execute("create table t(x)")
    return [(["--store", os.path.join(WORK, "not.db")], "not a database"),
            (["--store", foreign], "is not a draughts server store")]


async def t_serve_refuses_with_one_line(argv):
    busy = Server(DRAUGHTS, store())
    cases = bad_stores() + [
        (["--listen", "127.0.0.1:%d" % busy.port], "the port is taken"),
        (["--listen", "10.255.255.1:0"], "not an address of this machine"),
        (["--listen", "nonsense"], "--listen takes ADDR:PORT"),
        (["--listen", "127.0.0.1:70000"], "is not a port"),
        (["--cert", "x.pem"], "both --cert and --key"),
        (["--cert", "/nonexistent.pem", "--key", "/nonexistent.pem"], "cannot read /nonexistent.pem"),
        (["--rate", "0"], "--rate takes a number above 0"),
        (["--max-clients", "1000000"], "(ulimit -n), enough for"),
        (["--web", WORK], "no readable index.html in it"),
        (["--queue", "0"], "--queue takes a number from 1"),
        (["extra"], "serve takes no arguments"),
    ]
    try:
        for args, words in cases:
            full = ["--listen", "127.0.0.1:0", "--store", store()] + args
            r = subprocess.run([DRAUGHTS, "serve"] + full, capture_output=True, text=True, timeout=30)
            lines = r.stderr.splitlines()
            check(r.returncode in (1, 2) and len(lines) == 1 and words in lines[0] and "secret" not in lines[0],
                  "%s -> %d %s" % (args, r.returncode, lines))
        # SIGINT stops it cleanly, as SIGTERM does
        busy.proc.send_signal(signal.SIGINT)
        out, err = busy.proc.communicate(timeout=30)
        check(busy.proc.returncode == 0 and "stopped" in out, "SIGINT: %d %r" % (busy.proc.returncode, err))
    finally:
        busy.close()


async def t_tls(argv):
    key, cert = os.path.join(WORK, "key.pem"), os.path.join(WORK, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=127.0.0.1"], check=True, capture_output=True)
    srv = Server(DRAUGHTS, store(), "--cert", cert, "--key", key, scheme="wss")
    try:
        ctx = ssl.create_default_context()
        ctx.load_verify_locations(cert)
        ctx.check_hostname = False
        a = await Client.open(srv, "ana", ssl=ctx)
        await a.send(type="create", variant="turkish")
        await a.expect("created")
        r = urllib.request.urlopen("https://127.0.0.1:%d/" % srv.port, timeout=10, context=ctx)
        check(r.headers.get("strict-transport-security", "").startswith("max-age="), "no HSTS over TLS")
        # TLS 1.2 with ECDHE and an AEAD only: the old suites are refused
        for ciphers, ok in (("ECDHE-RSA-AES128-GCM-SHA256", True), ("AES128-SHA:@SECLEVEL=0", False),
                            ("ECDHE-RSA-AES128-SHA:@SECLEVEL=0", False), ("AES128-GCM-SHA256", False)):
            check(tls12_handshake(srv.port, ciphers) == ok, "TLS 1.2 with %s: %s" % (ciphers, not ok))
    finally:
        srv.stop()
    plain = Server(DRAUGHTS, store())
    try:
        r = urllib.request.urlopen("http://127.0.0.1:%d/" % plain.port, timeout=10)
        check(r.headers.get("strict-transport-security") is None, "HSTS without TLS")
    finally:
        plain.stop()


def tls12_handshake(port, ciphers):
    """Whether a TLS 1.2 client offering only 'ciphers' is let in."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
    ctx.minimum_version = ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    ctx.set_ciphers(ciphers)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s, ctx.wrap_socket(s):
            return True
    except (ssl.SSLError, ConnectionError):
        return False


# ------------------------------------------------------------ the computer


async def t_the_computer_plays_at_a_level_and_follows_a_streak(argv):
    async def body(srv):
        a = await Client.open(srv, "ana")
        await a.send(type="variants", id=1)
        v = await a.expect("variants", re=1)
        eng = [x for x in v["variants"] if x["name"] == "english"][0]
        check(eng["sides"] == ["Black", "White"] and eng["presets"] and v["levels"] == 6, "variants: %s" % eng)
        await a.send(type="create", variant="english", computer="1", side="black")
        created = await a.expect("created")
        st = await a.expect("state", status="playing")
        check(st["players"]["white"]["computer"] == {"level": 1} and st["sides"] == {"white": "Black", "black": "White"},
              "the computer's seat: %s %s" % (st["players"], st.get("sides")))
        moved = await a.expect("moved", ply=0)  # the computer moves first, as white
        check(moved["turn"] == "black", "after the computer's move: %s" % moved)
        await a.send(type="draw", action="offer")
        off = await a.expect("offer", event="declined")
        check(off["by"] == "white" and off["draw"] is None, "the computer's answer to a draw: %s" % off)
        await a.send(type="resign")
        await a.expect("over")
        await a.send(type="rematch", action="offer")  # the computer always takes one
        seated = await a.expect("seated")
        check(seated["side"] == "white" and seated["game"] != created["game"], "rematch: %s" % seated)
        st = await a.expect("state", game=seated["game"])
        # the person keeps a seat, colours swapped: the computer plays black only
        check("computer" not in st["players"]["white"] and st["players"]["black"]["computer"] == {"level": 1},
              "the rematch's seats: %s" % st["players"])
        await a.send(type="move", path=st["legal"][0]["path"], ply=0)
        await a.expect("moved", ply=0)
        reply = await a.expect("moved", ply=1)  # the computer answers, and it is the person's turn again
        check(reply["turn"] == "white", "after the computer's reply: %s" % reply)
        await a.send(type="move", path=reply["legal"][0]["path"], ply=2, id=7)
        check((await a.expect("moved", ply=2))["path"] == reply["legal"][0]["path"], "the person's second move")
        # the level that follows a streak: the person's streak, carried by rematches
        b = await Client.open(srv, "bob")
        await b.send(type="create", variant="russian", computer="streak", side="white")
        st = await b.expect("state", status="playing")
        check(st["players"]["black"]["computer"] == {"level": 1, "streak": 0}, "streak seat: %s" % st["players"])
        w = await Client.open(srv, "eve")
        await w.send(type="watch", game=st["game"])
        await w.expect("state")
        await b.send(type="create", variant="russian", computer="7")
        check("computer" in (await b.error("invalid"))["message"], "a level out of range")

    await with_server(body, "--rate", "1000", "--time", "0.2")


async def t_a_crowd_of_computer_games_waits_its_turn_and_hears_the_server_is_busy(argv):
    async def body(srv):
        clients = [await Client.open(srv, "p%d" % i) for i in range(6)]
        for c in clients:  # all asked before any answer is read: the one thread is busy for a second each
            await c.send(type="create", variant="international", computer="6", side="black", id=1)
        for c in clients:  # none is refused: a move waits its turn
            check((await c.reply(1))["type"] == "created", "a game against the computer refused: %s" % c.last)
        told = 0
        for c in clients:  # every game gets its move; those beyond the queue of one heard why they wait
            await c.expect("moved", ply=0, timeout=60)
            busy = [m for m in c.kept if m.get("type") == "error" and m.get("code") == "busy"]
            check(all("the server is busy" in m["message"] for m in busy), "busy: %s" % busy)
            told += len(busy) > 0
        check(told >= 1, "six games on one thread with a queue of one, and nobody heard the server is busy")

    await with_server(body, "--threads", "1", "--queue", "1", "--time", "1", "--rate", "1000")


async def t_a_game_that_ends_calls_off_the_computers_search(argv):
    async def body(srv):
        a, b, c = [await Client.open(srv, name) for name in ("ana", "bob", "cy")]
        # ana's search takes the one thread for two seconds, bob's waits in the queue of one
        for p in (a, b):
            await p.send(type="create", variant="international", computer="6", side="black", id=1)
            await p.expect("created", re=1)
        await b.send(type="resign")
        await b.expect("over")
        # bob's search left the queue with his game: cy's is the only one waiting, and the
        # queue of one is not over its size
        await c.send(type="create", variant="international", computer="6", side="black", id=1)
        await c.expect("created", re=1)
        await c.expect("moved", ply=0, timeout=60)
        busy = [m for m in c.kept if m.get("type") == "error" and m.get("code") == "busy"]
        check(not busy, "the ended game's search still held the queue: %s" % busy)

    await with_server(body, "--threads", "1", "--queue", "1", "--time", "2", "--rate", "1000")


async def t_a_computer_game_survives_a_restart(argv):
    path = store()
    srv = Server(DRAUGHTS, path, "--time", "0.2")
    try:
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="brazilian", computer="2", side="white")
        created = await a.expect("created")
        st = await a.expect("state", status="playing")
        await a.send(type="move", path=st["legal"][0]["path"], ply=0)
        await a.expect("moved", ply=1)  # the computer answered
        srv.kill9()
        srv.start()
        a = await Client.open(srv, "ana")
        await a.send(type="resume", game=created["game"], token=created["token"])
        st = await a.expect("state")
        check(st["players"]["black"]["computer"] == {"level": 2} and st["ply"] == 2, "restored: %s" % st["players"])
        await a.send(type="move", path=st["legal"][0]["path"], ply=2)
        await a.expect("moved", ply=3)
    finally:
        srv.close()


# ------------------------------------------------------------ the web page


async def t_the_web_page_is_served_with_a_strict_policy(argv):
    web = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "frontends", "web")
    srv = Server(DRAUGHTS, store(), "--web", web)
    try:
        base = "http://127.0.0.1:%d" % srv.port
        kinds = {"/": "text/html", "/g/s97rj3": "text/html", "/app.js": "text/javascript", "/style.css": "text/css",
                 "/favicon.svg": "image/svg+xml"}
        for path, kind in kinds.items():
            r = urllib.request.urlopen(base + path, timeout=10)
            csp = r.headers.get("content-security-policy", "")
            check(r.headers.get("content-type", "").startswith(kind), "%s: %s" % (path, r.headers.get("content-type")))
            check("script-src 'self'" in csp and "default-src 'none'" in csp and "unsafe-inline" not in csp,
                  "%s: CSP %r" % (path, csp))
            check(r.headers.get("x-content-type-options") == "nosniff", "%s: nosniff" % path)
        page = urllib.request.urlopen(base + "/", timeout=10).read().decode()
        check("<script>" not in page and 'type="module"' in page, "the page has inline script")
        for bad in ("/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/nope.js"):
            try:
                body = urllib.request.urlopen(base + bad, timeout=10).read().decode()
                check("root:" not in body, "%s escaped the web directory" % bad)
            except urllib.error.HTTPError as e:
                check(e.code in (403, 404), "%s: %d" % (bad, e.code))
        a = await Client.open(srv, "ana")  # the WebSocket still answers on the same port
        await a.send(type="list")
        await a.expect("games")
    finally:
        srv.stop()


if __name__ == "__main__":
    sys.exit(run([v for k, v in sorted(globals().items()) if k.startswith("t_")], sys.argv))
