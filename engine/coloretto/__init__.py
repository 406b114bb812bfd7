"""Coloretto: the rules of ../shared/rules/coloretto.md (rows, chameleons, jokers, cotton)."""
