"""Ratings per game, server and way of winning: the rules (`rules`, openskill), their rows in the database (`rows`), their words (`texts`)."""
