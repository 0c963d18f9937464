"""wsclient.py — what the online tests share: a real 'draughts serve' on a loopback
port the system chose, and a WebSocket client written independently of the C one
(Python 'websockets'), so a protocol mistake cannot hide by being made twice.

Every wait has a timeout; nothing sleeps for a fixed time to let the server catch up.
"""
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys

TIMEOUT = 20  # seconds any one expected message may take (sanitizer builds are slow)

import websockets  # noqa: E402  (python3-websockets)

from pg import Postgres  # noqa: E402

# The back end the tests' servers keep their games in: "sqlite" (a file each), or
# "pg" (a database each in one PostgreSQL started for the whole script).
STORE = os.environ.get("DRAUGHTS_TEST_STORE", "sqlite")
pg = None


def new_store(path):
    """A fresh, empty store: the SQLite file 'path', or a new PostgreSQL database."""
    return pg.database() if STORE == "pg" else path


class Failure(Exception):
    pass


class Server:
    """A 'draughts serve' process on 127.0.0.1, port 0 (any free one)."""

    def __init__(self, draughts, store, *args, scheme="ws"):
        self.draughts, self.store, self.args, self.scheme = draughts, store, list(args), scheme
        self.start()

    def start(self):
        """Starts it; a restart listens on the same port, where its clients come back."""
        port = getattr(self, "port", 0)
        cmd = [self.draughts, "serve", "--listen", "127.0.0.1:%d" % port, "--store", self.store] + self.args
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"serving on wss?://127\.0\.0\.1:(\d+)", line)
        if not m:
            self.proc.kill()
            raise Failure("the server did not start: %r %r" % (line, self.proc.stderr.read()))
        self.port = int(m.group(1))
        self.banner = line
        self.url = "%s://127.0.0.1:%d/" % (self.scheme, self.port)

    def stop(self):
        """SIGTERM: a clean stop, exit status 0, nothing on stderr but what lws reported."""
        self.proc.send_signal(signal.SIGTERM)
        out, err = self.proc.communicate(timeout=60)
        if self.proc.returncode != 0 or "stopped" not in out:
            raise Failure("the server did not stop cleanly: exit %d, %r %r" % (self.proc.returncode, out, err))
        return err

    def kill9(self):
        self.proc.kill()
        self.proc.wait()
        self.proc.stdout.close()
        self.proc.stderr.close()

    def close(self):
        if self.proc.poll() is None:
            self.kill9()


class Client:
    """One WebSocket connection; messages that arrive while waiting for another kind
    are kept, in order, for later 'expect' calls."""

    def __init__(self, ws, name):
        self.ws, self.name, self.kept, self.last = ws, name, [], {}

    @classmethod
    async def open(cls, server, name="ana", hello=True, ssl=None, **connect):
        """'connect': more for the connection (local_addr: a client from another loopback address)."""
        ws = await websockets.connect(server.url, max_size=None, ssl=ssl, open_timeout=TIMEOUT, **connect)
        c = cls(ws, name)
        if hello:
            await c.send(type="hello", protocol=1, name=name)
            await c.expect("welcome")
        return c

    async def send(self, **msg):
        await self.ws.send(json.dumps(msg))

    async def raw(self, data):
        await self.ws.send(data)

    def _match(self, msg, mtype, fields):
        return msg.get("type") == mtype and all(msg.get(k) == v for k, v in fields.items())

    async def expect(self, mtype, timeout=TIMEOUT, **fields):
        """The next message of type 'mtype' (whose fields equal 'fields'), waiting for it."""
        return await self._wait(lambda msg: self._match(msg, mtype, fields), "%s %s" % (mtype, fields), timeout)

    async def reply(self, re, timeout=TIMEOUT):
        """The answer to request 're', whatever its type (an error too)."""
        return await self._wait(lambda msg: msg.get("re") == re, "answer to %d" % re, timeout)

    async def _wait(self, wanted, what, timeout):
        for i, msg in enumerate(self.kept):
            if wanted(msg):
                del self.kept[i]
                return self._note(msg)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise Failure("%s: no %s; kept: %s" % (self.name, what, [str(m)[:160] for m in self.kept]))
            try:
                text = await asyncio.wait_for(self.ws.recv(), left)
            except asyncio.TimeoutError:
                continue
            msg = json.loads(text)
            if wanted(msg):
                return self._note(msg)
            self.kept.append(msg)

    def _note(self, msg):
        self.last[msg["type"]] = msg
        return msg

    async def error(self, code, timeout=TIMEOUT):
        return await self.expect("error", timeout=timeout, code=code)

    async def closed(self, timeout=TIMEOUT):
        """Waits for the server to close the connection; its close code."""
        try:
            while True:
                text = await asyncio.wait_for(self.ws.recv(), timeout)
                self.kept.append(json.loads(text))
        except websockets.ConnectionClosed as e:
            return e.code
        except asyncio.TimeoutError:
            raise Failure("%s: the server did not close the connection" % self.name)

    def drop(self):
        self.kept.clear()

    async def close(self):
        await self.ws.close()


async def with_server(draughts, store, body, *args):
    """Runs 'body(server)' against a fresh server, stopped (and checked) afterwards."""
    srv = Server(draughts, store, *args)
    try:
        await body(srv)
    finally:
        err = srv.stop()
    check("ERROR" not in err and "AddressSanitizer" not in err, "the server complained: %s" % err)


async def create_game(server, variant="brazilian", white="ana", black="bob", **opts):
    """A game with both seats taken: (creator, joiner, created, seated), both states read."""
    a = await Client.open(server, white)
    msg = dict(type="create", variant=variant, side="white")
    msg.update(opts)
    await a.send(**msg)
    created = await a.expect("created")
    await a.expect("state", status="waiting")
    b = await Client.open(server, black)
    await b.send(type="join", code=created["code"])
    seated = await b.expect("seated")
    await b.expect("state", status="playing")
    await a.expect("state", status="playing")
    return a, b, created, seated


async def play_random(players, watchers=(), rng=None, limit=None):
    """Plays random legal moves from the server's own list until the game ends (or
    'limit' plies); every client sees every move in order.  The plies played."""
    rng = rng or random.Random(7)
    state = players[0].last["state"]
    legal, turn, status, ply = state["legal"], state["turn"], state["status"], state["ply"]
    while status == "playing" and (limit is None or ply < limit):
        mover = players[0] if turn == "white" else players[1]
        move = rng.choice(legal)["path"]
        await mover.send(type="move", path=move, ply=ply)
        for c in list(players) + list(watchers):
            got = await c.expect("moved", ply=ply)
            if got["path"] != move:
                raise Failure("%s saw %s for %s at ply %d" % (c.name, got["path"], move, ply))
        legal, turn, status, ply = got["legal"], got["turn"], got["status"], ply + 1
    return ply


async def games_where(c, what, test):
    """The next 'games' message (an answer or a push) for which 'test(games)' holds."""
    return (await c._wait(lambda m: m.get("type") == "games" and test(m["games"]), what, TIMEOUT))["games"]


def entry(games, game):
    """The entry of 'game' in a list of public games, or None."""
    found = [g for g in games if g["game"] == game]
    return found[0] if found else None


def check(cond, what):
    if not cond:
        raise Failure(what)


# Processes a test started, ended after it whatever happened (a failure included).
children = []


def end_children():
    for proc in children:
        if proc.returncode is None:  # not seen to end: its loop is gone, so by its pid
            try:
                os.kill(proc.pid, signal.SIGKILL)
                os.waitpid(proc.pid, 0)
            except OSError:
                pass
    children.clear()


def run(tests, argv):
    """Runs each test coroutine (given the command line); prints "N passed, M failed"."""
    global pg
    if STORE != "pg":
        return run_all(tests, argv)
    pg = Postgres()
    try:
        return run_all(tests, argv)
    finally:
        pg.stop()


def run_all(tests, argv):
    passed = failed = 0
    only = os.environ.get("ONLINE_TEST")
    for t in tests:
        if only and only not in t.__name__:
            continue
        try:
            asyncio.run(asyncio.wait_for(t(argv), 300))
            passed += 1
        except Exception as e:  # a failure names the test and what went wrong
            failed += 1
            print("FAIL: %s: %s: %s" % (t.__name__, type(e).__name__, e))
            sys.stdout.flush()
        end_children()
    print("online (%s): %d passed, %d failed" % (STORE, passed, failed))
    return 1 if failed else 0
