#!/usr/bin/env python3
"""Hostile traffic for scripts/soak.sh, sent beside its normal traffic: every
input that has taken Weft down, pinned a worker or grown its memory, in turn,
one connection at a time, until the time is up.

Each attack that gets an answer must get one of the statuses it allows (never a
500, never a dropped connection); attacks that leave (a client that goes away
mid-request, a client that never reads its answers) only check that the server
took the bytes. Prints one line per kind (count, statuses, slowest answer), then
`ATTACKS total=N unexpected=U`; exit 1 when U > 0.

    attacks.py --port PORT --seconds SECONDS [--pause SECONDS]

Traffic stays on 127.0.0.1; every exchange has a 60 s socket timeout."""
import argparse
import gzip
import json
import random
import socket
import sys
import time
import zlib
from collections import Counter, defaultdict

TIMEOUT = 60.0
rng = random.Random(8)


class Answer:
    def __init__(self, status: int, headers: dict, body: bytes):
        self.status, self.headers, self.body = status, headers, body


def read_answer(sock: socket.socket, buffered: bytearray) -> Answer:
    """One HTTP/1.1 answer from `sock` (bytes already read come in `buffered`):
    Content-Length, chunked or to the end of the connection."""
    def fill() -> bool:
        chunk = sock.recv(1 << 16)
        buffered.extend(chunk)
        return bool(chunk)

    while b"\r\n\r\n" not in buffered:
        if not fill():
            raise ConnectionError("the connection closed before an answer's head")
    head, _, rest = bytes(buffered).partition(b"\r\n\r\n")
    buffered[:] = rest
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        length = int(headers["content-length"])
        while len(buffered) < length:
            if not fill():
                raise ConnectionError("the connection closed inside a body")
        body = bytes(buffered[:length])
        del buffered[:length]
        return Answer(status, headers, body)
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = bytearray()
        while True:
            while b"\r\n" not in buffered:
                if not fill():
                    raise ConnectionError("the connection closed inside a chunk size")
            size_line, _, rest = bytes(buffered).partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            buffered[:] = rest
            while len(buffered) < size + 2:
                if not fill():
                    raise ConnectionError("the connection closed inside a chunk")
            body.extend(buffered[:size])
            del buffered[:size + 2]
            if size == 0:
                return Answer(status, headers, bytes(body))
    while fill():
        pass
    body = bytes(buffered)
    buffered.clear()
    return Answer(status, headers, body)


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def request_bytes(method: str, path: str, body: bytes = b"", headers=()) -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for name, value in headers:
        head += f"{name}: {value}\r\n"
    if body or method in ("POST", "PUT"):
        head += f"Content-Length: {len(body)}\r\n"
    return head.encode("latin-1") + b"\r\n" + body


def exchange(port: int, raw: bytes) -> Answer:
    with connect(port) as sock:
        sock.sendall(raw)
        return read_answer(sock, bytearray())


def post_json(port: int, path: str, document, headers=()) -> Answer:
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    return exchange(port, request_bytes("POST", path, body, (("Content-Type", "application/json"),) + tuple(headers)))


def node(root, **extra) -> dict:
    return {"sizeRange": {"min": {"width": 0, "height": 0}, "max": {"width": 375, "height": None}}, "root": root, **extra}


def box(height=44):
    return {"type": "box", "style": {"height": height}}


def container(kind: str, cells, **fields) -> dict:
    """A request of `cells`, each given an id (the contract requires one) unless it has one."""
    cells = [dict(cell, id=cell.get("id", f"c{k}")) for k, cell in enumerate(cells)]
    return {"container": {"type": kind, "bounds": {"width": 320, "height": 480}, **fields}, "items": cells}


# --- attacks: each returns the answer it got (or None when it leaves by design)
# and the statuses it allows.

def odd_accept_encoding(port):
    value = rng.choice([";", ",;", ";q=0", "gzip;q=nan", " , ,", "*;q=0, identity;q=0", "gzip;q=1e999", "\t;"])
    path = rng.choice(["/openapi.yaml", "/v1/fonts", "/"])
    return exchange(port, request_bytes("GET", path, headers=(("Accept-Encoding", value),))), {200, 406}


def odd_header_values(port):
    headers = rng.choice([
        (("Origin", "null"),), (("If-None-Match", '"' * 3000),), (("Authorization", "Bearer " + "\x7f" * 10),),
        (("Content-Encoding", "gzip, gzip, gzip"),), (("Accept", "application/x-ndjson;q=nan"),),
    ])
    return post_json(port, "/v1/layout/node", node(box()), headers), {200, 400, 415}


def streamed_pager_far_offset(port):
    body = container("pager", [{"node": box()} for _ in range(4)], contentOffset={"x": 1e300, "y": 0})
    return post_json(port, "/v1/layout", body, (("Accept", "application/x-ndjson"),)), {200, 422}


def combining_marks(port):
    text = "a" + "\u0301" * rng.choice([20_000, 100_000, 300_000])
    root = {"type": "text", "text": text, "font": {"family": "DejaVu Sans", "size": 14}}
    return post_json(port, "/v1/layout/node", node(root)), {200, 413, 422, 503}


def heavy_container_then_leave(port):
    """A container of text cells (about 1 MB), sent whole, then the socket closed."""
    words = "the quick brown fox jumps over the lazy dog " * 12
    cells = [{"node": {"type": "text", "text": f"{k} {words}", "font": {"family": "DejaVu Sans", "size": 15}}}
             for k in range(rng.randint(1500, 2500))]
    raw = request_bytes("POST", "/v1/layout", json.dumps(container("table", cells)).encode(),
                        (("Content-Type", "application/json"),))
    with connect(port) as sock:
        sock.sendall(raw)
        time.sleep(rng.uniform(0, 0.2))
    return None, set()


def pipelined_never_read(port):
    """Small requests with big answers, pipelined, from a client that does not read."""
    tiny_viewport = json.dumps(container("table", [{"kind": "interop", "size": {"width": 10, "height": 44}}],
                                         bounds={"width": 100, "height": 1e-300})).encode()
    one = rng.choice([
        request_bytes("GET", "/openapi.yaml"),
        request_bytes("POST", "/v1/layout", tiny_viewport, (("Content-Type", "application/json"),)),
    ])
    with connect(port) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(2)
        try:
            for _ in range(200):
                sock.sendall(one)
        except (socket.timeout, BlockingIOError):
            pass  # the server stopped reading: it holds what it may
        time.sleep(2)
    return None, set()


def distinct_methods(port):
    method = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(3, 20)))
    path = rng.choice(["/v1/fonts", "/healthz", "/no/such/route", "/v1/layout"])
    return exchange(port, request_bytes(method, path)), {400, 404, 405, 501}


def long_method(port):
    return exchange(port, request_bytes("X" * rng.choice([100, 5000, 16000]), "/")), {400, 431, 501}


def distinct_font_families(port):
    family = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(256))
    root = {"type": "text", "text": "A family no one has", "font": {"family": family, "size": 14}}
    return post_json(port, "/v1/layout/node", node(root)), {200}


def long_font_family(port):
    root = {"type": "text", "text": "x", "font": {"family": "f" * (1 << 20), "size": 14}}
    return post_json(port, "/v1/layout/node", node(root)), {422}


def overflowing_numbers(port):
    stack = {"type": "stack", "spacing": 1e308, "children": [box(10), box(10)]}
    choice = rng.randrange(4)
    if choice == 0:
        return post_json(port, "/v1/layout/node", node(stack, pointScale=2)), {422}
    if choice == 1:
        body = container("table", [{"node": box(1)}], contentInset={"top": 0, "left": -1e300, "bottom": 0, "right": -1.7e308})
        return post_json(port, "/v1/layout", body), {200, 422}
    if choice == 2:
        body = container("collection", [{"node": {"type": "box", "style": {"preferredSize": {"width": 1e15, "height": 0}}}}],
                         bounds={"width": 1e-300, "height": 1e-300}, contentOffset={"x": 1e-300, "y": 1e-300})
        return post_json(port, "/v1/layout", dict(body, pointScale=1e-300)), {200, 422}
    body = container("table", [{"kind": "interop", "size": {"width": 10, "height": 44}}],
                     bounds={"width": 100, "height": 1e-300})
    return post_json(port, "/v1/layout", body), {200, 422}


BOMBS = []  # 64 MiB of "0", gzip and deflate: made once, on first use


def compressed_bombs(port):
    if not BOMBS:
        zeros = b"0" * (64 << 20)
        BOMBS.extend([(gzip.compress(zeros, 9), "gzip"), (zlib.compress(zeros, 9), "deflate")])
    encoded, coding = rng.choice(BOMBS)
    raw = request_bytes("POST", "/v1/layout/node", encoded,
                        (("Content-Type", "application/json"), ("Content-Encoding", coding)))
    return exchange(port, raw), {400, 413}


def broken_framing(port):
    raw = rng.choice([
        b"POST /v1/layout/node HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        b"POST /v1/layout/node HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nContent-Length: 11\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n",
        b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
        request_bytes("POST", "/v1/layout", b'{"container": {"type": "table", "bounds": ',
                      (("Content-Type", "application/json"),)),
    ])
    return exchange(port, raw), {400, 413, 431}


ATTACKS = [
    odd_accept_encoding, odd_header_values, streamed_pager_far_offset, combining_marks,
    heavy_container_then_leave, pipelined_never_read, distinct_methods, long_method,
    distinct_font_families, long_font_family, overflowing_numbers, compressed_bombs, broken_framing,
]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--pause", type=float, default=0.05)
    args = parser.parse_args()
    deadline = time.monotonic() + args.seconds
    counts, statuses, slowest = Counter(), defaultdict(Counter), defaultdict(float)
    unexpected = []
    while time.monotonic() < deadline:
        for attack in ATTACKS:
            if time.monotonic() >= deadline:
                break
            name = attack.__name__
            started = time.monotonic()
            try:
                answer, allowed = attack(args.port)
            except (OSError, ConnectionError, ValueError) as error:
                answer, allowed = None, {"answer"}
                statuses[name]["error"] += 1
                unexpected.append(f"{name}: {type(error).__name__}: {error}")
            took = time.monotonic() - started
            counts[name] += 1
            slowest[name] = max(slowest[name], took)
            if answer is not None:
                statuses[name][answer.status] += 1
                if answer.status not in allowed:
                    unexpected.append(f"{name}: status {answer.status}: {answer.body[:200]!r}")
            time.sleep(args.pause)
    for name in (a.__name__ for a in ATTACKS):
        got = ", ".join(f"{s}: {n}" for s, n in sorted(statuses[name].items(), key=str)) or "no answers read"
        print(f"  {name:28} {counts[name]:6}   slowest {slowest[name]:6.2f} s   {got}")
    for line in unexpected[:20]:
        print("  unexpected:", line)
    print(f"ATTACKS total={sum(counts.values())} unexpected={len(unexpected)}")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
