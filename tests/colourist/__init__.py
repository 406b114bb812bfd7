"""Tests of Colourist (../shared/rules/colourist.md): rules, word list, record, properties."""
