#!/usr/bin/env python3
"""Crowd attacks on an h2c server, one process, raw HTTP/2 over non-blocking sockets; see crowd-compare.sh.

  crowd.py idle HOST PORT N SECONDS                 N complete connections (preface, SETTINGS, ACK), then silent
  crowd.py zero-window HOST PORT N STREAMS PATH SECONDS
                                                    N connections with SETTINGS_INITIAL_WINDOW_SIZE 0, STREAMS GETs
                                                    of PATH each, never a WINDOW_UPDATE
  crowd.py discard HOST PORT PATH SECONDS          one POST to PATH whose body never ends, sent as fast as the
                                                    server's windows allow, and on after any RST_STREAM

Each holds what it opened for SECONDS (connections the server closes are not reopened), then prints one JSON line:
how many connections it opened, how many the server closed and when (GOAWAY codes seen, RST_STREAM codes seen),
and for discard the body octets sent. Bounded in count and time; loopback only by intent.
"""
import json, selectors, socket, struct, sys, time

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
ERRORS = {0: "NO_ERROR", 1: "PROTOCOL_ERROR", 2: "INTERNAL_ERROR", 3: "FLOW_CONTROL_ERROR", 4: "SETTINGS_TIMEOUT",
          5: "STREAM_CLOSED", 6: "FRAME_SIZE_ERROR", 7: "REFUSED_STREAM", 8: "CANCEL", 9: "COMPRESSION_ERROR",
          10: "CONNECT_ERROR", 11: "ENHANCE_YOUR_CALM", 12: "INADEQUATE_SECURITY", 13: "HTTP_1_1_REQUIRED"}


def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def settings(**values):
    ids = {"initial_window": 4, "enable_push": 2}
    return frame(4, 0, 0, b"".join(struct.pack(">HI", ids[k], v) for k, v in values.items()))


def literal(index, value):
    """A field of the static table's name at index, its value literal, not indexed (RFC 7541 §6.2.2)."""
    v = value.encode()
    return bytes([index]) + bytes([len(v)]) + v  # index < 15 and values < 127 octets: one octet each


def request(stream, method, path, end_stream):
    block = bytes([0x82 if method == "GET" else 0x83, 0x86]) + literal(4, path) + literal(1, "localhost")
    return frame(1, 0x4 | (0x1 if end_stream else 0), stream, block)


class Conn:
    def __init__(self, sock, opened_at):
        self.sock, self.opened_at, self.inbuf, self.out = sock, opened_at, b"", b""
        self.closed_at, self.goaway, self.resets, self.settings_seen = None, None, {}, False
        self.send_window, self.stream_windows = 65535, {}


class Crowd:
    def __init__(self, host, port):
        self.host, self.port, self.sel, self.conns = host, port, selectors.DefaultSelector(), []
        self.start, self.refused = time.time(), 0

    def open(self, hello):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect((self.host, self.port))
        except BlockingIOError:
            pass
        except OSError:
            self.refused += 1
            s.close()
            return None
        c = Conn(s, time.time())
        c.out = hello
        self.conns.append(c)
        self.sel.register(s, selectors.EVENT_READ | selectors.EVENT_WRITE, c)
        return c

    def pump(self, seconds, on_frame=None, on_writable=None):
        end = time.time() + seconds
        while time.time() < end:
            for key, ev in self.sel.select(min(0.2, max(0.0, end - time.time()))):
                c = key.data
                if ev & selectors.EVENT_WRITE:
                    if on_writable and not c.out:
                        on_writable(c)
                    if c.out:
                        try:
                            n = c.sock.send(c.out)
                            c.out = c.out[n:]
                        except BlockingIOError:
                            pass
                        except OSError:
                            self.lost(c)
                            continue
                    self.interest(c, on_writable)
                if ev & selectors.EVENT_READ and c.closed_at is None:
                    try:
                        data = c.sock.recv(65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if not data:
                        self.lost(c)
                        continue
                    c.inbuf += data
                    self.frames(c, on_frame)
                    self.interest(c, on_writable)

    def interest(self, c, on_writable):
        if c.closed_at is None:
            want = selectors.EVENT_READ | (selectors.EVENT_WRITE if c.out or on_writable else 0)
            self.sel.modify(c.sock, want, c)

    def frames(self, c, on_frame):
        while len(c.inbuf) >= 9:
            length = int.from_bytes(c.inbuf[:3], "big")
            if len(c.inbuf) < 9 + length:
                return
            kind, flags, stream = c.inbuf[3], c.inbuf[4], int.from_bytes(c.inbuf[5:9], "big") & 0x7FFFFFFF
            payload, c.inbuf = c.inbuf[9:9 + length], c.inbuf[9 + length:]
            if kind == 4 and not flags & 1:
                c.settings_seen = True
                c.out += frame(4, 1, 0)
            elif kind == 7 and c.goaway is None:
                c.goaway = (ERRORS.get(int.from_bytes(payload[4:8], "big"), "?"), round(time.time() - c.opened_at, 1))
            elif kind == 3:
                code = ERRORS.get(int.from_bytes(payload[:4], "big"), "?")
                c.resets[code] = c.resets.get(code, 0) + 1
            elif kind == 6 and not flags & 1:
                c.out += frame(6, 1, 0, payload)
            elif kind == 8:
                inc = int.from_bytes(payload[:4], "big") & 0x7FFFFFFF
                if stream == 0:
                    c.send_window += inc
                else:
                    c.stream_windows[stream] = c.stream_windows.get(stream, 0) + inc
            if on_frame:
                on_frame(c, kind, flags, stream, payload)

    def lost(self, c):
        if c.closed_at is None:
            c.closed_at = time.time() - c.opened_at
            self.sel.unregister(c.sock)
            c.sock.close()

    def report(self, **extra):
        closed = [c for c in self.conns if c.closed_at is not None]
        goaways, resets = {}, {}
        for c in self.conns:
            if c.goaway:
                goaways[c.goaway[0]] = goaways.get(c.goaway[0], 0) + 1
            for k, v in c.resets.items():
                resets[k] = resets.get(k, 0) + v
        times = sorted(c.closed_at for c in closed)
        out = dict(opened=len(self.conns), refused_at_connect=self.refused,
                   answered=sum(1 for c in self.conns if c.settings_seen), closed_by_server=len(closed),
                   first_close_s=round(times[0], 1) if times else None,
                   last_close_s=round(times[-1], 1) if times else None, goaway=goaways, rst_stream=resets)
        out.update(extra)
        for c in self.conns:
            if c.closed_at is None:
                c.sock.close()
        print(json.dumps(out), flush=True)


def idle(host, port, n, seconds):
    crowd = Crowd(host, port)
    hello = PREFACE + settings(enable_push=0)
    for i in range(n):
        crowd.open(hello)
        if i % 100 == 99:
            crowd.pump(0.05)
    crowd.pump(seconds)
    crowd.report()


def zero_window(host, port, n, streams, path, seconds):
    crowd = Crowd(host, port)
    requests = b"".join(request(1 + 2 * i, "GET", path, True) for i in range(streams))
    for i in range(n):
        crowd.open(PREFACE + settings(initial_window=0, enable_push=0) + requests)
        if i % 10 == 9:
            crowd.pump(0.05)
    crowd.pump(seconds)
    crowd.report()


def discard(host, port, path, seconds):
    crowd = Crowd(host, port)
    # the server's initial windows until its SETTINGS and WINDOW_UPDATEs say more (RFC 9113 §6.9.2)
    c = crowd.open(PREFACE + settings(enable_push=0) + request(1, "POST", path, False))
    sent = [0]
    chunk = bytes(16384)
    c.stream_windows[1] = 65535

    def on_frame(conn, kind, flags, stream, payload):
        if kind == 4 and not flags & 1:
            for i in range(0, len(payload), 6):
                ident, value = struct.unpack(">HI", payload[i:i + 6])
                if ident == 4:
                    conn.stream_windows[1] += value - 65535

    def on_writable(conn):
        # the body goes on whatever the server said: only flow control holds it back
        room = min(conn.send_window, conn.stream_windows.get(1, 0), len(chunk))
        if room > 0 and len(conn.out) < 65536:
            conn.out += frame(0, 0, 1, chunk[:room])
            conn.send_window -= room
            conn.stream_windows[1] -= room
            sent[0] += room

    crowd.pump(seconds, on_frame, on_writable)
    crowd.report(body_octets_sent=sent[0], still_open=c.closed_at is None)


if __name__ == "__main__":
    mode, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    args = sys.argv[4:]
    if mode == "idle":
        idle(host, port, int(args[0]), float(args[1]))
    elif mode == "zero-window":
        zero_window(host, port, int(args[0]), int(args[1]), args[2], float(args[3]))
    elif mode == "discard":
        discard(host, port, args[0], float(args[1]))
    else:
        sys.exit(f"unknown mode {mode}: idle, zero-window or discard")
