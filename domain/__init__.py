"""Pure game rules: one package per game behind the `domain.core.rules.Game` interface."""
