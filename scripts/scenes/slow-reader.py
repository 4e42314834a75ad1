#!/usr/bin/python3
"""A slow reader for the inspector's screenshots: python3-h2 downloads PATH from an h2c server with the default
65,535-octet windows and gives credit back at RATE octets a second, so the server's windows reach zero and it stalls.
Usage: slow-reader.py PORT PATH [RATE]"""
import socket
import sys
import time

import h2.config
import h2.connection
import h2.events

port = int(sys.argv[1])
path = sys.argv[2]
rate = int(sys.argv[3]) if len(sys.argv) > 3 else 20_000_000
sock = socket.create_connection(("127.0.0.1", port))
conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
conn.initiate_connection()
stream = conn.get_next_available_stream_id()
conn.send_headers(stream, [(":method", "GET"), (":scheme", "http"), (":authority", "127.0.0.1:%d" % port),
                           (":path", path)], end_stream=True)
sock.sendall(conn.data_to_send())
started = time.monotonic()
received = 0
done = False
while not done:
    data = sock.recv(65536)
    if not data:
        break
    for event in conn.receive_data(data):
        if isinstance(event, h2.events.DataReceived):
            received += len(event.data)
            ahead = received / rate - (time.monotonic() - started)
            if ahead > 0:
                time.sleep(ahead)  # the reader is slow: no credit back until it has "used" the data
            conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        elif isinstance(event, (h2.events.StreamEnded, h2.events.StreamReset, h2.events.ConnectionTerminated)):
            done = True
    sock.sendall(conn.data_to_send())
print("slow-reader: %d octets in %.1f s" % (received, time.monotonic() - started))
sock.close()
