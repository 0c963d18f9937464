"""opponent.py PORT play CODE | PORT host — the scripted other side of the tmux test
(test_tty_online.sh).  'play' joins the game of CODE as Black ("bob") with a spectator
("eve"), answers White's moves from a script, suggests a move as the spectator,
accepts White's draw offer and exits 0 when the game ends.  'host' creates a public
game, joins it and waits to be killed.  Exits 1 (saying why) when anything takes too long."""
import asyncio
import sys

from wsclient import Client


class At:
    def __init__(self, port):
        self.url = "ws://127.0.0.1:%d/" % port


async def play(server, code):
    bob = await Client.open(server, "bob")
    await bob.send(type="join", code=code)
    seated = await bob.expect("seated")
    await bob.expect("state")
    eve = await Client.open(server, "eve")
    await eve.send(type="watch", game=seated["game"])
    await eve.expect("state")
    await bob.expect("moved", ply=0, timeout=60)
    await bob.send(type="move", path=["h6", "g5"], ply=1)
    await eve.expect("moved", ply=1)
    await eve.send(type="suggest", path=["a3", "b4"], ply=2)
    await eve.expect("tally")
    await bob.expect("moved", ply=2, timeout=60)
    await bob.send(type="move", path=["b6", "a5"], ply=3)
    await bob.expect("offer", kind="draw", by="white", timeout=60)
    await bob.send(type="draw", action="accept")
    await bob.expect("over")


async def host(server):
    ana = await Client.open(server, "ana")
    await ana.send(type="create", variant="turkish", side="white", public=True)
    created = await ana.expect("created")
    bob = await Client.open(server, "bob")
    await bob.send(type="join", code=created["code"])
    await bob.expect("state")
    print(created["game"], flush=True)
    await asyncio.sleep(120)


if __name__ == "__main__":
    at = At(int(sys.argv[1]))
    asyncio.run(asyncio.wait_for(play(at, sys.argv[3]) if sys.argv[2] == "play" else host(at), 150))
