"""Colourist: the colour-word party game of docs/rules/colourist.md.

`game` holds the rules, `words` the word list (`colourist-words/1`), `record` the
`colourist-record/1` export and replay, `view` what a seat may see, `ai` the AI seats and
`adapter` the game protocol face (`COLOURIST`).
"""
