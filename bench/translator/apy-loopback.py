#!/usr/bin/python3
"""Runs Debian's apertium-apy bound to 127.0.0.1 only.

apy.py calls `http_server.bind(args.port)`, which listens on every interface, and has no address
option; here TCPServer.bind is patched to force the loopback address before apy's main() runs.
Usage: /usr/bin/python3 apy-loopback.py -p PORT [apy options] /usr/share/apertium
"""
import sys

import tornado.tcpserver

_bind = tornado.tcpserver.TCPServer.bind


def _bind_loopback(self, port, address=None, *args, **kwargs):
    return _bind(self, port, '127.0.0.1', *args, **kwargs)


tornado.tcpserver.TCPServer.bind = _bind_loopback

# Imported after the patch; apy.parse_args reads sys.argv[1:] as its default at import time.
from apertium_apy import apy  # noqa: E402

if __name__ == '__main__':
    sys.argv[0] = 'apertium-apy'
    sys.exit(apy.main())
