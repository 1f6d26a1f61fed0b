"""Kennel: one import root for everything we ship.

The client SDK (the `kennel-client` distribution) is this package: the generated stubs
(`kennel.v1`), the wire helpers (`kennel.wire`) and a small client (`kennel.client`). The server
(`kennel-server`) adds `kennel.domain`, `kennel.replay` and `kennel.service` beside them.
"""

from kennel._version import __version__

__all__ = ["__version__"]
