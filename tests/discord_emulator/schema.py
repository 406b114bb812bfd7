"""Check request bodies against Discord's own OpenAPI description (``openapi/openapi.json``).

A compact validator for the JSON-schema subset that document uses (``jsonschema`` is not
installed): ``type`` (also lists, for nullable types), ``$ref``, ``const``, ``enum``,
``properties``, ``required``, ``additionalProperties``, ``items``, ``minItems``/``maxItems``,
``uniqueItems``, ``minLength``/``maxLength``, ``minimum``/``maximum``, ``pattern``,
``minProperties``/``maxProperties``, ``oneOf``/``anyOf``/``allOf``. Annotations (``format``,
``contentEncoding``, ``title``, ``description``, ``x-*``) are not assertions and are ignored.

Snowflakes may be JSON integers (Discord reads both; discord.py sends ``recipient_id`` as one).
One deliberate strictness beyond the document: an object schema that lists ``properties`` and
says nothing about ``additionalProperties`` is treated as closed (``closed=True``). Discord
silently drops fields it does not know, so a misspelt field is a bug nobody would ever see.

Where the document is stricter than Discord's documentation, :data:`EXCEPTIONS` says so, with
the reason; ``openapi/README.md`` lists the same.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SPEC_PATH = Path(__file__).parent / "openapi" / "openapi.json"

#: Keywords that assert something; the validator implements each of them.
ASSERTIONS = frozenset(
    {
        "type",
        "$ref",
        "const",
        "enum",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "pattern",
        "minProperties",
        "maxProperties",
        "oneOf",
        "anyOf",
        "allOf",
    }
)
#: Keywords that only annotate (JSON Schema 2020-12: ``format`` asserts nothing by default).
ANNOTATIONS = frozenset(
    {
        "format",
        "contentEncoding",
        "title",
        "description",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "examples",
    }
)


@dataclass(frozen=True)
class SchemaError:
    """One failed assertion: where in the body (Discord's dotted path) and what is wrong."""

    path: str
    message: str
    value: Any = None


def _type_ok(value: Any, name: str) -> bool:
    if name == "null":
        return value is None
    if name == "boolean":
        return isinstance(value, bool)
    if name == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer()
        )
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "string":
        return isinstance(value, str)
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    raise ValueError(f"unknown JSON type {name!r}")


def _json_type(value: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _type_ok(value, name):
            return name
    return type(value).__name__


def _join(path: str, key: str | int) -> str:
    return f"{path}.{key}" if path else str(key)


class Validator:
    """Validate instances against schemas of one OpenAPI document (``$ref``s resolve in it)."""

    def __init__(self, document: dict[str, Any], *, closed: bool = True) -> None:
        self.document = document
        self.closed = closed
        #: Errors this returns True for are not errors (documented exceptions). Applied inside
        #: unions too, so an exempt detail cannot make a whole oneOf fail.
        self.ignore: Callable[[SchemaError], bool] = lambda error: False
        self._resolved: dict[str, dict[str, Any]] = {}
        #: id of a union's branch list -> its constants, if every branch is just a ``const``.
        self._const_unions: dict[int, list[Any] | None] = {}

    def resolve(self, ref: str) -> dict[str, Any]:
        if ref not in self._resolved:
            self._resolved[ref] = self._lookup(ref)
        return self._resolved[ref]

    def _lookup(self, ref: str) -> dict[str, Any]:
        if not ref.startswith("#/"):
            raise ValueError(f"only local $refs are supported, not {ref!r}")
        node: Any = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def errors(self, instance: Any, schema: dict[str, Any], path: str = "") -> list[SchemaError]:
        return [e for e in self._errors(instance, schema, path) if not self.ignore(e)]

    def is_valid(self, instance: Any, schema: dict[str, Any]) -> bool:
        return not self.errors(instance, schema)

    # ------------------------------------------------------------------ the keywords

    def _errors(self, value: Any, schema: dict[str, Any], path: str) -> Iterator[SchemaError]:
        value = _as_snowflake(value, schema)
        if "$ref" in schema:
            yield from self._errors(value, self.resolve(schema["$ref"]), path)
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(_type_ok(value, n) for n in names):
                yield SchemaError(
                    path, f"expected {' or '.join(names)}, got {_json_type(value)}", value
                )
                return  # the other keywords would only repeat the point
        if "const" in schema and not _same(value, schema["const"]):
            yield SchemaError(path, f"must be {schema['const']!r}", value)
        if "enum" in schema and not any(_same(value, e) for e in schema["enum"]):
            yield SchemaError(path, f"must be one of {schema['enum']!r}", value)
        if isinstance(value, str):
            yield from self._string(value, schema, path)
        elif _type_ok(value, "number"):
            if "minimum" in schema and value < schema["minimum"]:
                yield SchemaError(path, f"must be at least {schema['minimum']}", value)
            if "maximum" in schema and value > schema["maximum"]:
                yield SchemaError(path, f"must be at most {schema['maximum']}", value)
        elif isinstance(value, list):
            yield from self._array(value, schema, path)
        elif isinstance(value, dict):
            yield from self._object(value, schema, path)
        for sub in schema.get("allOf", ()):
            yield from self._errors(value, sub, path)
        if "anyOf" in schema:
            yield from self._union(value, schema["anyOf"], path, exactly_one=False)
        if "oneOf" in schema:
            yield from self._union(value, schema["oneOf"], path, exactly_one=True)

    def _string(self, value: str, schema: dict[str, Any], path: str) -> Iterator[SchemaError]:
        if "minLength" in schema and len(value) < schema["minLength"]:
            yield SchemaError(
                path, f"must be at least {schema['minLength']} characters long", value
            )
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            yield SchemaError(
                path,
                f"must be at most {schema['maxLength']} characters long (is {len(value)})",
                _short(value),
            )
        if "pattern" in schema and not re.search(schema["pattern"], value):
            yield SchemaError(path, f"must match {schema['pattern']}", value)

    def _array(self, value: list[Any], schema: dict[str, Any], path: str) -> Iterator[SchemaError]:
        if "minItems" in schema and len(value) < schema["minItems"]:
            yield SchemaError(path, f"must have at least {schema['minItems']} items", len(value))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            yield SchemaError(
                path, f"must have at most {schema['maxItems']} items (has {len(value)})", len(value)
            )
        if schema.get("uniqueItems"):
            seen: list[Any] = []
            for item in value:
                if any(_same(item, s) for s in seen):
                    yield SchemaError(path, "items must be unique", item)
                    break
                seen.append(item)
        if "items" in schema:
            for i, item in enumerate(value):
                yield from self._errors(item, schema["items"], _join(path, i))

    def _object(
        self, value: dict[str, Any], schema: dict[str, Any], path: str
    ) -> Iterator[SchemaError]:
        properties = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in value:
                yield SchemaError(_join(path, name), "is required")
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            yield SchemaError(path, f"must have at least {schema['minProperties']} fields")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            yield SchemaError(path, f"must have at most {schema['maxProperties']} fields")
        extra = schema.get("additionalProperties")
        known = set(properties) | self._sibling_properties(schema)
        for name, item in value.items():
            if name in properties:
                yield from self._errors(item, properties[name], _join(path, name))
            elif isinstance(extra, dict):
                yield from self._errors(item, extra, _join(path, name))
            elif extra is False or (
                extra is None and self.closed and properties and name not in known
            ):
                yield SchemaError(_join(path, name), "is not a field of this object", item)

    def _sibling_properties(self, schema: dict[str, Any]) -> set[str]:
        """Fields declared by ``allOf`` branches: a closed object admits those too."""
        names: set[str] = set()
        for sub in schema.get("allOf", ()):
            sub = self.resolve(sub["$ref"]) if "$ref" in sub else sub
            names |= set(sub.get("properties", {}))
        return names

    def _union(
        self, value: Any, branches: list[dict[str, Any]], path: str, *, exactly_one: bool
    ) -> Iterator[SchemaError]:
        consts = self._constants(branches)
        if consts is not None:  # an enum spelt as a oneOf of titled constants
            if not any(_same(value, c) for c in consts):
                yield SchemaError(path, f"must be one of {consts!r}", _short(value))
            return
        # Only branches that admit the value's JSON type, and (for objects with a ``type``
        # field: components, callbacks, options) whose own ``type`` marker names it, can pass.
        typed = isinstance(value, dict) and "type" in value
        candidates = [
            i
            for i, b in enumerate(branches)
            if self._admits_type(value, b)
            and (not typed or not self._has_marker(b) or self._discriminates(value, b))
        ]
        passing = 0
        for i in candidates:
            if self._passes(value, branches[i], path):
                passing += 1
                if not exactly_one:
                    return
        if passing > 1:
            yield SchemaError(path, f"matches {passing} alternatives of a oneOf, not one", value)
        if passing:
            return
        # No branch fits: explain with the branch the value was evidently meant for.
        if not candidates:
            consts = [self._branch(b)["const"] for b in branches if "const" in self._branch(b)]
            names = sorted({n for b in branches for n in self._type_names(b)})
            markers = [m for b in branches if self._admits_type(value, b) for m in self._markers(b)]
            if markers and isinstance(value, dict):
                yield SchemaError(
                    _join(path, "type"), f"must be one of {sorted(set(markers))}", value.get("type")
                )
            elif consts:
                yield SchemaError(path, f"must be one of {consts!r}", _short(value))
            else:
                yield SchemaError(
                    path, f"expected {' or '.join(names)}, got {_json_type(value)}", _short(value)
                )
            return
        results = {i: self.errors(value, branches[i], path) for i in candidates}
        if len(candidates) == 1:
            yield from results[candidates[0]]
            return
        best = min(candidates, key=lambda i: len(results[i]))
        for error in results[best]:
            yield SchemaError(
                error.path,
                f"{error.message} (in the nearest of {len(branches)} alternatives)",
                error.value,
            )

    def _constants(self, branches: list[dict[str, Any]]) -> list[Any] | None:
        key = id(branches)
        if key not in self._const_unions:
            resolved = [self._branch(b) for b in branches]
            only_const = all(
                "const" in b and not set(b) & (ASSERTIONS - {"const"}) for b in resolved
            )
            self._const_unions[key] = [b["const"] for b in resolved] if only_const else None
        return self._const_unions[key]

    def _passes(self, value: Any, schema: dict[str, Any], path: str) -> bool:
        """True if no (non-exempt) error: stops at the first one."""
        return not any(not self.ignore(e) for e in self._errors(value, schema, path))

    def _branch(self, branch: dict[str, Any]) -> dict[str, Any]:
        return self.resolve(branch["$ref"]) if "$ref" in branch else branch

    def _has_marker(self, branch: dict[str, Any]) -> bool:
        marker = self._branch(branch).get("properties", {}).get("type")
        return bool(marker) and ("enum" in marker or "const" in marker)

    def _markers(self, branch: dict[str, Any]) -> list[Any]:
        marker = self._branch(branch).get("properties", {}).get("type") or {}
        return list(marker.get("enum", [])) + ([marker["const"]] if "const" in marker else [])

    def _type_names(self, branch: dict[str, Any]) -> list[str]:
        names = self._branch(branch).get("type", [])
        return names if isinstance(names, list) else [names]

    def _discriminates(self, value: Any, branch: dict[str, Any]) -> bool:
        """True if the branch's ``type`` field (components, callbacks, options) names this value."""
        if not isinstance(value, dict) or "type" not in value:
            return False
        marker = self._branch(branch).get("properties", {}).get("type")
        if not marker:
            return False
        if "enum" in marker:
            return any(_same(value["type"], e) for e in marker["enum"])
        return "const" in marker and _same(value["type"], marker["const"])

    def _admits_type(self, value: Any, branch: dict[str, Any]) -> bool:
        branch = self._branch(branch)
        value = _as_snowflake(value, branch)
        if "const" in branch and not _same(value, branch["const"]):
            return False  # enum-like unions: one ``const`` per branch
        if "type" not in branch:
            return True
        names = branch["type"] if isinstance(branch["type"], list) else [branch["type"]]
        return any(_type_ok(value, n) for n in names)


def _as_snowflake(value: Any, schema: dict[str, Any]) -> Any:
    """Discord reads a snowflake sent as a JSON integer too: check it as its string."""
    if (
        schema.get("format") == "snowflake"
        and isinstance(value, int)
        and not isinstance(value, bool)
    ):
        return str(value)
    return value


def _same(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but True is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return bool(a == b)


def _short(value: Any, limit: int = 80) -> Any:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= limit else text[:limit] + "…"


# ---------------------------------------------------------------------- Discord's routes


@dataclass(frozen=True)
class Violation:
    """A request body the bot sent that Discord's OpenAPI description does not allow."""

    route: str  # "POST /channels/{channel_id}/messages"
    path: str  # Discord's dotted JSON path in the body ("components.0.components.2.label")
    message: str
    value: Any = None

    def __str__(self) -> str:
        shown = "" if self.value is None else f" (sent {self.value!r})"
        return f"{self.route}: {self.path or '(body)'} {self.message}{shown}"


@dataclass(frozen=True)
class Exemption:
    """A place where Discord's documentation (and Discord) allows what the OpenAPI file does not.

    ``applies(value, uploads)`` decides per violation: ``uploads`` is the number of ``files[n]``
    parts that came with the body.
    """

    route: str  # a regular expression matched against "METHOD /path"
    path: str  # a regular expression matched against the dotted JSON path
    reason: str
    applies: Callable[[Any, int], bool] = lambda value, uploads: True
    message: str = ".*"  # a regular expression matched against the violation's message

    def covers(self, violation: Violation, uploads: int) -> bool:
        return bool(
            _compiled(self.path).fullmatch(violation.path)
            and _compiled(self.route).fullmatch(violation.route)
            and _compiled(self.message).match(violation.message)
            and self.applies(violation.value, uploads)
        )


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _is_upload_index(value: Any, uploads: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < max(uploads, 1)


MESSAGE_BODY = r"(POST|PATCH) /(channels|webhooks|interactions)/.*"
COMMANDS = r"PUT /applications/\{application_id\}(/guilds/\{guild_id\})?/commands"

EXCEPTIONS: tuple[Exemption, ...] = (
    Exemption(
        MESSAGE_BODY,
        r"(data\.)?attachments\.\d+\.id",
        "a new upload's attachment id is its upload index (an integer: 0, 1, ...), as "
        "the documentation's own example shows; the file wants a snowflake string",
        _is_upload_index,
    ),
    Exemption(
        COMMANDS,
        r"\d+\.nsfw",
        "a command's `nsfw` flag is documented (and sent by discord.py) but missing from "
        "ApplicationCommandUpdateRequest",
    ),
    Exemption(
        MESSAGE_BODY,
        r"(data\.)?tts",
        "discord.py 2.7.1 sends `tts: false` with every edit and every update callback "
        "(type 7); Discord ignores the field there (the edit schemas do not list it)",
        lambda value, uploads: value is False,
        message="is not a field",
    ),
    Exemption(
        MESSAGE_BODY,
        r"(data\.)?attachments\.\d+\.[a-z_]+",
        "discord.py 2.7.1 sends a kept attachment back as the whole object Discord gave it "
        "(url, proxy_url, size, content_type, spoiler...); Discord reads only the id and "
        "ignores the rest (MessageAttachmentRequest lists only what a new upload may set)",
        message="is not a field",
    ),
)


#: How many bodies a checker remembers the check of (then it starts again).
CHECKED_BODIES = 4096
_CHECKED: dict[tuple[str, int, str], tuple[Violation, ...]] = {}


@functools.cache
def load_spec() -> dict[str, Any]:
    """The vendored OpenAPI document (parsed once per process)."""
    with SPEC_PATH.open(encoding="utf-8") as file:
        return json.load(file)


class RequestChecker:
    """Checks a route's JSON body (or multipart ``payload_json``) against the document."""

    def __init__(
        self,
        document: dict[str, Any] | None = None,
        *,
        closed: bool = True,
        exceptions: tuple[Exemption, ...] = EXCEPTIONS,
    ) -> None:
        standard = document is None and closed and exceptions is EXCEPTIONS
        self.document = document if document is not None else load_spec()
        self.validator = Validator(self.document, closed=closed)
        self.exceptions = exceptions
        #: What each body already checked broke: a bot sends the same bodies again and again
        #: (a hand redrawn, a deferral, the command sync at every start), and a body's
        #: violations depend on nothing else than the route, the body and its upload count.
        #: Checkers of Discord's own document share it (one emulator per test, many tests).
        self._checked = _CHECKED if standard else {}

    def request_schema(self, method: str, openapi_path: str) -> dict[str, Any]:
        operation = self.document["paths"][openapi_path][method.lower()]
        return operation["requestBody"]["content"]["application/json"]["schema"]

    def check(
        self, method: str, openapi_path: str, body: Any, *, uploads: int = 0
    ) -> list[Violation]:
        """Every violation of the route's request schema, less the documented exceptions."""
        route = f"{method.upper()} {openapi_path}"
        # The body as JSON text, so equal text means an equal check (1, 1.0 and true differ).
        key = (route, uploads, json.dumps(body, sort_keys=True, default=repr))
        if key not in self._checked:
            if len(self._checked) >= CHECKED_BODIES:
                self._checked.clear()
            self._checked[key] = tuple(self._check(route, method, openapi_path, body, uploads))
        return list(self._checked[key])

    def _check(
        self, route: str, method: str, openapi_path: str, body: Any, uploads: int
    ) -> list[Violation]:
        schema = self.request_schema(method, openapi_path)

        def exempt(error: SchemaError) -> bool:
            violation = Violation(route, error.path, error.message, error.value)
            return any(x.covers(violation, uploads) for x in self.exceptions)

        self.validator.ignore = exempt
        try:
            errors = self.validator.errors(body, schema)
        finally:
            self.validator.ignore = lambda error: False
        return [Violation(route, e.path, e.message, e.value) for e in errors]
