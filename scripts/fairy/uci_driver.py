"""A small UCI client for the match scripts: starts an engine, sends
commands, reads answers with a timeout."""

import queue
import subprocess
import threading


class Engine:
    """A UCI engine run as a child process."""

    def __init__(self, command, cwd=None):
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            cwd=cwd,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix, timeout=60.0):
        """The lines up to and including the first starting with prefix."""
        seen = []
        while True:
            line = self.lines.get(timeout=timeout)
            if line is None:
                raise RuntimeError(f"the engine exited waiting for {prefix!r}: {seen[-5:]}")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def handshake(self, options=()):
        self.send("uci")
        self.until("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def close(self):
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
