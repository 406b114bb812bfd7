"""Raw requests through the bot's own discord.py HTTP client, for payloads discord.py itself
would refuse to build (so that the emulator's server-side checks can be exercised)."""

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
