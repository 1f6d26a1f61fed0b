"""Pure game rules: one package per game behind the `kennel.domain.core.rules.Game` interface."""
