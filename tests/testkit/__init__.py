"""Test helpers shared by several test folders (on the path through pytest's `pythonpath`)."""
