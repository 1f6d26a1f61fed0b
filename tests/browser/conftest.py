"""What the browser tests share: a server with its web port (testkit.webserve)."""

from testkit.webserve import served  # noqa: F401  (a fixture: registered by being imported here)
