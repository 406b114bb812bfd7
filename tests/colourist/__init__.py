"""Tests of Colourist (docs/rules/colourist.md): rules, word list, record, properties."""
