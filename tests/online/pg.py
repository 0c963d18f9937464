"""pg.py — a PostgreSQL of the tests' own: Debian's 'initdb' into a temporary directory,
'pg_ctl' on a free loopback port (as the 'postgres' user when the tests run as root,
which PostgreSQL refuses to be), stopped and removed afterwards, a failure included.
Each store a test asks for is a fresh database in it.

    with Postgres() as pg:
        uri = pg.database()      # postgresql://postgres@127.0.0.1:PORT/dN
        pg.sql(uri, "select 1")
"""
import glob
import os
import shutil
import socket
import subprocess
import tempfile


def bindir():
    """The directory of Debian's PostgreSQL programs (not on PATH), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    def __init__(self, fsync=False):
        """'fsync' False (the tests): faster, and nothing the tests kill is the database."""
        self.bin = bindir()
        if not self.bin:
            raise RuntimeError("no PostgreSQL here (scripts/setup installs Debian's postgresql)")
        self.root = os.geteuid() == 0
        self.dir = tempfile.mkdtemp(prefix="draughts-pg-")
        self.data = os.path.join(self.dir, "data")
        self.port, self.count, self.running = free_port(), 0, False
        if self.root:
            shutil.chown(self.dir, "postgres", "postgres")
        try:
            self._as_owner("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-N", "-E", "UTF8",
                           "--locale=C")
            opts = "-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=%s -c max_connections=200" % (
                self.port, self.dir, "on" if fsync else "off")
            self._as_owner("pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"), "-o", opts, "-w",
                           "start")
            self.running = True
        except BaseException:
            self.stop()
            raise

    def _as_owner(self, prog, *args):
        cmd = [os.path.join(self.bin, prog)] + list(args)
        if self.root:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=self.dir, timeout=120)
        if r.returncode != 0:
            raise RuntimeError("%s failed: %s%s" % (prog, r.stdout, r.stderr))

    def uri(self, db):
        return "postgresql://postgres@127.0.0.1:%d/%s" % (self.port, db)

    def database(self):
        """A new, empty database: its URI."""
        self.count += 1
        name = "d%d" % self.count
        self.sql(self.uri("postgres"), "CREATE DATABASE %s" % name)
        return self.uri(name)

    def sql(self, uri, text):
        """Runs 'text' in psql; its output, unaligned, without headers."""
        r = subprocess.run([os.path.join(self.bin, "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", uri,
                            "-c", text], capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            raise RuntimeError("psql %r: %s" % (text, r.stderr.strip()))
        return r.stdout.strip()

    def stop(self):
        if self.running:
            self._as_owner("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
            self.running = False
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
