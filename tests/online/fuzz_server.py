"""fuzz_server.py DRAUGHTS WORKDIR [--seconds S] [--seed N] [--clients K] [--actions N] —
a state-machine fuzzer for 'draughts serve'.

One real server (built under ASan + UBSan for the long runs: scripts/fuzz-server) and K
clients, each a state machine that sends random but well-formed message sequences: games
created against people and against the computer at every level (the computer often
moving first), joined, watched, resumed with a token, played with the legal moves the
server sent and sometimes with stale or illegal ones, suggestions, resigning, aborting,
draw and rematch offers and answers, leaving, and sockets closed in the middle of a
search, then opened again.  It stops by itself after S seconds or N actions.

It fails when the server dies, writes a sanitizer's report to its stderr, stops
answering (a fresh client's hello must get its welcome, and a list its games, within
PROBE_TIMEOUT), refuses a well-formed message as malformed, or breaks an invariant a
client can see from outside: every move played is one of the legal moves the server
had sent, at the next ply; 'over' comes once a game and nothing is played after it;
what a spectator does as a player (and a stale move, and a move out of turn) is
refused; a legal move is never refused as illegal; every move acknowledged is in the
game's PDN; a request waiting for an answer gets it.

The seed draws every choice; the server's timing is not in it, so a seed reproduces a
run's choices, and a timing bug most of the time rather than always.  The last line
says "server fuzz: ... passed" or "server fuzz: FAILED (seed N): why".
"""
import argparse
import asyncio
import collections
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

import websockets

from wsclient import Client, Failure, Server

PROBE_EVERY = 2.0  # seconds between liveness probes
PROBE_TIMEOUT = 60.0  # a sanitizer build on a busy machine is slow; a stall is longer
ANSWER_TIMEOUT = 60.0  # the longest a request that is always answered may wait
TRACE = 40  # messages of the failing client shown
BURSTS = 0.2  # the share of actions that are a few requests sent at once
LEVELS = ["1", "2", "3", "4", "5", "6", "streak"]
SANITIZER = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|ThreadSanitizer)|runtime error:|"
                       r"AddressSanitizer:DEADLYSIGNAL|SUMMARY: (Address|Undefined|Leak)")
# Refusals a well-formed message never deserves.
UNDESERVED = {"protocol", "malformed", "invalid", "too_large", "binary", "store"}


class FuzzServer(Server):
    """The server with its stderr in a file (read while it runs, for a sanitizer's report)."""

    def __init__(self, draughts, store, log, *args):
        self.log = log
        super().__init__(draughts, store, *args)

    def start(self):
        env = dict(os.environ)
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=1")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
        cmd = [self.draughts, "serve", "--listen", "127.0.0.1:0", "--store", self.store] + self.args
        with open(self.log, "w") as err:
            self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True, env=env)
        line = self.proc.stdout.readline()
        m = re.search(r"serving on ws://127\.0\.0\.1:(\d+)", line)
        if not m:
            self.proc.kill()
            raise Failure("the server did not start: %r %s" % (line, self.stderr()[-2000:]))
        self.port = int(m.group(1))
        self.url = "ws://127.0.0.1:%d/" % self.port

    def stderr(self):
        with open(self.log, errors="replace") as f:
            return f.read()

    def report(self):
        """The sanitizer's report in the server's stderr, or None."""
        text = self.stderr()
        m = SANITIZER.search(text)
        if not m:
            return None
        start = text.rfind("\n==", 0, m.start())  # from the '==PID==' line that opens it
        start = text.rfind("\n", 0, m.start()) if start < 0 else start
        end = text.find("Shadow bytes around", start)  # the shadow map says nothing a reader needs
        return text[max(start, 0):end if end > 0 else len(text)].strip()

    def stop(self):
        """SIGTERM; the exit status and what the sanitizers said at exit (leaks)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            out, _ = self.proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()
            return "the server did not stop within 120 s of SIGTERM"
        if self.proc.returncode != 0 or "stopped" not in out:
            return "the server did not stop cleanly: exit %d, %r" % (self.proc.returncode, out[-300:])
        return None


class World:
    """What the clients share: what they can name (codes, games, tokens), the run's bounds,
    the first failure, and figures for the summary."""

    def __init__(self, srv, args, variants):
        self.srv, self.variants = srv, variants
        self.end = time.monotonic() + args.seconds
        self.actions_left = args.actions
        self.codes, self.games, self.tokens, self.unjoinable = [], [], [], set()
        self.failure, self.trace = None, []
        self.figures = {}
        self.started = time.monotonic()

    def done(self):
        return self.failure is not None or self.actions_left <= 0 or time.monotonic() >= self.end

    def fail(self, what):
        if self.failure is None:
            self.failure = what

    def count(self, what, n=1):
        self.figures[what] = self.figures.get(what, 0) + n

    def note(self, kind, value):
        """A code, game or (game, token) seen, kept (the newest 64) for others to name."""
        pool = getattr(self, kind)
        if kind == "codes" and value[0] in self.unjoinable:
            return
        if value not in pool:
            pool.append(value)
            del pool[:-64]

    def no_code(self, game):
        """Game 'game' waits for no one (any more): its code would cost an attempt, and an
        older list that shows it waiting brings it back no more."""
        self.codes[:] = [gc for gc in self.codes if gc[0] != game]
        self.unjoinable.add(game)

    def pick(self, kind, bogus, rng, made_up=0.1):
        """One of the newest (most often) or of all; or, now and then, one made up."""
        pool = getattr(self, kind)
        if not pool or rng.random() < made_up:
            return bogus
        return rng.choice(pool[-4:] if rng.random() < 0.7 else pool)


def paths(legal):
    return [m["path"] for m in legal]


def pdn_plies(text):
    """The number of moves in a PDN game's movetext."""
    body = "\n".join(line for line in text.splitlines() if not line.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    tokens = [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?|\*", t) and t not in PDN_RESULTS]
    return len(tokens)


# A game's result in PDN, as the wire says it (the 10x10 games' PDN counts 2 for a win).
PDN_RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2",
               "*": "*"}


def pdn_result(text):
    m = re.search(r'\[Result "([^"]*)"\]', text)
    return PDN_RESULTS.get(m.group(1)) if m else None


class Agent:
    """One fuzzing client: a connection, what its messages told it of its game (the model),
    and what it still waits to hear."""

    def __init__(self, world, index, seed):
        self.world, self.rng, self.name = world, random.Random(seed), "fz%d" % index
        # An address of its own on the loopback (127.0.0.0/8), as people have: the limits
        # per address (join codes' attempts, games, connections) are each client's own.
        self.address = "127.0.0.%d" % (10 + index)
        self.client, self.reader, self.next_id, self.blind = None, None, 1, False
        self.mine = []  # (game, token) of seats this agent was given
        self.trace = collections.deque(maxlen=TRACE)  # the last messages both ways, shown on a failure

    # ---------------------------------------------------------------- connection

    async def connect(self):
        if self.client:
            self.at(None, None, False)
        self.client = await Client.open(self.world.srv, self.name, local_addr=(self.address, 0))
        self.game = self.you = self.status = self.turn = None
        self.synced, self.ply, self.legal, self.computer = False, 0, [], False
        self.over_seen, self.pending, self.must_refuse, self.moves_sent = set(), None, {}, {}
        self.pdn_wanted, self.todo, self.closing, self.last_word, self.joins = {}, [], False, None, {}
        self.reader = asyncio.ensure_future(self.read())

    async def read(self):
        try:
            async for text in self.client.ws:
                self.handle(json.loads(text))
        except websockets.ConnectionClosed as e:
            if not self.closing and e.code in (1002, 1008, 1009, 1011):
                self.fail("the server closed the connection (%s %s)" % (e.code, e.reason))
        except Exception as e:  # a failure of the fuzzer itself is a failure too
            self.fail("reading: %s: %s" % (type(e).__name__, e))

    async def drop(self, abrupt):
        """Closes the connection: a clean close, or the socket just gone (a tab closed)."""
        self.closing = True
        if abrupt:
            self.client.ws.transport.abort()
            try:  # the library's own tasks see the end too, rather than being left pending
                await asyncio.wait_for(self.client.ws.wait_closed(), 5)
            except asyncio.TimeoutError:
                pass
        else:
            await self.client.ws.close()
        self.reader.cancel()
        await asyncio.gather(self.reader, return_exceptions=True)

    async def send(self, what=None, ends_with_game=False, **msg):
        """Sends 'msg' with a new id; 'what' says why the server must refuse it (a refusal
        the game's end may stand in for when 'ends_with_game')."""
        rid = msg["id"] = self.next_id
        self.next_id += 1
        if what and not self.blind:
            self.must_refuse[rid] = (what, ends_with_game)
        self.note_trace(">", msg)
        await self.client.send(**msg)
        self.world.count(msg["type"])
        if msg["type"] in ("create", "join", "resume", "watch", "leave", "rematch") and not self.blind:
            await self.sync(msg["type"])
        return rid

    async def sync(self, what):
        """A 'list' after a request that may move this connection to another game (a rematch
        too): once its answer is here, so is the other's (answers come in order), and the
        model is whole again; until then the game at hand is left alone."""
        self.pending = (self.next_id, what, time.monotonic())
        self.next_id += 1
        await self.client.send(type="list", id=self.pending[0])
        self.note_trace(">", {"type": "list", "id": self.pending[0]})

    def note_trace(self, way, msg):
        short = {k: v for k, v in msg.items() if k not in ("geometry", "legal", "moves", "start", "games", "text")}
        self.trace.append("%.3f %s %s" % (time.monotonic() - self.world.started, way, json.dumps(short)[:300]))

    def fail(self, what):
        if self.world.failure is None:
            self.world.trace = list(self.trace)
        self.world.fail("%s: %s" % (self.name, what))

    # ---------------------------------------------------------------- what comes

    def handle(self, msg):
        self.note_trace("<", msg)
        kind, re_ = msg.get("type"), msg.get("re")
        if re_ is not None:
            self.answered(re_, msg)
        handler = getattr(self, "on_" + str(kind), None)
        if handler:
            handler(msg)

    def answered(self, re_, msg):
        for rid in sorted(self.must_refuse):  # answers come in the order of the requests
            if rid < re_ or (rid == re_ and msg["type"] != "error"):
                what = self.must_refuse.pop(rid)[0]
                self.fail("%s was not refused (then came %s)" % (what, str(msg)[:200]))
            elif rid == re_:
                del self.must_refuse[rid]
        if self.pending and self.pending[0] == re_:
            self.pending = None
        if self.last_word == re_:
            self.last_word = None

    def on_error(self, msg):
        code, re_ = msg.get("code"), msg.get("re")
        self.world.count("error " + str(code))
        if code in UNDESERVED:
            self.fail("a well-formed message was refused: %s" % msg)
        if code == "seat_taken" and re_ is None:
            self.at(None, None, False)
        tried = self.joins.pop(re_, None)
        if tried and code in ("not_found", "full"):
            self.world.no_code(tried)
        if re_ in self.pdn_wanted:
            self.fail("the PDN of %s, which ended, is not found: %s" % (self.pdn_wanted[re_][0], msg["message"]))
        sent = self.moves_sent.pop(re_, None) if re_ is not None else None
        if sent and code == "illegal_move":
            self.fail("the legal move %s at ply %d of %s was refused: %s" % (sent[2], sent[1], sent[0], msg["message"]))

    def on_created(self, msg):
        self.seat_given(msg)
        self.world.note("codes", (msg["game"], msg["code"]))

    def on_seated(self, msg):
        if msg.get("re") in self.joins:
            self.world.no_code(self.joins.pop(msg["re"]))
        self.seat_given(msg)

    def seat_given(self, msg):
        self.at(msg["game"], msg["side"], False)
        if msg.get("token"):
            self.mine.append((msg["game"], msg["token"]))
            del self.mine[:-8]
            self.world.note("tokens", (msg["game"], msg["token"]))
        self.world.note("games", msg["game"])

    def on_state(self, msg):
        self.at(msg["game"], msg["you"], True)
        self.status, self.ply, self.legal, self.turn = msg["status"], msg["ply"], msg["legal"], msg["turn"]
        self.computer = any(p and p.get("computer") for p in msg["players"].values())
        if len(msg["moves"]) != msg["ply"]:
            self.fail("state of %s: ply %d with %d moves" % (self.game, msg["ply"], len(msg["moves"])))
        if msg["status"] == "over":
            self.over_seen.add(msg["game"])
        if msg["status"] == "waiting" and msg.get("code"):
            self.world.note("codes", (msg["game"], msg["code"]))
        elif msg["status"] != "waiting":
            self.world.no_code(msg["game"])
        self.world.note("games", msg["game"])
        self.moves_sent.clear()

    def at(self, game, you, synced):
        """This connection at 'game' now; a game it created and left waiting is of no use to
        a joiner (its seat runs out), so its code goes."""
        if self.game and game != self.game and self.status == "waiting" and self.you in ("white", "black"):
            self.world.no_code(self.game)
        self.game, self.you, self.synced = game, you, synced

    def at_game(self, msg):
        """Whether a message about a game is for the one this connection is at."""
        if msg["game"] == self.game:
            return True
        self.fail("'%s' of game %s came to a connection at %s" % (msg["type"], msg["game"], self.game))
        return False

    def on_moved(self, msg):
        self.world.count("moved seen")
        if not self.at_game(msg) or not self.synced:
            return
        if msg["game"] in self.over_seen:
            self.fail("%s: a move was played after the end: %s" % (self.game, msg["path"]))
        if msg["ply"] != self.ply or msg["path"] not in paths(self.legal):
            self.fail("%s: move %s at ply %d, but ply %d was next and the legal moves were %s" %
                      (self.game, msg["path"], msg["ply"], self.ply, paths(self.legal)[:12]))
        self.ply, self.legal, self.turn, self.status = msg["ply"] + 1, msg["legal"], msg["turn"], msg["status"]
        for rid, sent in list(self.moves_sent.items()):
            if sent[:2] == (self.game, msg["ply"]):
                del self.moves_sent[rid]  # acknowledged (or another move played first)

    def on_over(self, msg):
        self.world.count("games over")
        self.world.no_code(msg["game"])
        if not self.at_game(msg):
            return
        if msg["game"] in self.over_seen:
            self.fail("%s: 'over' came twice" % msg["game"])
        self.over_seen.add(msg["game"])
        self.status = "over"
        self.moves_sent.clear()
        for rid, (_, ends_with_game) in list(self.must_refuse.items()):
            if ends_with_game:  # the end came first: it is the answer (a flag that fell, say)
                del self.must_refuse[rid]
        if self.synced:
            self.todo.append(("pdn", msg["game"], self.ply, msg["result"]))

    def on_left(self, msg):
        self.at(None, None, False)

    def on_pdn(self, msg):
        want = self.pdn_wanted.pop(msg.get("re"), None)
        if not want:
            return
        game, plies, result = want
        text = msg["text"]
        if pdn_plies(text) != plies or pdn_result(text) != result:
            self.fail("%s ended %s after %d moves; its PDN says %s after %d:\n%s" %
                      (game, result, plies, pdn_result(text), pdn_plies(text), text[-600:]))
        self.world.count("PDN checked")

    def on_games(self, msg):
        for g in msg["games"]:
            self.world.note("games", g["game"])
            if g.get("code"):
                self.world.note("codes", (g["game"], g["code"]))
            else:
                self.world.no_code(g["game"])

    # ---------------------------------------------------------------- what goes

    def waiting_too_long(self):
        if self.pending and time.monotonic() - self.pending[2] > ANSWER_TIMEOUT:
            self.fail("no answer to '%s' (id %d) in %d s" % (self.pending[1], self.pending[0], ANSWER_TIMEOUT))

    async def run(self):
        await self.connect()
        while not self.world.done():
            await asyncio.sleep(self.rng.choice((0, 0, 0.01, 0.05, 0.1, 0.3)))
            self.waiting_too_long()
            if self.reader.done():  # the server closed this connection: a new one
                await self.connect()
                continue
            self.world.actions_left -= 1
            try:
                await self.act()
            except websockets.ConnectionClosed:
                pass  # the reader saw why
        await self.last_words()
        self.closing = True
        await self.client.close()
        await asyncio.gather(self.reader, return_exceptions=True)

    async def last_words(self):
        """At the end, a last request answered: everything sent before it has been answered."""
        if self.world.failure or self.reader.done():
            return
        try:
            self.last_word = await self.send(type="list")
            end = time.monotonic() + ANSWER_TIMEOUT
            while self.last_word and not self.reader.done() and time.monotonic() < end:
                await asyncio.sleep(0.05)
        except websockets.ConnectionClosed:
            return
        if self.last_word and not self.reader.done():
            self.fail("no answer to the last request in %d s" % ANSWER_TIMEOUT)
        for what, _ in self.must_refuse.values():
            self.fail("%s was never answered" % what)

    async def act(self):
        while self.todo:
            _, game, plies, result = self.todo.pop(0)
            self.pdn_wanted[await self.send(type="pdn", game=game)] = (game, plies, result)
        if self.rng.random() < BURSTS:
            return await self.burst()
        if self.pending is None and self.synced and self.game:
            if await self.play():
                return
        await self.elsewhere()

    async def burst(self):
        """A few requests at once, none waiting for the answer to the one before (a game
        created and ended and left before the computer's search has begun, say).  What
        the server makes of them is not foreseen: nothing is expected of it but answers."""
        self.blind = True
        try:
            for _ in range(self.rng.randint(2, 4)):
                await self.weighted([
                    (4, self.create_against_the_computer), (1, self.create_against_people), (4, self.abort),
                    (2, self.resign), (1, self.draw), (1, self.rematch), (3, self.leave), (2, self.close),
                    (1, self.watch), (1, self.join), (1, self.resume),
                ])()
        finally:
            self.blind = False
        await self.sync("burst")

    def weighted(self, choices):
        total = sum(w for w, _ in choices)
        x = self.rng.uniform(0, total)
        for w, f in choices:
            x -= w
            if x <= 0:
                return f
        return choices[-1][1]

    async def elsewhere(self):
        """A move that is not about the game at hand: a new game, another's, the socket."""
        await self.weighted([
            (6, self.create_against_people), (10, self.create_against_the_computer), (5, self.join),
            (4, self.watch), (3, self.resume), (3, self.leave), (3, self.close), (1, self.lookup),
        ])()

    async def create_against_people(self):
        msg = dict(type="create", variant=self.rng.choice(self.world.variants),
                   side=self.rng.choice(("white", "black", "random")), public=self.rng.random() < 0.5)
        if self.rng.random() < 0.3:  # short clocks, so that flags fall
            msg["clock"] = {"initial": self.rng.randint(1, 20), "increment": self.rng.randint(0, 2)}
        await self.send(**msg)

    async def create_against_the_computer(self):
        side = "black" if self.rng.random() < 0.6 else self.rng.choice(("white", "random"))  # black: it moves first
        await self.send(type="create", variant=self.rng.choice(self.world.variants), computer=self.rng.choice(LEVELS),
                        side=side)

    async def join(self):
        """A code of a game waiting, most often: a code that works not costs the address an
        attempt, of which it has a few a minute."""
        if not self.world.codes:
            return await self.create_against_people()  # a game to join, rather than a guess
        game, code = self.world.pick("codes", ("nogame00", "zzzzzz"), self.rng, 0.01)
        self.joins[await self.send(type="join", code=code)] = game

    async def watch(self):
        await self.send(type="watch", game=self.world.pick("games", "nogame00", self.rng))

    async def resume(self):
        pool = self.mine if self.mine and self.rng.random() < 0.5 else self.world.tokens
        game, token = self.rng.choice(pool) if pool else ("nogame00", "0" * 64)
        if self.rng.random() < 0.1:
            token = "%064x" % self.rng.getrandbits(256)
        await self.send(type="resume", game=game, token=token)

    async def leave(self):
        await self.send(type="leave")

    async def close(self):
        """The socket closed (in the middle of the computer's search, often), then opened again."""
        await self.drop(self.rng.random() < 0.5)
        self.world.count("closed")
        await self.connect()
        if self.mine and self.rng.random() < 0.6:
            await self.resume()

    async def lookup(self):
        which = self.rng.randrange(3)
        if which == 0:
            await self.send(type="list", subscribe=self.rng.random() < 0.2)
        elif which == 1:
            await self.send(type="pdn", game=self.world.pick("games", "nogame00", self.rng))
        else:
            await self.send(type="history", name=self.rng.choice(("fz0", "fz1", "computer", "nobody")))

    async def play(self):
        """Something about the game at hand; False to do something else instead."""
        if self.you == "spectator":
            return await self.as_spectator()
        if self.status == "playing":
            return await self.as_player()
        if self.status == "over" and self.rng.random() < 0.5:
            await self.send(type="rematch", action=self.rng.choice(("offer", "offer", "accept", "decline")))
            return True
        if self.status == "waiting" and self.rng.random() < 0.3:
            await self.send(type="abort")
            return True
        return False

    async def as_player(self):
        mine = self.turn == self.you
        choices = [(2, self.resign), (3, self.abort), (3, self.draw), (1, self.suggest_as_player),
                   (4, self.close), (2, self.leave), (1, self.rematch_too_soon)]
        if mine:
            choices += [(40, self.legal_move), (3, self.illegal_move), (3, self.stale_move)]
        elif self.computer:  # it thinks: end the game under it, leave, close, or let it play
            choices += [(2, self.move_out_of_turn), (6, self.abort), (4, self.close), (3, self.leave), (8, self.wait)]
        else:
            choices += [(2, self.move_out_of_turn), (8, self.wait)]
        await self.weighted(choices)()
        return True

    async def wait(self):
        await asyncio.sleep(self.rng.choice((0.05, 0.2, 0.5)))

    async def legal_move(self):
        if not self.legal or self.blind:
            return
        path = self.rng.choice(self.legal)["path"]
        rid = await self.send(type="move", path=path, ply=self.ply)
        self.moves_sent[rid] = (self.game, self.ply, path)

    async def illegal_move(self):
        path = list(reversed(self.rng.choice(self.legal)["path"])) if self.legal else ["a1", "a1"]
        if path in paths(self.legal):
            return
        await self.send("an illegal move %s" % path, True, type="move", path=path, ply=self.ply)

    async def stale_move(self):
        ply = self.ply - 1 if self.ply and self.rng.random() < 0.7 else self.ply + 1000
        path = self.rng.choice(self.legal)["path"] if self.legal else ["a1", "b2"]
        await self.send("a move for ply %d at ply %d" % (ply, self.ply), type="move", path=path, ply=ply)

    async def move_out_of_turn(self):
        path = self.rng.choice(self.legal)["path"] if self.legal else ["a1", "b2"]
        await self.send("a move out of turn", type="move", path=path, ply=self.ply)

    async def resign(self):
        await self.send(type="resign")

    async def abort(self):
        await self.send(type="abort")

    async def draw(self):
        await self.send(type="draw", action=self.rng.choice(("offer", "offer", "accept", "decline")))

    async def suggest_as_player(self):
        path = self.rng.choice(self.legal)["path"] if self.legal else ["a1", "b2"]
        await self.send("a player's suggestion", type="suggest", path=path, ply=self.ply)

    async def rematch(self):
        await self.send(type="rematch", action=self.rng.choice(("offer", "accept", "decline")))

    async def rematch_too_soon(self):
        await self.send("a rematch before the end", True, type="rematch", action="offer")

    async def as_spectator(self):
        if self.rng.random() < 0.4:
            return False
        if self.rng.random() < 0.5 and self.legal:
            await self.send(type="suggest", path=self.rng.choice(self.legal)["path"], ply=self.ply)
            return True
        path = self.rng.choice(self.legal)["path"] if self.legal else ["a1", "b2"]
        kind = self.rng.choice(("move", "resign", "draw", "abort", "rematch"))
        extra = {"move": dict(path=path, ply=self.ply), "draw": dict(action="offer"),
                 "rematch": dict(action="accept")}.get(kind, {})
        await self.send("a spectator's %s" % kind, type=kind, **extra)
        return True


async def probe(world):
    """A fresh client, now and then: its welcome and an answer to 'list', in time."""
    n = 0
    while not world.done():
        await asyncio.sleep(PROBE_EVERY)
        n += 1
        try:
            c = await asyncio.wait_for(Client.open(world.srv, "probe"), PROBE_TIMEOUT)
            await c.send(type="list", id=1)
            await c.reply(1, timeout=PROBE_TIMEOUT)
            await c.close()
            world.count("probes answered")
        except (Exception, asyncio.TimeoutError) as e:
            if world.srv.proc.poll() is None and world.failure is None:
                world.fail("the server stopped answering: probe %d: %s: %s" % (n, type(e).__name__, e))


async def watchdog(world):
    """The server alive and its stderr free of a sanitizer's report."""
    while not world.done():
        await asyncio.sleep(0.25)
        if world.srv.proc.poll() is not None:
            world.fail(died(world.srv.proc.returncode))
        elif world.srv.report():
            world.fail("the server's sanitizer reported an error")


def died(status):
    if status < 0:
        return "the server died of %s" % signal.Signals(-status).name
    return "the server ended by itself (exit status %d)" % status


async def variants_of(srv):
    c = await Client.open(srv, "fz")
    await c.send(type="variants", id=1)
    got = await c.expect("variants", re=1)
    await c.close()
    return [v["name"] for v in got["variants"]]


async def fuzz(srv, args):
    world = World(srv, args, await variants_of(srv))
    agents = [Agent(world, i, args.seed * 1000 + i) for i in range(args.clients)]
    tasks = [asyncio.ensure_future(a.run()) for a in agents]
    guards = [asyncio.ensure_future(probe(world)), asyncio.ensure_future(watchdog(world))]
    done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
    if srv.proc.poll() is not None:  # before what its clients made of it
        world.fail(died(srv.proc.returncode))
    for t in done:
        if t.exception():
            world.fail("a client: %s: %s" % (type(t.exception()).__name__, t.exception()))
    for t in tasks + guards:
        t.cancel()
    await asyncio.gather(*tasks, *guards, return_exceptions=True)
    return world


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("draughts")
    ap.add_argument("work")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--actions", type=int, default=1000000)
    ap.add_argument("--engine-time", default="0.25", help="serve --time: each of the computer's moves")
    args = ap.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 10 ** 6)
    print("server fuzz: seed %d, %g s, %d clients (reproduce: --seed %d)" % (args.seed, args.seconds, args.clients,
                                                                               args.seed))
    sys.stdout.flush()
    os.makedirs(args.work, exist_ok=True)
    store = os.path.join(args.work, "fuzz-%d.db" % args.seed)
    log = os.path.join(args.work, "fuzz-%d.stderr" % args.seed)
    for path in (store, log):
        if os.path.exists(path):
            os.remove(path)
    srv = FuzzServer(args.draughts, store, log, "--rate", "1000", "--seat-timeout", "2", "--time", args.engine_time,
                     "--threads", "8", "--max-connections", "512", "--max-games", "64")
    started = time.monotonic()
    try:
        world = asyncio.run(fuzz(srv, args))
    finally:
        failure = srv.stop()  # the server's own word on its end (leaks are reported at exit)
    report = srv.report()
    failure = world.failure or failure or ("the server's sanitizer reported an error" if report else None)
    spent = time.monotonic() - started
    print("server fuzz: %.0f s; %s" % (spent, ", ".join("%s %d" % kv for kv in sorted(world.figures.items()))))
    if failure:
        if report or srv.proc.returncode:
            print(report or srv.stderr()[-6000:])
        if world.trace:
            print("server fuzz: the last messages of the failing client (> sent, < received):")
            print("\n".join("  " + line for line in world.trace))
        print("server fuzz: FAILED (seed %d, after %.0f s): %s" % (args.seed, spent, failure))
        print("server fuzz: the server's stderr is in %s" % log)
        return 1
    print("server fuzz: passed (seed %d)" % args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
