"""Coloretto: the rules of /work/shared/rules/coloretto.md (rows, chameleons, jokers, cotton)."""
