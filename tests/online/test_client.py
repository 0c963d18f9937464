"""test_client.py DRAUGHTS WORKDIR — our own client (the session's remote players, in
line mode: 'draughts play --server/--join/--watch') against a real server, with the
independent Python client on the other side of the board: whole games in every
variant, offers, resigning, joining by code, watching and suggesting, coming back
after the server is killed, and the one-line errors.
"""
import asyncio
import json
import os
import random
import re
import sys

import websockets

from wsclient import TIMEOUT, Client, Failure, Server, check, children, new_store, run, with_server

DRAUGHTS, WORK = sys.argv[1], sys.argv[2]
_n = [0]


def fresh(name):
    _n[0] += 1
    return os.path.join(WORK, "%s%d" % (name, _n[0]))


class Line:
    """'draughts play' in line mode, its standard input a pipe, its output read line by line."""

    def __init__(self, proc):
        self.proc, self.lines = proc, []

    @classmethod
    async def start(cls, *args, seats=None):
        env = dict(os.environ, DRAUGHTS_SEATS=seats or fresh("seats"), TERM="dumb")
        proc = await asyncio.create_subprocess_exec(DRAUGHTS, "play", *args, stdin=asyncio.subprocess.PIPE,
                                                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
                                                    env=env)
        children.append(proc)  # killed after the test if it is still running
        return cls(proc)

    async def expect(self, pattern, timeout=TIMEOUT):
        """The first line from here on matching 'pattern' (a regex); its match."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            try:
                line = await asyncio.wait_for(self.proc.stdout.readline(), max(end - loop.time(), 0.01))
            except asyncio.TimeoutError:
                raise Failure("no '%s' from line mode; its last lines: %s" % (pattern, self.lines[-8:]))
            if not line:
                raise Failure("line mode ended without '%s'; its last lines: %s" % (pattern, self.lines[-8:]))
            text = line.decode().rstrip("\n")
            self.lines.append(text)
            m = re.search(pattern, text)
            if m:
                return m

    async def type(self, text):
        self.proc.stdin.write((text + "\n").encode())
        await self.proc.stdin.drain()

    async def finish(self):
        """Closes its input; its exit status."""
        self.proc.stdin.close()
        try:
            rest, _ = await asyncio.wait_for(self.proc.communicate(), TIMEOUT)
        except asyncio.TimeoutError:
            self.proc.kill()
            raise Failure("line mode did not end; its last lines: %s" % self.lines[-8:])
        self.lines += rest.decode().splitlines()
        return self.proc.returncode


def move_text(path, jumped):
    return ("x" if jumped else "-").join(path)


async def created_by_line(srv, variant="brazilian", *extra, seats=None):
    """Line mode creates a game as White; the Python client joins it as Black."""
    line = await Line.start(variant, "--server", "127.0.0.1:%d" % srv.port, "--side", "white", "--profile", "ana",
                            *extra, seats=seats)
    code = (await line.expect(r"joins with the code (\w+)")).group(1)
    b = await Client.open(srv, "bob")
    await b.send(type="join", code=code)
    seated = await b.expect("seated")
    state = await b.expect("state")
    await line.expect("The game is on: you play White against bob")
    return line, b, code, seated, state


async def play_out(line, b, state, rng, limit=None):
    """Random legal moves from the server's list, White's typed into line mode, until
    the game ends (or 'limit' plies); the plies."""
    legal, turn, ply, status = state["legal"], state["turn"], state["ply"], state["status"]
    while status == "playing" and (limit is None or ply < limit):
        move = rng.choice(legal)
        if turn == "white":
            await line.type(move_text(move["path"], move["jumped"]))
        else:
            await b.send(type="move", path=move["path"], ply=ply)
        got = await b.expect("moved", ply=ply)
        check(got["path"] == move["path"], "played %s, not %s" % (got["path"], move["path"]))
        legal, turn, status, ply = got["legal"], got["turn"], got["status"], ply + 1
    return ply


def variants():
    import subprocess
    out = subprocess.run([DRAUGHTS, "list"], capture_output=True, text=True, check=True).stdout
    return [line.split(" ")[0] for line in out.splitlines() if " — " in line and not line.startswith(" ")]


async def t_whole_games_through_our_client(argv):
    async def body(srv):
        for k, variant in enumerate(variants()):
            line, b, code, seated, state = await created_by_line(srv, variant)
            await play_out(line, b, state, random.Random(k))
            over = await b.expect("over")
            await line.expect(r"Game over: %s" % re.escape(over["result"]))
            check(await line.finish() == 0, "line mode's exit status")
            await b.close()

    await with_server(DRAUGHTS, new_store(fresh("server")), body, "--rate", "1000")


async def t_offers_and_resigning_from_line_mode(argv):
    async def body(srv):
        line, b, code, seated, state = await created_by_line(srv)
        await line.type("c3-d4")
        await b.expect("moved", ply=0)
        await b.send(type="draw", action="offer")  # an offer stops line mode's wait for black
        await line.expect("Black offers a draw")
        await line.type("decline")
        off = await b.expect("offer", event="declined")
        check(off["by"] == "white", "declined by white")
        await b.send(type="move", path=["f6", "e5"], ply=1)
        await line.expect("last move: f6-e5")
        await line.type("online")
        await line.expect(r"Black: bob \(guest\)$")  # a name given, not a profile signed in to
        await line.type("draw")
        await b.expect("offer", event="offered", by="white")
        await b.send(type="draw", action="accept")
        await line.expect(r"Game over: 1/2-1/2 \(draw by agreement\)")
        await line.type("rematch")
        await b.expect("offer", kind="rematch")
        await b.send(type="rematch", action="accept")
        s = await b.expect("seated")
        check(s["side"] == "white", "colours swapped")
        await line.expect(r"The game is on: you play Black against bob \(guest\)\.")
        await b.expect("state", game=s["game"])
        await b.send(type="move", path=["c3", "d4"], ply=0)
        await line.expect("last move: c3-d4")
        await line.type("resign")
        over = await b.expect("over", game=s["game"])
        check(over["reason"] == "black resigned", "resign: %s" % over)
        await line.type("undo")
        await line.expect("no undo in an online game")
        check(await line.finish() == 0, "exit status")

    await with_server(DRAUGHTS, new_store(fresh("server")), body)


async def t_join_by_code_and_come_back_after_a_kill9(argv):
    path, seats = new_store(fresh("server")), fresh("seats")
    srv = Server(DRAUGHTS, path)
    try:
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="turkish", side="white", clock={"initial": 600, "increment": 0})
        created = await a.expect("created")
        line = await Line.start("--server", "127.0.0.1:%d" % srv.port, "--join", created["code"], "--profile", "bob",
                                seats=seats)
        await line.expect("The game is on: you play Black against ana")
        st = await a.expect("state", status="playing")
        await a.send(type="move", path=st["legal"][0]["path"], ply=0)
        moved = await a.expect("moved", ply=0)
        await line.expect("last move:")
        srv.kill9()
        await line.expect("connection to the server was lost")
        srv.start()  # on the same port: the client comes back by itself, with its token
        await line.expect("The game is on: you play Black against ana")
        reply = moved["legal"][0]
        await line.type(move_text(reply["path"], reply["jumped"]))
        a2 = await Client.open(srv, "ana")
        await a2.send(type="resume", game=created["game"], token=created["token"])
        st = await a2.expect("state")
        if st["ply"] < 2:
            st = await a2.expect("moved", ply=1)
        check(await line.finish() == 0, "exit status")
        # a new run with the same code takes the seat back with the kept token
        line = await Line.start("--server", "127.0.0.1:%d" % srv.port, "--join", created["code"], "--profile", "bob",
                                seats=seats)
        await line.expect("The game is on: you play Black against ana")
        await a2.send(type="move", path=st["legal"][0]["path"], ply=2)
        await line.expect("last move:")
        check(await line.finish() == 0, "exit status")
    finally:
        srv.stop()


async def t_a_line_mode_spectator_suggests(argv):
    async def body(srv):
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="brazilian", side="white", public=True)
        created = await a.expect("created")
        b = await Client.open(srv, "bob")
        await b.send(type="join", code=created["code"])
        await b.expect("state")
        line = await Line.start("--server", "127.0.0.1:%d" % srv.port, "--watch", created["game"], "--profile", "eve")
        await line.expect("Watching game %s" % created["game"])
        await line.type("games")
        await line.expect(r"%s  Brazilian draughts \(official\)  ana - bob" % created["game"])
        await line.type("c3-d4")
        tally = await a.expect("tally")
        check([(s["text"], s["count"]) for s in tally["suggestions"]] == [("c3-d4", 1)], "tally: %s" % tally)
        await line.expect(r"suggested: c3-d4 \(1\) \*")
        await a.send(type="move", path=["g3", "h4"], ply=0)
        await line.expect("last move: g3-h4")
        await line.type("draw")
        await line.expect("spectators watch and suggest moves")
        check(await line.finish() == 0, "exit status")

    await with_server(DRAUGHTS, new_store(fresh("server")), body)


async def t_one_line_errors(argv):
    async def body(srv):
        cases = [
            (["--server", "127.0.0.1:%d" % srv.port, "--join", "nosuch"], "no game has the code 'nosuch'"),
            (["--server", "127.0.0.1:%d" % srv.port, "--watch", "nosuch"], "no game 'nosuch' is being played"),
            (["brazilian", "--server", "127.0.0.1:1"], "cannot connect to 127.0.0.1:1"),
            (["--server", "127.0.0.1:%d" % srv.port], "name the game to create"),
            (["brazilian", "--server", "localhost:%d" % srv.port, "--clock", "5"], None),
            (["brazilian", "--server", "h:1", "--clock", "x+1"], "--clock takes minutes a side and seconds added per move"),
            (["brazilian", "--server", "h:1", "--rules", "a/b.lua"], "a rule preset by name"),
            (["brazilian", "--server", "h:1", "--side", "none"], "--side takes white, black or random"),
            (["--join", "a", "--watch", "b"], "--join and --watch exclude each other"),
            (["brazilian", "--server", "127.0.0.1:%d" % srv.port, "--set", "nope=1"], "unknown option 'nope'"),
        ]
        for args, words in cases:
            line = await Line.start(*args)
            rc = await line.finish()
            if words is None:  # a game that works: created, then left at once
                check(rc == 0 and any("joins with the code" in l for l in line.lines), "%s: %s" % (args, line.lines))
                continue
            errors = [l for l in line.lines if l.startswith("draughts: ") and "scores are not saved" not in l]
            check(rc in (1, 2) and len(errors) == 1 and words in errors[0], "%s -> %d %s" % (args, rc, line.lines))

    await with_server(DRAUGHTS, new_store(fresh("server")), body)


BRAZILIAN_START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"


async def hostile_server(token, text):
    """A server of our own making: it welcomes, and answers 'create' with a game whose seat
    token is 'token' and whose strings (the server's name, a player's, an error, the end's
    reason) hold 'text'; the server and its port."""
    def player(name):
        return {"name": name, "connected": True, "gone": None}

    async def handler(ws, path=None):
        try:
            await answer(ws)
        except websockets.ConnectionClosed:
            pass

    async def answer(ws):
        async for raw in ws:
            m = json.loads(raw)
            if m["type"] == "hello":
                replies = [{"type": "welcome", "protocol": 1, "server": text}]
            elif m["type"] == "create":
                replies = [{"type": "created", "game": "g1", "code": "c1", "token": token, "side": "white"},
                           {"type": "state", "game": "g1", "you": "white", "code": "c1", "variant": "brazilian",
                            "rules": "official", "geometry": {}, "start": BRAZILIAN_START, "moves": [],
                            "status": "playing", "players": {"white": player("ana"), "black": player(text + "bob")}},
                           {"type": "error", "code": text, "message": text + "wiped"},
                           {"type": "over", "result": "1-0", "reason": text + "red"}]
            else:
                replies = []
            for r in replies:
                await ws.send(json.dumps(r))

    server = await websockets.serve(handler, "127.0.0.1", 0, subprotocols=["draughts"])
    return server, server.sockets[0].getsockname()[1]


async def t_a_hostile_server_reaches_neither_the_terminal_nor_the_seats_file(argv):
    """The server is untrusted input too: control characters in what it says are shown as
    '?', never sent to the terminal (a title set, the screen wiped), and a seat token that
    would write a line of its own into the seats file is refused in one line."""
    escapes = "\x1b]0;pwned\x07\x1b[2J\u009b31m"
    server, port = await hostile_server("token", escapes)
    try:
        line = await Line.start("brazilian", "--server", "127.0.0.1:%d" % port, "--side", "white")
        await line.expect(r"Game over: 1-0")
        rc = await line.finish()
        text = "\n".join(line.lines)
        check(rc == 0, "exit status %d: %s" % (rc, line.lines[-4:]))
        check(not any(ch in text for ch in "\x1b\x07\u009b"), "a control character reached the terminal: %r" % text)
        check("Game over: 1-0 (?]0;pwned??[2J??31mred)" in text, "the end's reason, made plain, is not shown: %r" % text)
    finally:
        server.close()
        await server.wait_closed()
    seats = fresh("seats")
    server, port = await hostile_server("t\nevil.example g9 c9 white stolen", "")
    try:
        line = await Line.start("brazilian", "--server", "127.0.0.1:%d" % port, "--side", "white", seats=seats)
        rc = await line.finish()
        errors = [l for l in line.lines if l.startswith("draughts: ")]
        check(rc == 1 and len(errors) == 1 and "field 'token' must hold only letters, digits" in errors[0],
              "a token that breaks a line: %d %s" % (rc, line.lines[-4:]))
        check(not os.path.exists(seats) or "evil" not in open(seats).read(), "the seats file took the server's line")
    finally:
        server.close()
        await server.wait_closed()


if __name__ == "__main__":
    sys.exit(run([v for k, v in sorted(globals().items()) if k.startswith("t_")], sys.argv))
