"""The one version number of both distributions (kennel-server and kennel-client)."""

__version__ = "0.2.0"
