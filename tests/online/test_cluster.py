"""test_cluster.py DRAUGHTS WORKDIR — several 'draughts serve' nodes on one PostgreSQL
store (pg.py starts it): the players of a game on different nodes and a spectator on a
third, and their rematch, accepted on the other node than the offer; the same ply sent
through two nodes at once, exactly one applied; a node killed
mid-game, nothing acknowledged lost and its player back through another node; a flag
falling while the node that took the last move is down; the spectators counted and the
public games listed across the nodes, a killed node's spectators no longer counted and its
players gone after a bounded time (their empty seats then lose); a profile and its invitation
through different nodes, a code handed to two nodes at once working once; a
profile's limit of codes held when two nodes make its invitations at once.
"""
import asyncio
import random
import secrets
import sys

import wsclient
from wsclient import Client, Server, check, entry, games_where, play_random, run

DRAUGHTS, WORK = sys.argv[1], sys.argv[2]


def nodes(n, *args):
    """'n' nodes sharing a fresh store, and the store's URI."""
    store = wsclient.pg.database()
    return [Server(DRAUGHTS, store, *args) for _ in range(n)], store


def stop(servers):
    for s in servers:
        if s.proc.poll() is None:
            err = s.stop()
            check("ERROR" not in err and "AddressSanitizer" not in err, "a node complained: %s" % err)


async def game_across(a_node, b_node, **opts):
    """A game created on 'a_node' (white) and joined on 'b_node' (black)."""
    a = await Client.open(a_node, "ana")
    await a.send(type="create", variant="brazilian", side="white", **opts)
    created = await a.expect("created")
    await a.expect("state", status="waiting")
    b = await Client.open(b_node, "bob")
    await b.send(type="join", code=created["code"])
    seated = await b.expect("seated")
    await b.expect("state", status="playing")
    await a.expect("state", status="playing")
    return a, b, created, seated


async def t_players_on_two_nodes_spectators_on_a_third(argv):
    (na, nb, nc), _ = nodes(3)
    try:
        a, b, created, _ = await game_across(na, nb)
        players = await a.expect("players")  # black is connected, on another node
        check(players["black"]["connected"] is True, "black's seat seen from white's node: %s" % players)
        w = await Client.open(nc, "eve")
        await w.send(type="watch", game=created["game"])
        st = await w.expect("state")
        check(st["status"] == "playing" and st["ply"] == 0, "the spectator's state: %s" % st["status"])
        await w.send(type="suggest", path=["c3", "d4"], ply=0)
        tally = await a.expect("tally")
        check([(s["text"], s["count"]) for s in tally["suggestions"]] == [("c3-d4", 1)], "tally on A: %s" % tally)
        plies = await play_random([a, b], [w], random.Random(3), limit=12)
        check(plies == 12, "the game went on across the nodes")
        await b.send(type="draw", action="offer")
        await a.expect("offer", kind="draw", event="offered")
        await w.expect("offer", kind="draw", event="offered")
        await a.send(type="draw", action="accept")
        for c in (a, b, w):
            over = await c.expect("over")
            check(over["result"] == "1/2-1/2" and over["reason"] == "draw by agreement", "%s: %s" % (c.name, over))
        await w.send(type="pdn", game=created["game"])
        text = (await w.expect("pdn"))["text"]
        check('[White "ana (guest)"]' in text and '[Black "bob (guest)"]' in text and "1/2-1/2" in text,
              "PDN: %s" % text[:200])
    finally:
        stop([na, nb, nc])


async def t_a_rematch_seats_both_players_whichever_node_each_is_on(argv):
    (na, nb, nc), _ = nodes(3)
    try:
        a, b, created, _ = await game_across(na, nb)
        w = await Client.open(nc, "eve")
        await w.send(type="watch", game=created["game"])
        await w.expect("state")
        await b.send(type="resign")
        await a.expect("over")
        await a.send(type="rematch", action="offer")  # offered on A, accepted on B
        await b.expect("offer", kind="rematch", event="offered")
        await b.send(type="rematch", action="accept")
        sa, sb = await a.expect("seated"), await b.expect("seated")
        check(sa["game"] == sb["game"] != created["game"] and sa["side"] == "black" and sb["side"] == "white",
              "the rematch's seats: %s %s" % (sa, sb))
        for c in (a, b, w):
            st = await c.expect("state", game=sa["game"])
            check(st["status"] == "playing" and st["players"]["white"]["name"] == "bob" and
                  st["players"]["black"]["connected"], "%s's state of the rematch: %s" % (c.name, st["players"]))
        plies = await play_random([b, a], [w], random.Random(5), limit=4)  # bob plays white now
        check(plies == 4, "the rematch went on")
        a2 = await Client.open(nc, "ana")  # ana's new token, made on B and given through A, holds her seat
        await a2.send(type="resume", game=sa["game"], token=sa["token"])
        check((await a2.expect("seated"))["side"] == "black", "ana's token for the rematch")
        await a.error("seat_taken")
    finally:
        stop([na, nb, nc])


async def t_the_same_ply_from_two_nodes_is_applied_once(argv):
    (na, nb, nc), store = nodes(3)
    try:
        a, b, created, _ = await game_across(na, nc)
        a2 = await Client.open(nb, "ana")
        # white's token on a second node, and both connections move at ply 0 at once
        await asyncio.gather(a2.send(type="resume", game=created["game"], token=created["token"]),
                             a2.send(type="move", path=["g3", "h4"], ply=0),
                             a.send(type="move", path=["c3", "d4"], ply=0))
        moved = await b.expect("moved", ply=0)
        rows = wsclient.pg.sql(store, "select ply, path from move where game = '%s'" % created["game"])
        check(rows in ("0|c3 d4", "0|g3 h4") and moved["path"] == rows[2:].split(" "),
              "the store holds %r, black saw %s" % (rows, moved["path"]))
        for node in (na, nb, nc):  # every node agrees with the store
            w = await Client.open(node, "eve")
            await w.send(type="watch", game=created["game"])
            st = await w.expect("state")
            check([m["path"] for m in st["moves"]] == [moved["path"]], "a node shows %s" % st["moves"])
        await b.send(type="move", path=moved["legal"][0]["path"], ply=1)
        await a2.expect("moved", ply=1)  # the seat is the second connection's now
    finally:
        stop([na, nb, nc])


async def t_a_node_killed_mid_game_loses_nothing(argv):
    (na, nb), store = nodes(2)
    try:
        a, b, created, _ = await game_across(na, nb, clock={"initial": 300, "increment": 0})
        plies = await play_random([a, b], limit=6)
        na.kill9()
        a2 = await Client.open(nb, "ana")  # white back, through the node still up
        await a2.send(type="resume", game=created["game"], token=created["token"])
        check((await a2.expect("seated"))["side"] == "white", "white's seat on the other node")
        st = await a2.expect("state")
        check(st["ply"] == plies and len(st["moves"]) == plies, "after the kill: ply %d of %d" % (st["ply"], plies))
        count = wsclient.pg.sql(store, "select count(*) from move where game = '%s'" % created["game"])
        check(int(count) == plies, "the store holds %s moves of %d" % (count, plies))
        await a2.send(type="move", path=st["legal"][0]["path"], ply=plies)
        await b.expect("moved", ply=plies)
    finally:
        stop([nb])
        na.close()


async def t_a_flag_falls_while_the_node_of_the_last_move_is_down(argv):
    (na, nb, nc), _ = nodes(3, "--lag", "100")
    try:
        a, b, created, _ = await game_across(na, nb, clock={"initial": 2, "increment": 0})
        w = await Client.open(nc, "eve")
        await w.send(type="watch", game=created["game"])
        await w.expect("state")
        await a.send(type="move", path=["c3", "d4"], ply=0)
        moved = await b.expect("moved", ply=0)
        await b.send(type="move", path=moved["legal"][0]["path"], ply=1)
        await a.expect("moved", ply=1)
        await w.expect("moved", ply=1)
        nb.kill9()  # black's node, which took the last move; white never answers
        for c in (a, w):
            over = await c.expect("over", timeout=30)
            check(over["result"] == "0-1" and over["reason"] == "white ran out of time", "%s: %s" % (c.name, over))
    finally:
        stop([na, nc])
        nb.close()


async def t_spectators_and_public_games_are_counted_across_nodes(argv):
    (na, nb, nc), _ = nodes(3)
    try:
        sub = await Client.open(nc, "sub")  # the public list, pushed from the third node
        await sub.send(type="list", subscribe=True, id=1)
        check((await sub.reply(1))["type"] == "games", "the subscription's first answer")
        a, b, created, _ = await game_across(na, nb, public=True)
        game = created["game"]
        g = entry(await games_where(sub, "the game from A", lambda gs: entry(gs, game)), game)
        check(g["white"] == "ana" and g["variant"] == "brazilian", "a game of node A listed on C: %s" % g)
        lone = await Client.open(nb, "cy")  # a public game waiting on B, a private one on A
        await lone.send(type="create", variant="turkish", public=True)
        waiting = (await lone.expect("created"))["game"]
        hidden = await Client.open(na, "dee")
        await hidden.send(type="create", variant="turkish")
        private = (await hidden.expect("created"))["game"]
        gs = await games_where(sub, "both public games", lambda gs: entry(gs, waiting) and entry(gs, game))
        check(entry(gs, waiting)["status"] == "waiting" and not entry(gs, private), "the list: %s" % gs)
        watchers = []
        for node, name in ((nc, "w1"), (nc, "w2"), (na, "w3")):
            w = await Client.open(node, name)
            await w.send(type="watch", game=game)
            await w.expect("state")
            watchers.append(w)
        await a.expect("watchers", count=3)  # two on C, one on A
        await b.expect("watchers", count=3)
        late = await Client.open(nb, "w4")  # watching there already: B counts everyone
        await late.send(type="watch", game=game)
        check((await late.expect("state"))["watchers"] == 4, "the state's count")
        await games_where(sub, "four spectators", lambda gs: entry(gs, game) and entry(gs, game)["watchers"] == 4)
        a.drop(), b.drop()  # the counts on the way up
        nc.kill9()  # its two spectators go with it
        await a.expect("watchers", count=2)
        await b.expect("watchers", count=2)
        c = await Client.open(nb, "eve")
        await c.send(type="list", id=2)
        gs = (await c.reply(2))["games"]
        check(entry(gs, game)["watchers"] == 2, "after C died: %s" % entry(gs, game))
    finally:
        stop([na, nb])
        nc.close()


async def t_a_killed_nodes_players_are_gone_after_a_while(argv):
    (na, nb), _ = nodes(2, "--seat-timeout", "2")
    try:
        a, b, created, _ = await game_across(na, nb)
        await a.send(type="move", path=["c3", "d4"], ply=0)
        await b.expect("moved", ply=0)
        b.drop()
        na.kill9()  # white's node; black, to move, waits on B
        players = await b._wait(lambda m: m.get("type") == "players" and not m["white"]["connected"],
                                "white gone", wsclient.TIMEOUT)
        check(players["white"]["gone"] is not None and players["black"]["connected"], "players: %s" % players)
        over = await b.expect("over")
        check(over["result"] == "0-1" and over["reason"] == "white left the game", "over: %s" % over)
    finally:
        stop([nb])
        na.close()


async def claimed(node, nick, key):
    c = await Client.open(node, nick)
    await c.send(type="claim", name=nick, key=key, id=1)
    return c, await c.reply(1)


async def t_a_profile_and_its_codes_work_through_every_node(argv):
    (na, nb, nc), store = nodes(3)
    try:
        key = secrets.token_hex(32)
        ana, got = await claimed(na, "ana", key)
        check(got["type"] == "profile", "ana's claim: %s" % got)
        _, got = await claimed(nb, "ANA", secrets.token_hex(32))
        check(got.get("code") == "taken", "the nickname claimed again on another node: %s" % got)
        _, got = await claimed(nc, "ana", key)
        check(got.get("name") == "ana", "ana's key on a third node: %s" % got)
        bob, _ = await claimed(nb, "bob", secrets.token_hex(32))
        eve, _ = await claimed(nc, "eve", secrets.token_hex(32))
        await ana.send(type="invite", id=2)
        code = (await ana.expect("code", re=2))["code"]
        # the same invitation through two nodes at once: one friendship
        await asyncio.gather(bob.send(type="accept", code=code, id=3), eve.send(type="accept", code=code, id=3))
        answers = sorted([(await bob.reply(3))["type"], (await eve.reply(3))["type"]])
        check(answers == ["error", "friend"], "the code worked for %s" % answers)
        await ana.send(type="friends", id=4)
        friends = [f["name"] for f in (await ana.expect("friends", re=4))["friends"]]
        rows = wsclient.pg.sql(store, "select count(*) from friend")
        check(len(friends) == 1 and friends[0] in ("bob", "eve") and rows == "2", "friends %s, rows %s" % (friends, rows))
    finally:
        stop([na, nb, nc])


async def t_a_limit_holds_when_two_nodes_count_at_once(argv):
    (na, nb), store = nodes(2, "--rate", "100")
    try:
        key = secrets.token_hex(32)
        ana, _ = await claimed(na, "ana", key)
        ana2, got = await claimed(nb, "ana", key)  # the same profile, signed in through the other node
        check(got.get("name") == "ana", "ana on the second node: %s" % got)
        asked = 40  # through each node, at once: the limit is 32 codes, not 32 a node
        sends = [c.send(type="invite", id=i) for i in range(1, asked + 1) for c in (ana, ana2)]
        await asyncio.gather(*sends)
        answers = [(await c.reply(i))["type"] for i in range(1, asked + 1) for c in (ana, ana2)]
        made = answers.count("code")
        rows = int(wsclient.pg.sql(store, "select count(*) from code"))
        check(made == rows == 32 and answers.count("error") == 2 * asked - 32,
              "%d codes made, %d kept, answers %s" % (made, rows, sorted(set(answers))))
    finally:
        stop([na, nb])


if __name__ == "__main__":
    if wsclient.STORE != "pg":
        print("test_cluster.py: nodes share a PostgreSQL store: run it with DRAUGHTS_TEST_STORE=pg")
        sys.exit(1)
    sys.exit(run([v for k, v in sorted(globals().items()) if k.startswith("t_")], sys.argv))
