"""Tooling over exported game logs: export, verify, show (`kennel replay ...`)."""
