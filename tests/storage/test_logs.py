"""Structured logs: JSON lines that parse, text lines with extras, and the token never shown."""

from __future__ import annotations

import io
import json
import logging

import pytest

from bot.running.logs import configure_logging

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.c2VjcmV0LXRva2VuLXZhbHVlLWZvci10ZXN0cw"


@pytest.fixture
def logs():
    """configure_logging(level, json) writing to a buffer; the root logger restored after."""
    root = logging.getLogger()
    level, installed = root.level, []

    def configure(json: bool, level: str = "INFO") -> io.StringIO:
        stream = io.StringIO()
        installed.append(configure_logging(level, json, secrets=[TOKEN], stream=stream))
        return stream

    yield configure
    for handler in installed:
        root.removeHandler(handler)
    root.setLevel(level)


def lines(stream: io.StringIO) -> list[str]:
    return stream.getvalue().splitlines()


def test_json_lines_parse_with_time_level_logger_message_and_extras(logs):
    out = logs(json=True)
    log = logging.getLogger("pop.test")
    log.info("turn %d resolved", 3, extra={"table_id": 12, "seat": "ana"})
    log.warning("paused")
    log.debug("not shown at INFO")
    first, second = (json.loads(line) for line in lines(out))
    assert first["message"] == "turn 3 resolved"
    assert first["level"] == "INFO"
    assert first["logger"] == "pop.test"
    assert first["table_id"] == 12
    assert first["seat"] == "ana"
    assert first["time"].endswith("+00:00")
    assert second["level"] == "WARNING"
    assert "table_id" not in second
    assert len(lines(out)) == 2


def test_a_traceback_stays_one_json_line(logs):
    out = logs(json=True)
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("pop.test").exception("failed", extra={"table_id": 5})
    [line] = lines(out)
    entry = json.loads(line)
    assert entry["message"] == "failed"
    assert entry["table_id"] == 5
    assert "ValueError: boom" in entry["exception"]


@pytest.mark.parametrize("json_lines", [True, False])
def test_the_token_is_redacted_wherever_it_appears(logs, json_lines):
    out = logs(json=json_lines)
    log = logging.getLogger("discord.http")
    log.info(TOKEN)  # the message itself
    log.info("Authorization: Bot %s", TOKEN)  # an argument
    log.info("login", extra={"header": f"Bot {TOKEN}"})  # an extra field
    try:
        raise RuntimeError(f"bad token {TOKEN}")
    except RuntimeError:
        log.exception("request failed")  # the traceback text
    text = out.getvalue()
    assert TOKEN not in text
    assert text.count("[redacted]") == 4
    assert "Authorization: Bot [redacted]" in text
    if json_lines:
        assert [json.loads(line)["message"] for line in lines(out)][:3] == [
            "[redacted]",
            "Authorization: Bot [redacted]",
            "login",
        ]


@pytest.mark.parametrize("json_lines", [True, False])
def test_interaction_tokens_in_paths_are_redacted(logs, json_lines):
    out = logs(json=json_lines)
    log = logging.getLogger("pop.budget")
    token = "aW50ZXJhY3Rpb246" + "x_Y-z" * 10
    log.info("invalid request: POST /api/v10/webhooks/123/%s answered 429", token)
    log.info("PATCH /api/v10/webhooks/123/%s/messages/@original", token)
    log.info("refused", extra={"path": f"/api/v10/interactions/456/{token}/callback"})
    text = out.getvalue()
    assert token not in text
    assert "/webhooks/123/[redacted] answered 429" in text
    assert "/webhooks/123/[redacted]/messages/@original" in text
    assert "/interactions/456/[redacted]/callback" in text


def test_discord_py_writes_no_raw_payload_at_debug(logs):
    """At DEBUG discord.py writes every gateway event and request body as it is: its loggers
    stay at INFO, while the bot's own write their DEBUG lines."""
    out = logs(json=False, level="DEBUG")
    discord_log = logging.getLogger("discord")
    try:
        logging.getLogger("discord.gateway").debug("WebSocket Event: {'token': 'secret'}")
        logging.getLogger("discord.http").info("logging in")
        logging.getLogger("pop.tables").debug("ours")
        text = out.getvalue()
        assert "WebSocket Event" not in text
        assert "logging in" in text
        assert "ours" in text
    finally:
        discord_log.setLevel(logging.NOTSET)


def test_plain_text_shows_level_logger_message_and_extras(logs):
    out = logs(json=False, level="debug")
    logging.getLogger("pop.service").debug("saved", extra={"table_id": 7})
    [line] = lines(out)
    assert " DEBUG pop.service: saved table_id=7" in line
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_configuring_again_replaces_the_handler(logs):
    first = logs(json=False)
    second = logs(json=True)
    logging.getLogger("pop.test").info("once")
    assert first.getvalue() == ""
    assert json.loads(second.getvalue())["message"] == "once"
    ours = [h for h in logging.getLogger().handlers if getattr(h, "_pop_bot", False)]
    assert len(ours) == 1
