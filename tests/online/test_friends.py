"""test_friends.py DRAUGHTS WORKDIR PLUGINS — profiles and friends against a real server on
loopback: nicknames claimed with device keys, a second device linked, invitations
(expired, reused, guessed), friends' bests and nobody else's, a friend removed, a
profile deleted, an old store migrated; then the same through the 'draughts' command
(profile link|delete, friends invite|accept|remove) with scores uploaded after games.
"""
import asyncio
import os
import secrets
import sqlite3
import subprocess
import sys

import wsclient
from wsclient import Client, Server, check, new_store, run
from wsclient import with_server as serving

DRAUGHTS, WORK, PLUGINS = sys.argv[1], sys.argv[2], sys.argv[3]
# the 'sprint' test variant (a win in one move) for the games the command line plays,
# on the server too, which says which mark a record beats
os.environ["DRAUGHTS_PLUGIN_PATH"] = "%s/scores:%s" % (PLUGINS, PLUGINS)
_stores = [0]


def store():
    _stores[0] += 1
    return new_store(os.path.join(WORK, "friends%d.db" % _stores[0]))


async def with_server(body, *args):
    await serving(DRAUGHTS, store(), body, *args)


def new_key():
    return secrets.token_hex(32)


async def profile(srv, nick, key=None):
    """A connection signed in as 'nick' with a new device key: (client, key)."""
    key = key or new_key()
    c = await Client.open(srv, nick)
    await c.send(type="claim", name=nick, key=key, id=1)
    got = await c.expect("profile", re=1)
    check(got["name"] == nick, "claim: %s" % got)
    return c, key


RECORD = dict(variant="brazilian", rules="official", level=3, points=1160, pieces=9, moves=24, finished=1796000000)
STREAK = dict(variant="brazilian", rules="official", current=2, best=4)


async def befriend(a, b):
    await a.send(type="invite", id=2)
    code = await a.expect("code", re=2)
    check(code["kind"] == "invite" and len(code["code"]) == 12, "invite: %s" % code)
    await b.send(type="accept", code=code["code"], id=3)
    got = await b.expect("friend", re=3)
    return got


# ------------------------------------------------------------- profiles


async def t_a_nickname_is_claimed_once_and_a_device_is_linked(argv):
    async def body(srv):
        ana, key = await profile(srv, "ana")
        other = await Client.open(srv, "x")
        await other.send(type="claim", name="ANA", key=new_key())
        e = await other.error("taken")
        check("'ANA' is taken" in e["message"], e["message"])
        # the same key again, from another connection: the same profile; an unknown key holds none
        signer = await Client.open(srv, "ana")
        await signer.send(type="sign_in", key=key, id=2)
        check((await signer.expect("profile", re=2))["name"] == "ana", "signed in with the key")
        await signer.send(type="sign_in", key=new_key())
        await signer.error("no_profile")
        again = await Client.open(srv, "ana")
        await again.send(type="claim", name="ana", key=key)
        await again.expect("profile", name="ana")
        await again.send(type="claim", name="anna", key=key)
        check("holds the profile 'ana'" in (await again.error("not_allowed"))["message"], "a key holds one profile")
        # a second device
        await ana.send(type="link_code", id=4)
        code = await ana.expect("code", re=4)
        check(code["kind"] == "link", "link code: %s" % code)
        phone = await Client.open(srv, "phone")
        await phone.send(type="link", key=new_key(), code=code["code"], id=5)
        check((await phone.expect("profile", re=5))["name"] == "ana", "the linked device is ana's")
        await phone.send(type="upload", records=[RECORD], streaks=[STREAK], id=6)
        up = await phone.expect("uploaded", re=6)
        check(up["records"] == 1 and up["streaks"] == 1, "upload: %s" % up)
        await ana.send(type="bests", name="ana", id=7)
        mine = await ana.expect("bests", re=7)
        check(mine["records"][0]["points"] == 1160 and mine["streaks"][0]["best"] == 4, "own bests: %s" % mine)
        # the link code worked once
        await Client.open(srv, "tablet")
        tablet = await Client.open(srv, "tablet")
        await tablet.send(type="link", key=new_key(), code=code["code"])
        await tablet.error("not_found")
        # no request without a profile; a bad key is refused by the schema
        await tablet.send(type="friends")
        await tablet.error("no_profile")
        await tablet.send(type="claim", name="tab", key="z" * 64)
        await tablet.error("invalid")

    await with_server(body)


async def t_friends_see_each_others_bests_and_nobody_else(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob, _ = await profile(srv, "bob")
        eve, _ = await profile(srv, "eve")
        await ana.send(type="upload", records=[RECORD], streaks=[STREAK])
        await ana.expect("uploaded")
        await bob.send(type="upload", records=[dict(RECORD, level=1, points=400)], streaks=[])
        await bob.expect("uploaded")
        got = await befriend(ana, bob)
        check(got["name"] == "ana", "bob's new friend: %s" % got)
        await bob.send(type="friends", id=8)
        fl = await bob.expect("friends", re=8)
        check(fl["name"] == "bob" and [f["name"] for f in fl["friends"]] == ["ana"], "bob's friends: %s" % fl)
        rec = fl["friends"][0]["records"][0]
        check(rec["points"] == 1160 and rec["level"] == 3 and rec["mark"] == "Expert", "ana's record: %s" % rec)
        check(fl["friends"][0]["streaks"] == [STREAK], "ana's streak: %s" % fl["friends"][0]["streaks"])
        await ana.send(type="bests", name="Bob", id=9)
        check((await ana.expect("bests", re=9))["records"][0]["points"] == 400, "ana sees bob's")
        # a lower record does not replace a higher one
        await ana.send(type="upload", records=[dict(RECORD, points=200)])
        await ana.expect("uploaded")
        await bob.send(type="bests", name="ana")
        check((await bob.expect("bests"))["records"][0]["points"] == 1160, "a record only goes up")
        # eve: a profile that is no friend reads the same as one that does not exist
        await eve.send(type="bests", name="ana", id=10)
        not_friend = await eve.error("not_found")
        await eve.send(type="bests", name="nobody_at_all", id=10)
        nobody = await eve.error("not_found")
        check(not_friend["message"].replace("ana", "X") == nobody["message"].replace("nobody_at_all", "X"),
              "told apart: %r %r" % (not_friend, nobody))
        await eve.send(type="unfriend", name="ana")
        await eve.error("not_found")
        await eve.send(type="friends")
        check((await eve.expect("friends"))["friends"] == [], "eve has no friends")

    await with_server(body)


async def t_a_removed_friend_and_a_deleted_profile_see_nothing(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob, bob_key = await profile(srv, "bob")
        cy, _ = await profile(srv, "cy")
        await befriend(ana, bob)
        await befriend(ana, cy)
        await bob.send(type="unfriend", name="ANA", id=11)
        check((await bob.expect("unfriended", re=11))["name"] == "ANA", "unfriended")
        for asker, whom in ((bob, "ana"), (ana, "bob")):
            await asker.send(type="bests", name=whom)
            await asker.error("not_found")
        await ana.send(type="friends")
        check([f["name"] for f in (await ana.expect("friends"))["friends"]] == ["cy"], "ana keeps cy only")
        # cy deletes the profile: ana no longer sees it, and the nickname is free again
        await cy.send(type="delete_profile", id=12)
        check((await cy.expect("deleted", re=12))["name"] == "cy", "deleted")
        await ana.send(type="bests", name="cy")
        await ana.error("not_found")
        await cy.send(type="friends")
        await cy.error("no_profile")
        newcy, _ = await profile(srv, "cy")
        await ana.send(type="bests", name="cy")
        await ana.error("not_found")
        await newcy.send(type="friends")
        check((await newcy.expect("friends"))["friends"] == [], "a new cy inherits nothing")
        # bob's other device, still connected, has no profile once bob deletes it
        bob2 = await Client.open(srv, "bob")
        await bob2.send(type="claim", name="bob", key=bob_key)
        await bob2.expect("profile")
        await bob.send(type="delete_profile")
        await bob.expect("deleted")
        await bob2.send(type="invite")
        await bob2.error("no_profile")

    await with_server(body)


# ------------------------------------------------- names people can trust


async def finished_game(srv, white, black):
    """'white' creates a game, 'black' joins it, 'white' resigns: the game's id."""
    await white.send(type="create", variant="brazilian", side="white")
    created = await white.expect("created")
    await black.send(type="join", code=created["code"])
    await black.expect("seated")
    await white.send(type="resign")
    await white.expect("over")
    await black.expect("over")
    return created["game"]


async def history(c, name, **more):
    await c.send(type="history", name=name, id=40, **more)
    return await c.expect("history", re=40)


async def t_a_guest_is_never_shown_as_a_profile(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob = await Client.open(srv, "bob")  # a guest, under a name nobody holds
        real = await finished_game(srv, ana, bob)
        for said in ("ana", "ANA", "\u0430na"):  # a guest under ana's name, its case, a Cyrillic look-alike
            fake, carol = await Client.open(srv, said), await Client.open(srv, "carol")
            await finished_game(srv, fake, carol)
        games = (await history(bob, "ana"))["games"]
        check([g["game"] for g in games] == [real], "ana's history lists a guest's games: %s" % games)
        check(games[0]["white"] == "ana" and games[0]["black"] == "guest", "the seats shown: %s" % games[0])
        check((await history(bob, "\uff21\uff2e\uff21"))["games"] == games, "ana's history by a look-alike")
        for name in ("bob", "carol", "guest"):
            check((await history(bob, name))["games"] == [], "a guest's history under %r" % name)
        # a guest who later claims the name gets no game played before as a guest
        late = await Client.open(srv, "dan")
        await finished_game(srv, late, bob)
        await late.send(type="claim", name="dan", key=new_key())
        await late.expect("profile")
        check((await history(bob, "dan"))["games"] == [], "a guest's old game became dan's")

    await with_server(body)


async def t_a_history_comes_a_page_at_a_time(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob = await Client.open(srv, "bob")
        played = []
        for i in range(52):
            played.append(await finished_game(srv, ana, bob) if i % 2 else await finished_game(srv, bob, ana))
        first = await history(bob, "ana")
        check(len(first["games"]) == 50 and first["more"] is True, "page 1: %d games, %s" % (len(first["games"]), first.get("more")))
        second = await history(bob, "ana", after=first["games"][-1]["game"])
        check(second["more"] is False, "page 2: %s" % second)
        ids = [g["game"] for g in first["games"] + second["games"]]
        check(sorted(ids) == sorted(played) and len(set(ids)) == 52, "the pages hold every game once: %s" % ids)
        ended = [(g["ended"], g["game"]) for g in first["games"] + second["games"]]
        check(ended == sorted(ended, reverse=True), "newest first: %s" % ended[:5])
        check((await history(bob, "ana", after="nosuchgame"))["games"] == [], "after an unknown game")

    await with_server(body, "--rate", "1000", "--max-games", "100")


async def t_look_alike_nicknames_are_taken(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        await profile(srv, "\u00e9mile")  # with a precomposed e-acute
        other = await Client.open(srv, "x")
        for alike in ("\u0430na", "\uff41\uff4e\uff41", "\u0410NA", "e\u0301mile", "\u00c9MILE", "guest", "Computer",
                      "\u0261uest"):
            await other.send(type="claim", name=alike, key=new_key())
            await other.error("taken")
        for unseen, what in (("ana\u200b", "U+200B"), ("\u202eana", "U+202E"), ("a\u2066na", "U+2066"),
                             ("\u0301ana", "combining mark"), ("an \u0300a", "combining mark"),
                             ("ana\u00ad", "U+00AD")):
            await other.send(type="claim", name=unseen, key=new_key())
            e = await other.error("invalid")
            check(what in e["message"], "%r: %s" % (unseen, e["message"]))
        hello = await Client.open(srv, "x", hello=False)
        await hello.send(type="hello", protocol=1, name="\u202ebob")
        check("bidi" in (await hello.error("invalid"))["message"], "a bidi control in hello")
        # a friend is named by any look-alike of the nickname
        bob, _ = await profile(srv, "bob")
        await befriend(ana, bob)
        await bob.send(type="bests", name="\uff21n\u0430", id=41)
        await bob.expect("bests", re=41)  # not 'not_found'

    await with_server(body)


def seats_of(players):
    """(name, guest) of each seat, as 'players' or a state's 'players' has them."""
    return tuple(players[side] and (players[side]["name"], players[side]["guest"]) for side in ("white", "black"))


async def t_a_guest_seat_is_marked_live_and_in_the_pdn(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        fake = await Client.open(srv, "ana")  # a guest under ana's name
        await fake.send(type="create", variant="brazilian", side="white")
        created = await fake.expect("created")
        st = await fake.expect("state", status="waiting")
        check(seats_of(st["players"]) == (("ana", True), None), "the guest's seat: %s" % st["players"])
        await ana.send(type="join", code=created["code"])
        await ana.expect("seated")
        players = await fake.expect("players")
        check(seats_of(players) == (("ana", True), ("ana", False)), "both seats: %s" % players)
        await fake.send(type="resign")
        await ana.expect("over")
        await ana.send(type="pdn", game=created["game"], id=50)
        text = (await ana.expect("pdn", re=50))["text"]
        check('[White "ana (guest)"]' in text and '[Black "ana"]' in text, "PDN tags: %s" % text[:200])
        # a rematch: the players change sides, and the marks with them
        await fake.send(type="rematch", action="offer")
        await ana.expect("offer", kind="rematch")
        await ana.send(type="rematch", action="accept")
        again = await ana.expect("seated")
        st = await ana.expect("state", game=again["game"])
        check(seats_of(st["players"]) == (("ana", False), ("ana", True)), "the rematch's seats: %s" % st["players"])
        # one who calls itself the computer is a guest; the computer is not, nor "guest" marked twice
        bot = await Client.open(srv, "computer")
        await bot.send(type="create", variant="brazilian", side="white", computer="1")
        await bot.expect("created")
        st = await bot.expect("state", status="playing")
        check(seats_of(st["players"]) == (("computer", True), ("computer", False)), "computers: %s" % st["players"])
        nobody = await Client.open(srv, hello=False)
        await nobody.send(type="hello", protocol=1)
        await nobody.expect("welcome")
        await nobody.send(type="create", variant="brazilian", side="black")
        made = await nobody.expect("created")
        await nobody.send(type="abort")
        await nobody.expect("over")
        await nobody.send(type="pdn", game=made["game"], id=51)
        text = (await nobody.expect("pdn", re=51))["text"]
        check('[Black "guest"]' in text, "a guest called guest: %s" % text[:200])

    await with_server(body)


async def t_made_up_variants_take_no_mark_from_real_ones(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        for part in range(2):
            fakes = [dict(RECORD, variant="aaa%02d" % (32 * part + i)) for i in range(32)]
            await ana.send(type="upload", records=fakes)
            await ana.expect("uploaded")
        await ana.send(type="upload", records=[RECORD])
        await ana.expect("uploaded")
        for _ in range(2):  # made-up names first (they sort first), then the real record, twice
            await ana.send(type="bests", name="ana", id=42)
            records = (await ana.expect("bests", re=42))["records"]
            real = [r for r in records if r["variant"] == "brazilian"]
            check(len(records) == 65 and real[0]["mark"] == "Expert", "the real record's mark: %s" % real)
            check(all(r["mark"] == "" for r in records if r["variant"] != "brazilian"), "a made-up variant's mark")

    await with_server(body)


# ----------------------------------------------------------- invitations


async def t_invitations_work_once(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob, _ = await profile(srv, "bob")
        eve, _ = await profile(srv, "eve")
        await ana.send(type="invite")
        code = (await ana.expect("code"))["code"]
        await ana.send(type="accept", code=code)
        await ana.error("not_allowed")  # one's own: used up as well
        await ana.send(type="invite")
        code = (await ana.expect("code"))["code"]
        await bob.send(type="accept", code=code)
        await bob.expect("friend")
        await eve.send(type="accept", code=code)
        reused = await eve.error("not_found")
        await eve.send(type="accept", code="abcdefghijkm")
        forged = await eve.error("not_found")
        check(reused["message"] == forged["message"], "a used code and a forged one differ: %s %s" % (reused, forged))
        await eve.send(type="bests", name="ana")
        await eve.error("not_found")

    await with_server(body)


async def t_an_invitation_is_seen_before_it_is_accepted(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob, _ = await profile(srv, "bob")
        await ana.send(type="invite")
        code = (await ana.expect("code"))["code"]
        for i in range(7):  # a code that works gives its attempt back: more looks than the burst
            await bob.send(type="invitation", code=code, id=60 + i)
            got = await bob.expect("invitation", re=60 + i)
            check(got["name"] == "ana", "who invites: %s" % got)
        await bob.send(type="bests", name="ana")
        await bob.error("not_found")  # looking made no friend
        await ana.send(type="invitation", code=code)
        check("your own" in (await ana.error("not_allowed"))["message"], "one's own invitation")
        await bob.send(type="accept", code=code, id=70)
        check((await bob.expect("friend", re=70))["name"] == "ana", "the code still worked after the looks")
        await bob.send(type="invitation", code=code)
        used = await bob.error("not_found")
        await bob.send(type="accept", code=code)
        check((await bob.error("not_found"))["message"] == used["message"], "a used code reads alike either way")
        guest = await Client.open(srv, "carol")
        await guest.send(type="invitation", code=code)
        await guest.error("no_profile")
        await guest.send(type="invitation", code="x" * 17)
        await guest.error("invalid")
        # a wrong code costs an attempt: 5 at once from an address, then the right one is refused too
        await ana.send(type="invite")
        code = (await ana.expect("code"))["code"]
        for i in range(3):  # two went on the used code above
            await bob.send(type="invitation", code="guess%07d" % i)
            await bob.error("not_found")
        await bob.send(type="invitation", code=code)
        check("one more a minute" in (await bob.error("rate_limited"))["message"], "looks at codes are limited")

    await with_server(body)


async def t_an_expired_invitation_does_not_work(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        bob, _ = await profile(srv, "bob")
        await ana.send(type="invite")
        code = await ana.expect("code")
        await bob.send(type="accept", code=code["code"])
        e = await bob.error("not_found")
        check("works once, until it expires" in e["message"], e["message"])
        await ana.send(type="link_code")
        link = await ana.expect("code")
        phone = await Client.open(srv, "phone")
        await phone.send(type="link", key=new_key(), code=link["code"])
        await phone.error("not_found")

    await with_server(body, "--invite-ttl", "0")


async def t_guessing_codes_is_limited_per_address(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        await ana.send(type="invite")
        code = (await ana.expect("code"))["code"]
        eve, _ = await profile(srv, "eve")
        for i in range(5):
            await eve.send(type="accept", code="guess%07d" % i)
            await eve.error("not_found")
        # a new connection from the same address has no fresh attempts, even with the right code
        eve2 = await Client.open(srv, "eve")
        await eve2.send(type="link", key=new_key(), code="guessguess")
        check("one more a minute" in (await eve2.error("rate_limited"))["message"], "link guesses limited")
        await eve.send(type="accept", code=code)
        await eve.error("rate_limited")
        await eve.send(type="bests", name="ana")
        await eve.error("not_found")

    await with_server(body)


async def t_uploads_are_checked(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        for bad in (dict(RECORD, variant="../x"), dict(RECORD, rules="a b"), dict(RECORD, level=0),
                    dict(RECORD, points=-1), dict(RECORD, extra=1)):
            await ana.send(type="upload", records=[bad])
            await ana.error("invalid")
        await ana.send(type="upload", streaks=[STREAK] * 33)
        await ana.error("invalid")
        await ana.send(type="bests", name="ana")
        check((await ana.expect("bests"))["records"] == [], "nothing bad was kept")

    await with_server(body)


async def t_codes_waiting_are_limited(argv):
    async def body(srv):
        ana, _ = await profile(srv, "ana")
        for i in range(32):
            await ana.send(type="invite", id=i)
            await ana.expect("code", re=i)
        await ana.send(type="link_code", id=99)
        check("32 codes waiting" in (await ana.error("limit"))["message"], "the 33rd code")

    await with_server(body)


OLD_GAME = ("INSERT INTO game VALUES('oldgame1', 'abcdef', 'brazilian', 'official', 0, 0, 500, 0, 2, 1,"
            " 'black resigned', 'ana', 'bob', NULL, NULL, 0, 0, 0, 1, 2, '', '[Result \"1-0\"]');")


SCHEMA_2_3 = (
    "CREATE TABLE profile(id INTEGER PRIMARY KEY, nickname TEXT NOT NULL UNIQUE COLLATE NOCASE, created INTEGER NOT NULL);"
    "CREATE TABLE device(key BLOB PRIMARY KEY, profile INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,"
    "  added INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE code(hash BLOB PRIMARY KEY, kind INTEGER NOT NULL,"
    "  profile INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE, expires INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE friend(a INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,"
    "  b INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE, since INTEGER NOT NULL,"
    "  PRIMARY KEY(a, b)) WITHOUT ROWID;"
    "CREATE TABLE best(profile INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE, variant TEXT NOT NULL,"
    "  rules TEXT NOT NULL, level INTEGER NOT NULL, points INTEGER NOT NULL, pieces INTEGER NOT NULL,"
    "  moves INTEGER NOT NULL, finished INTEGER NOT NULL, streak INTEGER NOT NULL, streak_best INTEGER NOT NULL,"
    "  PRIMARY KEY(profile, variant, rules, level)) WITHOUT ROWID;"
    "CREATE TABLE presence(game TEXT NOT NULL, node INTEGER NOT NULL, seats INTEGER NOT NULL,"
    "  watchers INTEGER NOT NULL, PRIMARY KEY(game, node)) WITHOUT ROWID;"
    "INSERT INTO profile VALUES(1, 'ana', 0);")


def schema_1_sqlite(version=1):
    """A version-1 SQLite store built by hand, as a server of that version left it (or
    of version 3, with a profile 'ana')."""
    path = store()
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE game(id TEXT PRIMARY KEY, code TEXT NOT NULL, variant TEXT NOT NULL, rules TEXT NOT NULL,"
        "  initial_ms INTEGER NOT NULL, increment_ms INTEGER NOT NULL, lag_ms INTEGER NOT NULL,"
        "  listed INTEGER NOT NULL, status INTEGER NOT NULL, result INTEGER NOT NULL DEFAULT 0,"
        "  reason TEXT NOT NULL DEFAULT '', white_name TEXT NOT NULL DEFAULT '', black_name TEXT NOT NULL DEFAULT '',"
        "  white_token BLOB, black_token BLOB, white_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,"
        "  turn_started INTEGER NOT NULL, created INTEGER NOT NULL, ended INTEGER NOT NULL DEFAULT 0,"
        "  rematch_of TEXT NOT NULL DEFAULT '', pdn TEXT);"
        "CREATE TABLE move(game TEXT NOT NULL REFERENCES game(id), ply INTEGER NOT NULL, path TEXT NOT NULL,"
        "  at INTEGER NOT NULL, clock_ms INTEGER NOT NULL, PRIMARY KEY(game, ply)) WITHOUT ROWID;"
        "CREATE TABLE node(id INTEGER PRIMARY KEY CHECK(id = 1), alive INTEGER NOT NULL);" + OLD_GAME +
        (SCHEMA_2_3 if version == 3 else "") +
        "PRAGMA user_version=%d; PRAGMA application_id=1685222262;" % version)
    con.close()
    return path


async def schema_1_pg(version=1):
    """A version-1 PostgreSQL store: today's with what versions 2 to 4 added taken away
    again (or version 3's, with a profile 'ana')."""
    uri = store()
    srv = Server(DRAUGHTS, uri)
    await Client.open(srv, "x")  # the server is up, its signals handled
    srv.stop()
    sql = "ALTER TABLE game DROP COLUMN white_profile, DROP COLUMN black_profile; ALTER TABLE profile DROP COLUMN skeleton;"
    if version == 1:
        sql += "DROP TABLE presence, best, friend, code, device, profile;"
    else:
        sql += "INSERT INTO profile(nickname, created) VALUES('ana', 0);"
    wsclient.pg.sql(uri, sql + "UPDATE draughts_schema SET version = %d;" % version + OLD_GAME)
    return uri


def version_and_nicknames(store):
    if wsclient.STORE == "pg":
        pg = wsclient.pg
        return int(pg.sql(store, "SELECT version FROM draughts_schema")), pg.sql(store, "SELECT nickname FROM profile")
    con = sqlite3.connect(store)
    version = con.execute("PRAGMA user_version").fetchone()[0]
    names = con.execute("SELECT nickname FROM profile").fetchall()
    con.close()
    return version, "\n".join(n for n, in names)


async def t_a_schema_1_store_is_migrated_in_place(argv):
    path = await schema_1_pg() if wsclient.STORE == "pg" else schema_1_sqlite()
    srv = Server(DRAUGHTS, path)
    try:
        a, _ = await profile(srv, "ana")
        await a.send(type="pdn", game="oldgame1")
        check('[Result "1-0"]' in (await a.expect("pdn"))["text"], "the old game survived")
        # who played it is not known: nobody signed in then, so it is nobody's
        check((await history(a, "ana"))["games"] == [], "an old game became the new ana's")
    finally:
        srv.stop()
    version, names = version_and_nicknames(path)
    check(version == 4 and names == "ana", "after the migration: version %d, %r" % (version, names))


async def t_a_schema_3_store_gets_its_nicknames_skeletons(argv):
    path = await schema_1_pg(3) if wsclient.STORE == "pg" else schema_1_sqlite(3)
    srv = Server(DRAUGHTS, path)
    try:
        other = await Client.open(srv, "x")
        for alike in ("ANA", "\u0430na"):
            await other.send(type="claim", name=alike, key=new_key())
            await other.error("taken")
        await profile(srv, "bob")
    finally:
        srv.stop()
    version, names = version_and_nicknames(path)
    check(version == 4 and sorted(names.split()) == ["ana", "bob"], "after the migration: version %d, %r" % (version, names))


# ------------------------------------------------------- the command line


class Player:
    """A person with a device of their own: a score store and a config directory."""

    def __init__(self, name, nick=None):
        self.dir = os.path.join(WORK, name)
        os.makedirs(self.dir, exist_ok=True)
        self.nick = nick or name
        self.env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.dir, "config"), HOME=self.dir,
                        DRAUGHTS_PROFILE_DB=os.path.join(self.dir, "scores.db"))
        self.keys = os.path.join(self.dir, "config", "draughts", "device-keys")

    def run(self, *args, stdin=None, ok=True):
        r = subprocess.run([DRAUGHTS] + list(args) + ["--profile", self.nick], env=self.env, input=stdin,
                           capture_output=True, text=True, timeout=60)
        if ok:
            check(r.returncode == 0, "%s: draughts %s: exit %d: %s" % (self.nick, " ".join(args), r.returncode, r.stderr))
        return r

    def win_a_game(self):
        """A game of line mode against the computer, won in one move: 790 points."""
        r = self.run("play", "sprint", "--level", "1", stdin="a7-b8\nquit\n")
        check("790" in r.stdout, "%s's game: %s" % (self.nick, r.stdout[-400:]))

    def invite(self):
        out = self.run("friends", "invite").stdout
        return out.split("invitation code: ")[1].split(" ")[0]


def one_line_error(r, words):
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 1 and len(lines) == 1 and words in lines[0], "not one line naming %r: %r" % (words, r.stderr))


async def t_friends_through_the_command_line(argv):
    async def body(srv):
        at = "127.0.0.1:%d" % srv.port
        ana, bob, eve = Player("ana"), Player("bob"), Player("eve")
        ana.run("friends", "--server", at)
        check(oct(os.stat(ana.keys).st_mode & 0o777) == "0o600", "the key file is private")
        bob.run("friends", "accept", ana.invite(), "--server", at)
        bob.win_a_game()  # uploaded by the session after the game
        out = ana.run("friends").stdout
        check("bob\n  Sprint" in out and "level 1: 790 (2 pieces, 1 moves) beats Pro" in out, "ana's list: %s" % out)
        out = ana.run("scores", "--variant", "sprint").stdout
        check("bob" in out and "790" in out, "ana's scores show bob's record: %s" % out)
        out = ana.run("play", "sprint", "--level", "1", stdin="scores\nquit\n").stdout
        check("level  ana               bob" in out and "1      -                 790 Pro" in out,
              "line mode's scores show bob's record: %s" % out[-600:])
        out = eve.run("friends", "--server", at).stdout
        check("bob" not in out and "none yet" in out, "eve sees nothing: %s" % out)
        # a second device of ana's plays: bob sees its record under ana
        code = ana.run("profile", "link").stdout.split("profile link ")[1].split(" ")[0]
        phone = Player("phone", nick="whoever")
        out = phone.run("profile", "link", code, "--server", at).stdout
        check("now plays as ana" in out, "the phone: %s" % out)
        phone.nick = "ana"
        phone.win_a_game()
        out = bob.run("friends").stdout
        check("ana\n  Sprint" in out and "790" in out, "bob sees ana's record from her phone: %s" % out)
        # bob ends it: neither sees the other any more, here nor on the server
        bob.run("friends", "remove", "ana")
        out = ana.run("friends").stdout
        check("bob" not in out, "ana still lists bob: %s" % out)
        check("bob" not in ana.run("scores", "--variant", "sprint").stdout, "bob's record stayed in ana's store")
        # ana deletes her profile; bob's invitation to her no longer works
        code = bob.invite()
        ana.run("profile", "delete")
        check(not os.path.exists(ana.keys) or at not in open(ana.keys).read(), "the key is forgotten")
        one_line_error(phone.run("friends", ok=False), "was deleted (from another device?)")
        check(at not in open(phone.keys).read(), "the phone forgot its key")

    await with_server(body)


async def t_one_line_refusals_of_the_command_line(argv):
    async def body(srv):
        at = "127.0.0.1:%d" % srv.port
        ana, carol = Player("ana2", nick="ana"), Player("carol", nick="ana")
        ana.run("friends", "--server", at)
        one_line_error(carol.run("friends", "--server", at, ok=False), "the nickname 'ana' is taken on")
        check(not os.path.exists(carol.keys) or at not in open(carol.keys).read(), "a refused key is not kept")
        carol.nick = "carol"
        carol.run("friends")
        one_line_error(carol.run("friends", "accept", "nosuchcode12", ok=False), "that code does not work")
        one_line_error(carol.run("friends", "remove", "ana", ok=False), "you have no friend called 'ana'")
        os.chmod(carol.keys, 0o644)
        one_line_error(carol.run("friends", ok=False), "lets others read the device keys")
        os.chmod(carol.keys, 0o600)
        with open(carol.keys, "a") as f:
            f.write("%s not-a-key carol\n" % at)
        one_line_error(carol.run("friends", ok=False), "line 2: expected 'SERVER KEY NICKNAME'")
        nobody = Player("nobody")
        one_line_error(nobody.run("friends", ok=False), "no server for friends yet")
        one_line_error(nobody.run("friends", "--server", "127.0.0.1:1", ok=False), "127.0.0.1:1")
        check(nobody.run("friends", "bogus", ok=False).returncode == 2, "a bad subcommand is a usage error")

    await with_server(body)


if __name__ == "__main__":
    sys.exit(run([v for k, v in sorted(globals().items()) if k.startswith("t_")], sys.argv))
