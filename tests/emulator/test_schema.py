"""The OpenAPI checks: the hand-written validator, the documented exceptions, and the emulator
recording a bad body so that the ``emu`` fixture fails the test that sent it."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import assert_no_schema_violations
from tests.discord_emulator import Emulator
from tests.discord_emulator.model import Interaction, new_token
from tests.discord_emulator.schema import (
    ANNOTATIONS,
    ASSERTIONS,
    EXCEPTIONS,
    SPEC_PATH,
    RequestChecker,
    Validator,
    load_spec,
)

from .helpers import raw_send
from .tiny_bot import TinyBot

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"


@pytest.fixture(scope="module")
def checker() -> RequestChecker:
    return RequestChecker()


def paths(violations: list[Any]) -> list[str]:
    return [v.path for v in violations]


# ---------------------------------------------------------------------- the validator


def check(instance: Any, schema: dict[str, Any], **definitions: Any) -> list[str]:
    validator = Validator({"components": {"schemas": definitions}})
    return [f"{e.path}: {e.message}" for e in validator.errors(instance, schema)]


def test_types_and_nullable_types() -> None:
    assert check(None, {"type": ["string", "null"]}) == []
    assert check(3, {"type": ["string", "null"]}) == [": expected string or null, got integer"]
    assert check(True, {"type": "integer"}) == [": expected integer, got boolean"]
    assert check(2.0, {"type": "integer"}) == []
    assert check(2.5, {"type": "number"}) == []


def test_objects_required_closed_and_maps() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string", "maxLength": 2}},
        "required": ["a"],
    }
    assert check({"a": "abc", "b": 1}, schema) == [
        "a: must be at most 2 characters long (is 3)",
        "b: is not a field of this object",
    ]
    assert check({}, schema) == ["a: is required"]
    words = {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 1}
    assert check({"x": 1, "y": "z"}, words) == [
        ": must have at most 1 fields",
        "x: expected string, got integer",
    ]
    assert Validator({}, closed=False).errors({"a": "x", "b": 1}, schema) == []


def test_arrays_numbers_enum_const_pattern() -> None:
    schema = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": 9},
        "minItems": 1,
        "maxItems": 3,
        "uniqueItems": True,
    }
    assert check([1, 1], schema) == [": items must be unique"]
    assert check([], schema) == [": must have at least 1 items"]
    assert check([0, 10, -1, 2], schema) == [
        ": must have at most 3 items (has 4)",
        "1: must be at most 9",
        "2: must be at least 0",
    ]
    assert check(3, {"enum": [1, 2]}) == [": must be one of [1, 2]"]
    assert check(True, {"const": 1}) == [": must be 1"]
    assert check("01", {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}) == [
        ": must match ^(0|[1-9][0-9]*)$"
    ]


def test_unions_and_refs_explain_the_branch_that_was_meant() -> None:
    button = {
        "type": "object",
        "properties": {
            "type": {"type": "integer", "enum": [2]},
            "label": {"type": "string", "maxLength": 3},
        },
    }
    select = {
        "type": "object",
        "properties": {"type": {"type": "integer", "enum": [3]}, "options": {"type": "array"}},
    }
    union = {"oneOf": [{"$ref": "#/components/schemas/B"}, {"$ref": "#/components/schemas/S"}]}
    assert check({"type": 2, "label": "abc"}, union, B=button, S=select) == []
    assert check({"type": 2, "label": "abcd"}, union, B=button, S=select) == [
        "label: must be at most 3 characters long (is 4)"
    ]
    assert check({"type": 2}, {"oneOf": [button, button]}) == [
        ": matches 2 alternatives of a oneOf, not one"
    ]
    assert check({"type": 2}, {"anyOf": [button, button]}) == []
    nullable = {"oneOf": [{"type": "null"}, {"type": "string", "maxLength": 1}]}
    assert check("ab", nullable) == [": must be at most 1 characters long (is 2)"]
    assert check(None, {"allOf": [{"type": ["integer", "null"]}, {"type": "null"}]}) == []


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=8,
    )
)
def test_the_empty_schema_accepts_everything_and_errors_are_paths(value: Any) -> None:
    assert Validator({}).errors(value, {}) == []
    errors = Validator({}).errors(value, {"type": "object", "properties": {}})
    assert (errors == []) == isinstance(value, dict)


def test_every_keyword_of_the_document_is_understood() -> None:
    """A keyword the validator does not know would be silently ignored: refuse that."""
    unknown: set[str] = set()

    def walk(schema: Any) -> None:
        if not isinstance(schema, dict):
            return
        for key, value in schema.items():
            if key not in ASSERTIONS | ANNOTATIONS and not key.startswith("x-"):
                unknown.add(key)
            if key == "properties":
                for sub in value.values():
                    walk(sub)
            elif key in ("items", "additionalProperties"):
                walk(value)
            elif key in ("oneOf", "anyOf", "allOf"):
                for sub in value:
                    walk(sub)

    for schema in load_spec()["components"]["schemas"].values():
        walk(schema)
    for path in load_spec()["paths"].values():
        for operation in path.values():
            if not isinstance(operation, dict):
                continue
            for content in (operation.get("requestBody") or {}).get("content", {}).values():
                walk(content["schema"])
    assert unknown == set()


def test_the_vendored_document_is_discords_and_untouched() -> None:
    document = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    assert document["openapi"] == "3.1.0"
    assert "MessageCreateRequest" in document["components"]["schemas"]
    assert (SPEC_PATH.parent / "LICENSE").read_text().startswith("MIT License")


# ---------------------------------------------------------------------- Discord's routes


def test_real_bodies_of_each_route(checker: RequestChecker) -> None:
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "Join", "custom_id": "pop:1:0:join"}],
    }
    assert (
        checker.check(
            "POST",
            MESSAGES,
            {"content": "hi", "components": [row], "nonce": "123", "enforce_nonce": True},
        )
        == []
    )
    assert checker.check("POST", CALLBACK, {"type": 5, "data": {"flags": 64}}) == []
    assert checker.check("POST", CALLBACK, {"type": 6}) == []
    assert (
        checker.check(
            "POST",
            CALLBACK,
            {
                "type": 9,
                "data": {
                    "custom_id": "m",
                    "title": "T",
                    "components": [
                        {
                            "type": 1,
                            "components": [
                                {"type": 4, "custom_id": "x", "style": 1, "label": "Name"}
                            ],
                        }
                    ],
                },
            },
        )
        == []
    )
    assert checker.check("POST", FOLLOWUP, {"content": "hand", "flags": 64}) == []
    assert (
        checker.check(
            "POST",
            "/channels/{channel_id}/threads",
            {"name": "table", "type": 11, "auto_archive_duration": 1440},
        )
        == []
    )
    assert paths(
        checker.check(
            "POST",
            CALLBACK,
            {
                "type": 4,
                "data": {"content": "x" * 2001, "components": [{"type": 1, "components": []}]},
            },
        )
    ) == ["data.content", "data.components.0.components"]
    assert set(paths(checker.check("POST", CALLBACK, {"type": 42}))) == {"type"}


def test_documented_exceptions(checker: RequestChecker) -> None:
    upload = {"content": "pic", "attachments": [{"id": 0, "filename": "a.png"}]}
    assert checker.check("POST", MESSAGES, upload, uploads=1) == []
    kept = {"attachments": [{"id": "1234", "url": "https://x/a.png", "size": 3}], "tts": False}
    assert checker.check("PATCH", MESSAGES + "/{message_id}", kept) == []
    assert (
        checker.check(
            "PUT",
            "/applications/{application_id}/commands",
            [{"name": "pop", "description": "Pop", "nsfw": False, "type": 1}],
        )
        == []
    )
    assert checker.check("POST", "/users/@me/channels", {"recipient_id": 1234}) == []
    # An exception covers only what it says: a made-up field or a true tts still count.
    assert paths(
        checker.check("PATCH", MESSAGES + "/{message_id}", {"tts": True, "contnet": "x"})
    ) == ["tts", "contnet"]
    assert all(x.reason for x in EXCEPTIONS)


async def test_a_bad_body_is_recorded_and_fails_the_test(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    await raw_send(
        runner.client,
        world.games.id,
        {
            "content": "x",
            "components": [
                {
                    "type": 1,
                    "components": [{"type": 2, "style": 1, "label": "L" * 81, "custom_id": "ok"}],
                }
            ],
        },
    )
    assert len(world.ana.visible_messages()) == 1  # recorded, not refused
    with pytest.raises(AssertionError) as failed:
        assert_no_schema_violations(emu)
    assert (
        "POST /channels/{channel_id}/messages: components.0.components.0.label must be at "
        "most 80 characters long (is 81)"
    ) in str(failed.value)
    assert emu.schema_violations == []  # taken by the check


async def test_multipart_payload_json_is_checked_too(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    await raw_send(
        runner.client,
        world.games.id,
        {
            "content": "pic",
            "attachments": [{"id": 0, "filename": "a.png"}],
            "embed": {"title": "singular is not a field"},
        },
        [("a.png", b"png")],
    )
    assert [str(v) for v in emu.take_schema_violations()] == [
        "POST /channels/{channel_id}/messages: embed is not a field of this object "
        "(sent {'title': 'singular is not a field'})"
    ]
    assert world.ana.visible_messages()[0].attachments[0].filename == "a.png"


async def test_a_misspelt_callback_field_is_caught(emu: Emulator, world):
    interaction = Interaction(
        emu.snowflakes.next(),
        new_token(),
        2,
        world.ana.user,
        world.games,
        {"name": "x"},
        created_at=emu.clock.now(),
    )
    emu.interactions[interaction.id] = interaction
    url = f"{emu.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            url, json={"type": 4, "data": {"content": "secret", "ephemeral": True}}
        ) as response,
    ):
        assert response.status == 204  # Discord would post it publicly, ignoring the field
    [violation] = emu.take_schema_violations()
    assert (violation.route, violation.path) == (
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        "data.ephemeral",
    )


def test_update_callbacks_followup_edits_and_threads(checker: RequestChecker) -> None:
    update = {"type": 7, "data": {"content": "x", "components": [], "tts": False}}
    assert checker.check("POST", CALLBACK, update) == []
    assert paths(checker.check("POST", CALLBACK, {"type": 7, "data": {"poll": None}})) == [
        "data.poll"
    ]  # an update cannot carry a poll
    edit = FOLLOWUP + "/messages/{message_id}"
    assert checker.check("PATCH", edit, {"content": "hand", "attachments": []}) == []
    assert paths(checker.check("PATCH", edit, {"flags": "64"})) == ["flags"]
    from_message = MESSAGES + "/{message_id}/threads"
    assert paths(checker.check("POST", from_message, {"name": ""})) == ["name"]
    assert paths(checker.check("POST", "/channels/{channel_id}/threads", {"type": 11})) == ["name"]


async def test_checks_can_be_turned_off(world) -> None:
    async with Emulator(check_schema=False) as quiet:
        assert quiet.schema is None


def test_a_body_checked_before_is_answered_as_it_was_and_any_change_is_checked_anew() -> None:
    """Checks are remembered per body (a bot sends the same ones again and again): a bad body
    sent twice is caught twice, and a body that differs from a good one checked before by one
    bad detail (a type, a field) is caught."""
    first, second = RequestChecker(), RequestChecker()  # they share what they checked
    good = {"content": "hand", "flags": 64, "attachments": [{"id": 1, "filename": "b.png"}]}
    bad = {**good, "contnet": "x"}
    assert first.check("POST", FOLLOWUP, good, uploads=2) == []
    assert paths(first.check("POST", FOLLOWUP, bad, uploads=2)) == ["contnet"]
    assert paths(second.check("POST", FOLLOWUP, bad, uploads=2)) == ["contnet"]
    assert second.check("POST", FOLLOWUP, good, uploads=2) == []
    assert paths(second.check("POST", FOLLOWUP, {**good, "flags": True}, uploads=2)) == ["flags"]
    assert paths(second.check("POST", FOLLOWUP, {**good, "flags": 64.5}, uploads=2)) == ["flags"]
    assert paths(second.check("POST", MESSAGES, {**good, "tts": "yes"}, uploads=2)) == ["tts"]
    # A checker of another document (or other exceptions) keeps its own.
    edit = {"content": "hand", "tts": False}  # discord.py's edits: a documented exception
    assert second.check("PATCH", MESSAGES + "/{message_id}", edit) == []
    strict = RequestChecker(exceptions=())
    assert paths(strict.check("PATCH", MESSAGES + "/{message_id}", edit)) == ["tts"]
