"""Raw requests through the bot's own discord.py HTTP client, for payloads discord.py itself
would refuse to build (so that the emulator's server-side checks can be exercised), and what a
refusal said."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord.http import Route


async def raw_send(
    client: discord.Client,
    channel_id: int,
    payload: dict[str, Any],
    files: list[tuple[str, bytes]] = (),
) -> Any:  # type: ignore[assignment]
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    if not files:
        return await client.http.request(route, json=payload)
    form: list[dict[str, Any]] = [{"name": "payload_json", "value": json.dumps(payload)}]
    for index, (filename, data) in enumerate(files):
        form.append(
            {
                "name": f"files[{index}]",
                "value": data,
                "filename": filename,
                "content_type": "application/octet-stream",
            }
        )
    return await client.http.request(route, form=form)


def buttons(count: int, prefix: str = "b") -> list[dict[str, Any]]:
    return [
        {"type": 2, "style": 1, "label": f"{prefix}{i}", "custom_id": f"{prefix}{i}"}
        for i in range(count)
    ]


def rows(*widths: int) -> list[dict[str, Any]]:
    return [{"type": 1, "components": buttons(w, prefix=f"r{r}-")} for r, w in enumerate(widths)]


async def raw_request(
    client: discord.Client,
    method: str,
    path: str,
    payload: dict[str, Any],
    files: list[tuple[str, bytes]] = (),  # type: ignore[assignment]
    **params: Any,
) -> Any:
    """Any route, as ``raw_send`` does Create Message: ``raw_request(client, "PATCH",
    "/channels/{channel_id}/messages/{message_id}", body, channel_id=…, message_id=…)``."""
    route = Route(method, path, **params)
    if not files:
        return await client.http.request(route, json=payload)
    form: list[dict[str, Any]] = [{"name": "payload_json", "value": json.dumps(payload)}]
    for index, (filename, data) in enumerate(files):
        form.append({"name": f"files[{index}]", "value": data, "filename": filename})
    return await client.http.request(route, form=form)


def form_error(error: discord.HTTPException) -> tuple[int, int, str, str]:
    """(status, code, path, error code) of a refusal: ``(400, 50035, "content",
    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2")``; the path and error code of the first
    field Discord's ``errors`` tree names ("" for both if it names none)."""
    path, node = [], getattr(error, "_errors", None) or {}
    while isinstance(node, dict) and "_errors" not in node and node:
        key, node = next(iter(node.items()))
        path.append(key)
    code = node["_errors"][0]["code"] if isinstance(node, dict) and "_errors" in node else ""
    return error.status, error.code, ".".join(path), code
