"""Coloretto: the rules of docs/rules/coloretto.md (rows, chameleons, jokers, cotton)."""
