"""Kennel's Python SDK: the generated stubs (`kennel.v1`) and a small client (`kennel.client`)."""
