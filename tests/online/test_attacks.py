"""test_attacks.py DRAUGHTS WORKDIR — the server attacked as a stranger on the internet
would: each test is one way of crashing it, stalling it or passing for someone else,
found in a review (issue 40), and what the server must do instead.
"""
import asyncio
import os
import sys
import urllib.error
import urllib.request

import websockets

import wsclient
from wsclient import Client, Server, check, new_store, run
from wsclient import with_server as serving

DRAUGHTS, WORK = sys.argv[1], sys.argv[2]
_stores = [0]


def store():
    _stores[0] += 1
    return new_store(os.path.join(WORK, "attacks%d.db" % _stores[0]))


async def with_server(body, *args):
    await serving(DRAUGHTS, store(), body, *args)


async def alive(srv, name="probe"):
    """A newcomer is still welcomed and answered."""
    c = await Client.open(srv, name)
    await c.send(type="list", id=99)
    await c.reply(99)
    await c.close()


async def t_a_game_left_while_the_computer_thinks_frees_nothing_the_search_reads(argv):
    # The computer (White) is to move at once and thinks for two seconds; the person
    # aborts and leaves, so the finished table leaves memory at the next tick while the
    # search still reads the table's rules.  Under ASan this was a heap-use-after-free,
    # elsewhere a crash of the whole server.
    async def body(srv):
        for i in range(3):
            c = await Client.open(srv, "ana%d" % i)
            await c.send(type="create", variant="international", computer="6", side="black", id=1)
            await c.expect("created")
            await c.send(type="abort", id=2)
            await c.expect("over")
            await c.send(type="leave", id=3)
            await c.close()
            await asyncio.sleep(0.3)  # past a tick: the table is freed while its search runs
        await asyncio.sleep(2.5)      # the searches end and hand their moves back
        await alive(srv)

    await with_server(body, "--threads", "2", "--time", "2", "--rate", "1000")


async def from_address(srv, name, addr):
    """A client whose connection comes from 'addr' (any of 127.0.0.0/8 is this machine)."""
    ws = await websockets.connect(srv.url, max_size=None, open_timeout=wsclient.TIMEOUT, local_addr=(addr, 0))
    c = Client(ws, name)
    await c.send(type="hello", protocol=1, name=name)
    await c.expect("welcome")
    return c


async def t_a_crowd_of_computer_games_from_one_address_delays_only_it(argv):
    # One address keeps the only engine thread busy with six games at full strength, a
    # second each.  A newcomer from another address is not refused: its game is created
    # and its computer's move is the next searched, not the seventh.
    async def body(srv):
        crowd = [await from_address(srv, "flood%d" % i, "127.0.0.2") for i in range(6)]
        for c in crowd:
            await c.send(type="create", variant="international", computer="6", side="black", id=1)
            await c.expect("created", re=1)
        await crowd[0].expect("moved", ply=0, timeout=60)  # the first search has run: five wait
        v = await from_address(srv, "newcomer", "127.0.0.3")
        await v.send(type="create", variant="international", computer="1", side="black", id=1)
        await v.expect("created", re=1)
        await v.expect("moved", ply=0, timeout=60)
        answered = 1
        for c in crowd[1:]:
            try:
                await c.expect("moved", ply=0, timeout=0.05)
                answered += 1
            except wsclient.Failure:
                pass
        check(answered <= 3, "the newcomer's move came after %d of the crowd's six" % answered)
        for c in crowd:  # and the crowd's games all get their move in the end
            if "moved" not in c.last:
                await c.expect("moved", ply=0, timeout=60)

    await with_server(body, "--threads", "1", "--queue", "2", "--time", "1", "--rate", "1000")


async def t_join_codes_cannot_be_guessed(argv):
    async def body(srv):
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="brazilian", side="white", id=1)
        created = await a.expect("created", re=1)
        g = await Client.open(srv, "guesser")
        refused = None
        for i in range(40):
            await g.send(type="join", code="zz%04d" % i, id=10 + i)
            got = await g.reply(10 + i)
            if got.get("code") == "rate_limited":
                refused = i
                break
            check(got.get("code") == "not_found", "guess %d: %s" % (i, got))
        check(refused is not None and refused <= 10, "40 guesses at join codes, none refused for rate")
        await g.send(type="join", code=created["code"], id=99)  # even the right one, now
        check((await g.reply(99)).get("code") == "rate_limited", "a guess past the limit was tried")
        b = await from_address(srv, "bob", "127.0.0.4")  # another address has its own attempts
        await b.send(type="join", code=created["code"], id=1)
        await b.expect("seated", re=1)
        c = await from_address(srv, "cy", "127.0.0.5")
        await c.send(type="join", code=created["code"], id=1)
        full = await c.error("full")
        check(created["game"] not in full["message"], "a join code gave away the game's id: %s" % full)

    await with_server(body, "--rate", "1000")


async def t_the_web_root_serves_no_link_out_of_it(argv):
    web = os.path.join(WORK, "web-with-links")
    os.makedirs(os.path.join(web, "sub"), exist_ok=True)
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write("<!doctype html><title>t</title>")
    with open(os.path.join(WORK, "secret.txt"), "w") as f:
        f.write("the secret outside the web root\n")
    links = {"out.txt": os.path.join(WORK, "secret.txt"), "passwd.txt": "/etc/passwd", "up": WORK,
             "inside.html": os.path.join(web, "index.html")}
    for name, target in links.items():
        path = os.path.join(web, name)
        if not os.path.islink(path):
            os.symlink(target, path)
    srv = Server(DRAUGHTS, store(), "--web", web)
    try:
        base = "http://127.0.0.1:%d" % srv.port
        for bad in ("/out.txt", "/passwd.txt", "/up/secret.txt", "/up/attacks1.db"):
            try:
                body = urllib.request.urlopen(base + bad, timeout=10).read().decode(errors="replace")
                check("secret" not in body and "root:" not in body and "SQLite" not in body,
                      "%s was served from outside the web root" % bad)
            except urllib.error.HTTPError as e:
                check(e.code in (403, 404), "%s: %d" % (bad, e.code))
            except (urllib.error.URLError, ConnectionError):
                pass  # closed unanswered: nothing served either
        page = urllib.request.urlopen(base + "/inside.html", timeout=10).read().decode()  # a link inside is fine
        check("<title>t</title>" in page, "a link within the root: %r" % page)
        await alive(srv)
    finally:
        srv.stop()


def replaying_random(argv):
    """The environment under which a server draws the same ids as the last one did."""
    env = dict(os.environ)
    env["LD_PRELOAD"] = os.path.join(argv[3], "preload", "replay_random.so")
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0"
    return env


async def t_a_new_game_whose_id_the_store_has_fails_alone(argv):
    # Ids are random; a server that draws one the store already has (a finished game's,
    # another node's) once stopped on the UNIQUE constraint.  Two servers with the same
    # stream of "random" bytes draw the same id for their first game.
    path = store()
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(replaying_random(argv))
    try:
        srv = Server(DRAUGHTS, path)
        a = await Client.open(srv, "ana")
        await a.send(type="create", variant="brazilian", side="white", id=1)
        first = await a.expect("created")
        await a.send(type="abort", id=2)
        await a.expect("over")
        srv.stop()
        srv = Server(DRAUGHTS, path)
        try:
            a = await Client.open(srv, "ana")
            await a.send(type="create", variant="turkish", side="white", id=1)
            err = await a.error("store")
            check(first["game"] in err["message"], "the refusal: %s" % err)
            await a.send(type="pdn", game=first["game"], id=3)
            pdn = await a.expect("pdn", re=3)
            check("Brazilian" in pdn["text"] or "brazilian" in pdn["text"], "the stored game changed: %s" % pdn["text"][:200])
            await a.send(type="create", variant="turkish", side="white", id=4)  # the next id is new: it plays
            again = await a.expect("created", re=4)
            check(again["game"] != first["game"], "the same id twice")
            await alive(srv)
        finally:
            err = srv.stop()
        check("AddressSanitizer" not in err and "runtime error" not in err, "the server complained: %s" % err)
    finally:
        os.environ.clear()
        os.environ.update(saved)


if __name__ == "__main__":
    sys.exit(run([v for k, v in sorted(globals().items()) if k.startswith("t_")], sys.argv))
