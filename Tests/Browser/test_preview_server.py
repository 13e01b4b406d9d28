"""`citygen serve` over kept-alive connections, as a browser uses it."""
import ctypes
import http.client
import os
import socket
import time
from pathlib import Path
from urllib.parse import urlparse

SYS_PIDFD_GETFD = 438  # Linux, x86-64 and arm64 alike


def server_socket_for(pid, client_port):
    """The preview server's own socket of the connection from client_port, duplicated into this process
    (pidfd_getfd: the server is this process's child)."""
    hex_port = f"{client_port:04X}"
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[2].endswith(":" + hex_port):  # the remote end of the server's socket is our client
            inode = fields[9]
    assert inode, f"no server socket connected to port {client_port}"
    for fd in os.listdir(f"/proc/{pid}/fd"):
        if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
            pidfd = os.pidfd_open(pid)
            try:
                libc = ctypes.CDLL(None, use_errno=True)
                copy = libc.syscall(SYS_PIDFD_GETFD, pidfd, int(fd), 0)
                assert copy >= 0, os.strerror(ctypes.get_errno())
                return socket.socket(fileno=copy)
            finally:
                os.close(pidfd)
    raise AssertionError(f"socket:[{inode}] is not the server's")


def test_kept_alive_connections_send_without_nagle_delay(challenge_site):
    """FlyingFox writes a response's header and body apart; with Nagle's algorithm on, a kept-alive connection held
    each body back until the browser's delayed acknowledgement, 40 ms later (every search shard after the first).
    The server must turn it off (TCP_NODELAY) on its connections: checked on its own socket, not by timing."""
    address = urlparse(challenge_site.http)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    timings = []
    for path in ["/index.html", "/search/manifest.json", "/assets/search.js", "/assets/style.css", "/index.html"]:
        started = time.monotonic()
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        timings.append((time.monotonic() - started) * 1000)
        assert response.status == 200 and body, path
    client_port = connection.sock.getsockname()[1]
    server_side = server_socket_for(challenge_site.server.pid, client_port)
    try:
        assert server_side.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0, "Nagle's algorithm is on"
    finally:
        server_side.close()
    connection.close()
    print(f"\nfive requests on one kept-alive connection: {', '.join(f'{t:.1f}' for t in timings)} ms")
