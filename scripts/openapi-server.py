#!/usr/bin/env python3
"""A loopback HTTP server that checks requests against an OpenAPI document and answers them.

    openapi-server.py DOCUMENT [--port N] [--exit-with-stdin] [--check-document]

DOCUMENT is an OpenAPI 3.0, 3.1 (or 3.2) or Swagger 2.0 document, JSON or YAML, in one file or several
(its `$ref`s to other local files are brought into it before the validators read it). The server listens on
127.0.0.1 (port N; 0, the default, takes any free port) and prints one line, `listening on PORT with
COUNT operations`, to standard output once it is ready. Every request, of any method to any path:

  * is matched to an operation of the document: its path must be one of the document's paths under a
    base path of the document's servers (the path part of each `servers[].url`, variables at their
    defaults; Swagger 2.0: `basePath`). None: 404, `X-OpenAPI-Validation: no-operation`.
  * is validated whole (path, query, header and cookie parameters, the body with its content type, the
    presence of what the security requirements ask for) by an established validator: openapi-core
    for OpenAPI 3.x, bravado-core for Swagger 2.0. Invalid: 400, `X-OpenAPI-Validation: failed`.
  * when valid, is answered with the operation's success response (the lowest documented 2xx; 200 for
    `default`; else the lowest documented 3xx), its body the documented example when that example is
    valid, else a value made from the schema, `X-OpenAPI-Validation: passed`. The answer is validated as
    well; an invalid one is logged.

Every answer carries `X-OpenAPI-Operation` (the operationId, else `METHOD /path`) once an operation is
found; the error answers have the JSON body
`{"errors": [...], "operation": ..., "method": ..., "url": ...}`. One line per request goes to
standard error.

--exit-with-stdin makes the server exit when its standard input closes, so that a server started by
a test process ends with that process however it ends. --check-document also validates the document
itself at startup (openapi-spec-validator; slow on big documents) and logs what it finds.

Only the standard library and the packages scripts/openapi-tools.sh installs are used.
"""

import argparse
import base64
import copy
import http.server
import json
import logging
import math
import os
import re
import stat
import sys
import threading
import time
import traceback
import urllib.parse
import warnings
from collections.abc import Mapping
from functools import partial
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

# jsonschema checks the `iri` formats with rfc3987-syntax when that is installed (bravado-core asks
# for it), and importing it compiles a grammar for 2.5 s. OpenAPI defines no `iri` formats; without
# the module jsonschema leaves them unchecked, as the JSON Schema specification allows.
sys.modules.setdefault("rfc3987_syntax", None)

import yaml  # noqa: E402  (after the import block above)

STARTED = time.monotonic()

# The HTTP methods an OpenAPI path item can document by name (`query`, HTTP's QUERY, from 3.2 on).
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace", "query")


def item_operations(item: dict) -> List[Tuple[str, List[str], Any]]:
    """A path item's operations, each as (its method lowercased, as a request is matched; the keys that
    lead to it in the item; the operation as written): the named methods, then the other methods of
    OpenAPI 3.2's `additionalOperations` (`PURGE`)."""
    found: List[Tuple[str, List[str], Any]] = [(method, [method], item.get(method)) for method in METHODS]
    additional = item.get("additionalOperations")
    if isinstance(additional, dict):
        found += [(str(name).lower(), ["additionalOperations", str(name)], op) for name, op in additional.items()]
    return found

# Statuses whose answers have no body (RFC 9110).
BODYLESS_STATUSES = {204, 205, 304}


def log(message: str) -> None:
    """Writes one line to standard error, at once."""
    sys.stderr.write(f"openapi-server: {message}\n")
    sys.stderr.flush()


def shorten(text: str, limit: int = 300) -> str:
    """`text` on one line, cut to `limit` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------------------------------
# Reading the document



# Headers that say how the message itself is framed and encoded: never echoed from a document.
FRAMING_HEADERS = {"content-type", "content-length", "transfer-encoding", "content-encoding", "connection"}

class _DocumentLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """PyYAML's safe loader (libyaml's parser when there) reading scalars as YAML 1.2's core schema
    does, as OpenAPI documents mean them: `yes`, `on`, `2024-01-01` and `12:30` stay strings; only
    true/false are booleans, and integers are decimal, 0o octal or 0x hexadecimal."""


def _core_schema_resolvers() -> Dict[Any, list]:
    """The implicit resolvers of `_DocumentLoader`: PyYAML's for null and merge keys, YAML 1.2's
    core schema for booleans, integers and floats, none for timestamps."""
    kept = ("tag:yaml.org,2002:null", "tag:yaml.org,2002:merge")
    resolvers: Dict[Any, list] = {}
    for first, entries in yaml.SafeLoader.yaml_implicit_resolvers.items():
        resolvers[first] = [(tag, regexp) for tag, regexp in entries if tag in kept]
    core = [
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
        (
            "tag:yaml.org,2002:float",
            r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
            r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            "-+.0123456789",
        ),
    ]
    for tag, pattern, firsts in core:
        regexp = re.compile(pattern)
        for first in firsts:
            resolvers.setdefault(first, []).append((tag, regexp))
    return resolvers


def _construct_core_int(loader: yaml.SafeLoader, node: yaml.Node) -> int:
    """An integer as YAML 1.2 reads it: a leading 0 is not octal."""
    text = loader.construct_scalar(node).replace("_", "")
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


_DocumentLoader.yaml_implicit_resolvers = _core_schema_resolvers()
_DocumentLoader.add_constructor("tag:yaml.org,2002:int", _construct_core_int)


def _json_keys(value: Any) -> Any:
    """`value` with every mapping key a string, as in JSON (YAML reads `200:` as a number)."""
    if isinstance(value, dict):
        return {
            (k if isinstance(k, str) else json.dumps(k) if isinstance(k, bool) or k is None else str(k)): _json_keys(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_json_keys(item) for item in value]
    return value


def load_document(path: str) -> dict:
    """The document at `path`, JSON or YAML, as plain dicts, lists and scalars, with what its `$ref`s
    name in other files brought in (see `bundle_references`), and without those that name nothing (see
    `without_dangling_references`)."""
    return without_dangling_references(bundle_references(read_document_file(path), path))


def without_dangling_references(document: dict) -> dict:
    """`document` without the local `$ref`s that point to nothing (Miro's responses name
    `#/components/responses/409`, which the document does not have), each logged: a response or a
    parameter written so is left out, as the generated code leaves it out, and a schema is any value."""

    def dangling(node: Any) -> Optional[str]:
        reference = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(reference, str) or not reference.startswith("#"):
            return None
        try:
            json_pointer(document, reference)
            return None
        except (KeyError, ValueError, IndexError, TypeError):
            return reference

    def clean(node: Any, path: str) -> Any:
        if isinstance(node, dict):
            result = {}
            for key, value in node.items():
                where = f"{path}/" + str(key).replace("~", "~0").replace("/", "~1")
                reference = dangling(value)
                if reference is not None:
                    if path.endswith("/responses") or key == "requestBody":
                        log(f"{where}: $ref {reference} points to nothing; left out")
                        continue
                    log(f"{where}: $ref {reference} points to nothing; any value")
                    result[key] = {}
                    continue
                result[key] = clean(value, where)
            return result
        if isinstance(node, list):
            kept = []
            for index, item in enumerate(node):
                reference = dangling(item)
                if reference is not None:
                    log(f"{path}/{index}: $ref {reference} points to nothing; left out")
                    continue
                kept.append(clean(item, f"{path}/{index}"))
            return kept
        return node

    return clean(document, "#")


def read_document_file(path: str) -> Any:
    """One file of a document, JSON or YAML, as plain dicts, lists and scalars."""
    with open(path, "rb") as file:
        raw = file.read()
    text = raw.decode("utf-8-sig")
    if text.lstrip().startswith("{"):
        try:
            document = json.loads(text)
        except json.JSONDecodeError:
            document = yaml.load(text, Loader=_DocumentLoader)
    else:
        document = yaml.load(text, Loader=_DocumentLoader)
    if not isinstance(document, dict):
        raise ValueError(f"{path} is not an OpenAPI document (no mapping at its top)")
    return _json_keys(document)


BUNDLED = "x-courier-bundled"

# The keywords whose value is a map (of responses, schemas, media types, …), which a document may write
# as a `$ref` to the map.
MAP_KEYWORDS = {
    "responses", "properties", "patternProperties", "content", "headers", "links", "callbacks", "encoding",
    "paths", "webhooks", "definitions", "$defs", "schemas", "requestBodies", "securitySchemes", "pathItems",
}


def bundle_references(document: dict, path: str) -> dict:
    """`document` (read from `path`) with every `$ref` to another file (`common.yaml#/Pet`,
    `schemas/pet.json`) made local: what it names is copied once under the document's
    `x-courier-bundled` key and the reference points there, as do the references inside the copy
    (to its own file or further files). Cycles across files stay cycles of local references; the
    validators then read a single document. A map written as a `$ref` (`responses`, `properties`, …) is
    put in place instead, in this file or another."""
    root = os.path.realpath(path)
    files: Dict[str, Any] = {root: document}
    bundled: Dict[str, Any] = {}
    names: Dict[Tuple[str, str], str] = {}

    def file(name: str) -> Any:
        if name not in files:
            files[name] = read_document_file(name)
        return files[name]

    def target_file(location: str, base: str) -> Optional[str]:
        """The file a `$ref`'s part before `#`, written in the file `base`, names; None for a remote
        document (or a JSON Schema `$id`), which is not read."""
        if "://" in location or location.startswith("urn:"):
            return None
        return os.path.realpath(os.path.join(os.path.dirname(base), urllib.parse.unquote(location))) if location else base

    def local(ref: str, base: str) -> str:
        """The local reference for `ref` written in the file `base`; `ref` as written where the file it
        names cannot be read (an example's value in a file the document does not ship), which the
        validators then report where they need it."""
        location, _, fragment = ref.partition("#")
        target = target_file(location, base)
        if target is None:
            return ref  # left as written
        pointer = "#" + fragment
        if target == root:
            return pointer
        key = (target, pointer)
        if key not in names:
            try:
                found = json_pointer(file(target), pointer)
            except (OSError, ValueError, KeyError, IndexError, yaml.YAMLError) as error:
                log(f"$ref {ref} (in {os.path.basename(base)}) is not read: {shorten(str(error), 200)}")
                return ref
            name = f"r{len(names)}"
            names[key] = name
            bundled[name] = None  # taken before copying, so that a cycle finds it
            bundled[name] = rewrite(found, target)
        return f"#/{BUNDLED}/{names[key]}"

    def text_of(ref: str, base: str) -> Optional[str]:
        """The text of the file a `$ref` names when it is no JSON or YAML (`description: {$ref: intro.md}`,
        as Redocly's bundler reads it: Rebilly's and Dropbox Sign's descriptions); None otherwise."""
        location, _, fragment = ref.partition("#")
        target = target_file(location, base)
        extension = os.path.splitext(location)[1].lower()
        if target is None or fragment or not location or extension in ("", ".json", ".yaml", ".yml"):
            return None
        try:
            with open(target, encoding="utf-8-sig") as text:
                return text.read()
        except (OSError, UnicodeDecodeError):
            return None

    def in_place(value: Any, base: str, depth: int) -> Any:
        """A map written as a `$ref` to one (`responses: {$ref: '#/Responses'}`), put in place: the
        validators and this server read such maps without following a `$ref`."""
        location, _, fragment = value["$ref"].partition("#")
        target = target_file(location, base)
        if depth > 8 or target is None:
            return rewrite(value, base, depth + 1)
        found = json_pointer(file(target), "#" + fragment)
        if not isinstance(found, dict):
            return rewrite(value, base, depth + 1)
        siblings = {key: rewrite(item, base, depth + 1) for key, item in value.items() if key != "$ref"}
        return {**rewrite(found, target, depth + 1), **siblings}

    def rewrite(node: Any, base: str, depth: int = 0) -> Any:
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            text = text_of(node["$ref"], base)
            if text is not None:
                return text
        if isinstance(node, dict):
            # An extension (`x-…`) is not the document's content: a `$ref` in it (Cohere's code samples,
            # `x-fern-examples`, name TypeScript files) is left as written.
            copied = {
                key: value
                if key.startswith("x-")
                else in_place(value, base, depth)
                if key in MAP_KEYWORDS and isinstance(value, dict) and isinstance(value.get("$ref"), str)
                else rewrite(value, base, depth)
                for key, value in node.items()
                if key != "$ref"
            }
            if isinstance(node.get("$ref"), str):
                copied["$ref"] = local(node["$ref"], base)
            elif "$ref" in node:
                copied["$ref"] = node["$ref"]
            mapping = node.get("mapping")
            if isinstance(node.get("propertyName"), str) and isinstance(mapping, dict):
                # A discriminator's mapping names schemas by reference too (a bare name is a component's).
                copied["mapping"] = {
                    key: local(value, base) if isinstance(value, str) and re.search(r"[#/]|\.(ya?ml|json)$", value) else value
                    for key, value in mapping.items()
                }
            return copied
        if isinstance(node, list):
            return [rewrite(item, base, depth) for item in node]
        return node

    result = rewrite(document, root)
    if bundled:
        result[BUNDLED] = bundled
    return result


def json_pointer(document: Any, ref: str) -> Any:
    """What the local reference `ref` (`#/a/b`) points to in `document`; KeyError when nothing."""
    if not ref.startswith("#"):
        raise KeyError(f"external reference {ref} is not supported")
    node = document
    fragment = urllib.parse.unquote(ref[1:])
    if fragment in ("", "/"):
        return node
    for part in fragment.lstrip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(f"{ref} points to nothing")
    return node


def resolve(document: dict, node: Any, limit: int = 32) -> Any:
    """`node` with its `$ref` chain followed (for path items, responses, parameters, examples)."""
    seen = 0
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and seen < limit:
        node = json_pointer(document, node["$ref"])
        seen += 1
    return node


# ---------------------------------------------------------------------------------------------------
# Finding the operation


def literal_path_pattern(text: str) -> str:
    """A pattern matching the literal path text `text` as a client sends it: each character that a path
    cannot hold as it is (3GPP's `<apiVersion>`, non-ASCII names: `/non-ascii-æøå`) as itself or
    percent-encoded in UTF-8, in either case of hex digits; the others as themselves."""
    kept = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/%:@!$&'()*+,;=-._~")
    pattern = ""
    for character in text:
        if character in kept:
            pattern += re.escape(character)
        else:
            encoded = "".join(f"%{byte:02X}" for byte in character.encode("utf-8"))
            pattern += f"(?:{re.escape(character)}|(?i:{re.escape(encoded)}))"
    return pattern


def base_path_pattern(base: str) -> "re.Pattern[str]":
    """What matches the base path `base` at the start of a request's path, up to a `/` or the end. A
    `{name}` left in it (a server variable whose default is its own placeholder, Rebilly's
    `{organizationId}`) matches any one segment, as the client sends it; the rest is matched as a client
    sends it too (`literal_path_pattern`)."""
    pieces = re.split(r"(\{[^{}/]+\})", base)
    return re.compile(
        "".join("[^/]+" if index % 2 else literal_path_pattern(piece) for index, piece in enumerate(pieces))
        + "(?=/|$)"
    )


class Operation:
    """One operation of the document: its method and path template, the base paths it is served
    under, and the pattern that matches a request path to the template."""

    def __init__(
        self, method: str, template: str, item: dict, operation: dict, bases: List[str], keys: List[str]
    ):
        self.method = method
        # Where the operation is in its path item: `["get"]`, `["additionalOperations", "PURGE"]`.
        self.keys = keys
        self.template = template
        self.item = item
        self.operation = operation
        self.bases = bases
        self.base_patterns = [base_path_pattern(base) for base in bases]
        operation_id = operation.get("operationId")
        self.label = operation_id if isinstance(operation_id, str) and operation_id else f"{method.upper()} {template}"
        # `{name}` becomes a group matching one segment's (still percent-encoded) text. A `#fragment`,
        # which some documents add to tell apart operations of one path (Mistral's
        # `/v1/connectors/{connector_id}#id` beside `…/{connector_id_or_name}#idOrName`), is never sent.
        routed = template.split("#", 1)[0]
        # A query written into the path's key (Adzerk's `/v1/country/{countryCode}/regions?version=2`, or
        # operations of one path told apart by it) is sent as the request's query: its items must be there.
        routed, _, fixed = routed.partition("?")
        self.fixed_query = urllib.parse.parse_qsl(fixed, keep_blank_values=True)
        self.variables: List[str] = []
        pattern = ""
        for index, piece in enumerate(re.split(r"(\{[^{}/]+\})", routed)):
            if index % 2:
                self.variables.append(piece[1:-1])
                pattern += f"(?P<v{len(self.variables) - 1}>[^/]+)"
            else:
                pattern += literal_path_pattern(piece)
        self.pattern = re.compile(pattern)
        # Concrete paths before templated ones (OpenAPI: "When matching URLs, concrete (non-templated)
        # paths would be matched before their templated counterparts"): fewer segments that are a
        # variable alone (`/commits/{sha}.{type}` before `/commits/{sha}`, which would take `abc.diff`
        # for its `sha`), then fewer variables, then more literal text, sort first.
        whole = sum(1 for segment in routed.split("/") if re.fullmatch(r"\{[^{}/]+\}", segment))
        # Of paths alike, one whose key asks for query items first.
        self.rank = (whole, len(self.variables), -len(re.sub(r"\{[^{}/]+\}", "", routed)), -len(self.fixed_query))

    def match(self, raw_path: str, query: str = "") -> Optional[Dict[str, str]]:
        """The decoded path variables when `raw_path` is this operation's path under one of its base
        paths and `query` has the items its key writes; `None` otherwise."""
        if self.fixed_query:
            sent = urllib.parse.parse_qsl(query, keep_blank_values=True)
            if any(item not in sent for item in self.fixed_query):
                return None
        for base in self.base_patterns:
            at = base.match(raw_path)
            if at is None:
                continue
            rest = raw_path[at.end() :] or "/"
            found = self.pattern.fullmatch(rest)
            if found:
                return {name: urllib.parse.unquote(found.group(f"v{i}")) for i, name in enumerate(self.variables)}
        return None

    def documented_media_type(self, content_type: str) -> str:
        """`content_type` with its media type written as the request body's content key that names it
        (media types are case-insensitive, openapi-core's lookup is not: PingOne documents
        `application/vnd.pingidentity.davinciApplication.rotateKey+json`)."""
        mime, separator, parameters = content_type.partition(";")
        body = self.operation.get("requestBody")
        content = body.get("content") if isinstance(body, dict) else None
        for key in content if isinstance(content, dict) else []:
            if str(key).split(";", 1)[0].strip().lower() == mime.strip().lower():
                return str(key).split(";", 1)[0].strip() + separator + parameters
        return content_type

    def takes(self, content_type: str) -> bool:
        """Whether the request body is documented for `content_type`; true for a request that names
        none, and for an operation whose body this cannot tell (none, or written as a `$ref`)."""
        mime = content_type.split(";", 1)[0].strip().lower()
        body = self.operation.get("requestBody")
        content = body.get("content") if isinstance(body, dict) else None
        if not mime or not isinstance(content, dict):
            return True
        return any(str(key).split(";", 1)[0].strip().lower() in (mime, "*/*") for key in content)


class Match:
    """A request matched to an operation, with the path variables."""

    def __init__(self, operation: Operation, variables: Dict[str, str]):
        self.operation = operation
        self.variables = variables


def server_base_path(url: str, variables: Optional[dict]) -> str:
    """The path part of a server URL with its variables at their defaults, without a trailing `/`."""

    def default(found: re.Match) -> str:
        variable = (variables or {}).get(found.group(1)) or {}
        value = variable.get("default", "") if isinstance(variable, dict) else ""
        return str(value)

    url = re.sub(r"\{([^{}]+)\}", default, url or "/")
    parsed = urllib.parse.urlsplit(url)
    path = parsed.path if (parsed.scheme or parsed.netloc or url.startswith("/")) else "/" + url
    path = path if path.startswith("/") else "/" + path
    # `.` and `./v1` are relative to the document; served from the root here.
    path = re.sub(r"^/\.(?=/|$)", "", path)
    return path.rstrip("/")


class Router:
    """The document's operations, and which one a request is for."""

    def __init__(self, document: dict, swagger: bool):
        self.operations: List[Operation] = []
        if swagger:
            root_bases = [server_base_path(document.get("basePath") or "/", None)]
        else:
            root_bases = self._bases(document.get("servers")) or [""]
        for template, item in (document.get("paths") or {}).items():
            item = resolve(document, item)
            if not isinstance(item, dict) or not template.startswith("/"):
                continue
            item_bases = root_bases if swagger else (self._bases(item.get("servers")) or root_bases)
            for method, keys, written in item_operations(item):
                # An operation written as a `$ref` (not in the specification, but in published documents).
                operation = resolve(document, written)
                if not isinstance(operation, dict):
                    continue
                bases = item_bases if swagger else (self._bases(operation.get("servers")) or item_bases)
                self.operations.append(Operation(method, template, item, operation, bases, keys))
        self.operations.sort(key=lambda operation: operation.rank)

    @staticmethod
    def _bases(servers: Any) -> List[str]:
        """The base paths of a `servers` list; none when there is no list (the document root has `/`
        then, as OpenAPI says; a path item or operation has its parent's)."""
        if not isinstance(servers, list) or not servers:
            return []
        bases: List[str] = []
        for server in servers:
            if isinstance(server, dict):
                base = server_base_path(str(server.get("url", "/")), server.get("variables"))
                if base not in bases:
                    bases.append(base)
        return bases

    def find(
        self, method: str, raw_path: str, content_type: str = "", query: str = ""
    ) -> Tuple[Optional[Match], List[str]]:
        """The operation for `method` and `raw_path` (still percent-encoded), or `None` and why. Of
        operations whose paths match it alike (told apart by a `#fragment`, as PingOne's flows: clone,
        deploy and validate; or by a path parameter's name, as Miro's uploads from a file beside those
        from a URL), the one whose request body takes `content_type`."""
        matches, reasons = self.find_all(method, raw_path, content_type, query)
        return (matches[0] if matches else None), reasons

    def find_all(
        self, method: str, raw_path: str, content_type: str = "", query: str = ""
    ) -> Tuple[List[Match], List[str]]:
        """Every operation `find` chooses among, its choice first: those whose paths match alike, the
        ones whose request body takes `content_type` before the others. A request that one of them does
        not accept may be another's (Speakeasy's `/auth#basicAuth` beside `/auth#apiKeyAuth`, which
        differ in their security only); none and why when there is none."""
        method = method.lower()
        other_methods: List[str] = []
        taking: List[Match] = []
        others: List[Match] = []
        for operation in self.operations:  # sorted: the first match is the most concrete
            variables = operation.match(raw_path, query)
            if variables is None:
                continue
            if operation.method == method:
                first = (taking + others)[:1]
                if first and operation.rank != first[0].operation.rank:
                    break
                (taking if operation.takes(content_type) else others).append(Match(operation, variables))
                continue
            other_methods.append(operation.method.upper())
        if taking or others:
            return taking + others, []
        if other_methods:
            return [], [
                f"the document has no {method.upper()} operation for {raw_path}; "
                f"it documents {', '.join(sorted(set(other_methods)))} there"
            ]
        bases = sorted({base or "/" for operation in self.operations for base in operation.bases})
        return [], [f"no path of the document matches {raw_path} (server base paths: {', '.join(bases) or '/'})"]


# ---------------------------------------------------------------------------------------------------
# The request as it arrived


class HTTPRequest:
    """A request as the server read it: method, target, headers, cookies and body."""

    def __init__(self, method: str, target: str, headers: List[Tuple[str, str]], body: bytes, port: int):
        self.method = method.upper()
        split = urllib.parse.urlsplit(target)
        self.raw_path = split.path or "/"
        self.query_string = split.query
        self.query: List[Tuple[str, str]] = urllib.parse.parse_qsl(split.query, keep_blank_values=True)
        self.headers = headers
        self.body = body
        self.url = f"http://127.0.0.1:{port}{target}" if target.startswith("/") else target
        self.host_url = f"http://127.0.0.1:{port}"
        self.cookies: List[Tuple[str, str]] = []
        for name, value in headers:
            if name.lower() == "cookie":
                for pair in value.split(";"):
                    if "=" in pair:
                        key, _, cookie = pair.strip().partition("=")
                        self.cookies.append((key.strip(), cookie.strip().strip('"')))

    def header(self, name: str) -> Optional[str]:
        """The first value of the header `name` (any case), or `None`."""
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    @property
    def content_type(self) -> str:
        """The Content-Type, its media type lowercased and its parameters as sent (a multipart
        boundary is case-sensitive), or the empty string."""
        mime, separator, parameters = (self.header("Content-Type") or "").strip().partition(";")
        return mime.strip().lower() + separator + parameters

    @property
    def mime_type(self) -> str:
        """The Content-Type without parameters."""
        return self.content_type.split(";")[0].strip()


def is_json_type(mime: str) -> bool:
    """Whether `mime` is JSON: application/json, or any `+json` or `/json`-ish type."""
    mime = mime.split(";")[0].strip().lower()
    return mime == "application/json" or mime.endswith("+json") or mime.endswith("/json") or "json" in mime


# The names of JSON Lines (newline-delimited JSON).
JSON_LINES_TYPES = {
    "application/jsonl",
    "application/x-ndjson",
    "application/ndjson",
    "application/x-jsonlines",
    "application/jsonlines",
    "application/json-lines",
}


def is_record_sequence(mime: str) -> bool:
    """Whether `mime` is a JSON text sequence (RFC 7464): each value after an RS."""
    bare = mime.split(";")[0].strip().lower()
    return bare == "application/json-seq" or (bare.startswith("application/") and bare.endswith("+json-seq"))


def is_json_sequence(mime: str) -> bool:
    """Whether `mime` is a sequence of JSON values: JSON Lines, or a JSON text sequence."""
    return mime.split(";")[0].strip().lower() in JSON_LINES_TYPES or is_record_sequence(mime)


def sequence_loads(value: bytes, record_separated: bool) -> List[Any]:
    """The JSON values of a sequence's body, each on a line or after an RS; blank ones skipped."""
    pieces = value.split(b"\x1e") if record_separated else value.split(b"\n")
    return [json.loads(piece) for piece in pieces if piece.strip()]


def event_text(value: Any) -> bytes:
    """A server-sent event holding `value`: its fields when `value` is an event (`data` and the other
    fields of one), else `value` as the event's data (JSON when it is not text)."""
    fields = {"data": value}
    if isinstance(value, dict) and "data" in value and set(value) <= {"event", "data", "id", "retry"}:
        fields = value
    lines = []
    for name in ("event", "id", "retry"):
        if fields.get(name) is not None:
            lines.append(f"{name}: {fields[name]}")
    data = fields.get("data")
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, default=str)
    lines.extend(f"data: {line}" for line in text.split("\n"))
    return ("\n".join(lines) + "\n\n").encode("utf-8")


def concrete_media_type(key: str) -> str:
    """A media type to send for a documented (possibly ranged) one: `*/*` and `application/*` become
    application/json, `text/*` text/plain, any other `x/*` x/octet-stream."""
    mime = key.split(";")[0].strip()
    if mime in ("*/*", "*", "application/*"):
        return "application/json"
    if mime == "text/*":
        return "text/plain"
    if mime.endswith("/*"):
        return mime[:-1] + "octet-stream"
    return mime


def choose_media_type(keys: List[str], accept: Optional[str] = None) -> Optional[str]:
    """The media type to answer with: the first that the request's `Accept` names (not by a range:
    NHS MESH answers `application/vnd.mesh.v2+json` or its older `application/json`, of other schemas,
    as asked), else application/json, else another JSON type, else the first."""
    if not keys:
        return None
    for accepted in (accept or "").split(","):
        wanted = accepted.split(";")[0].strip().lower()
        for key in keys if wanted and "*" not in wanted else []:
            if key.split(";")[0].strip().lower() == wanted:
                return key
    for key in keys:
        if key.split(";")[0].strip().lower() == "application/json":
            return key
    for key in keys:
        if is_json_type(key):
            return key
    return keys[0]


def success_status(responses: dict) -> Optional[Tuple[int, str]]:
    """The answer to give: the lowest documented 2xx (`2XX` as 200), else `default` as 200, else the
    lowest documented 3xx (an operation that only redirects); with the key of `responses` it came
    from. `None` when the operation documents none of them."""
    codes = sorted(int(key) for key in responses if re.fullmatch(r"2[0-9][0-9]", key))
    if codes:
        return codes[0], str(codes[0])
    for key in responses:
        if key.upper() == "2XX":
            return 200, key
    if "default" in responses:
        return 200, "default"
    redirects = sorted(int(key) for key in responses if re.fullmatch(r"3[0-9][0-9]", key))
    if redirects:
        return redirects[0], str(redirects[0])
    return None


def encode_body(value: Any, mime: str) -> bytes:
    """`value` written as `mime` says: JSON for JSON types, text as is, forms URL-encoded, XML as a
    simple element tree, anything else as its UTF-8 text or JSON."""
    mime = mime.split(";")[0].strip().lower()
    if isinstance(value, bytes):
        return value
    if is_json_sequence(mime) and not isinstance(value, str):
        # A list is the sequence (OpenAPI 3.2 reads `schema` so); any other value is its one line.
        prefix = b"\x1e" if is_record_sequence(mime) else b""
        values = value if isinstance(value, list) else [value]
        return b"".join(prefix + json.dumps(v, ensure_ascii=False, default=str).encode("utf-8") + b"\n" for v in values)
    if is_json_type(mime):
        return json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    if mime == "application/x-www-form-urlencoded" and isinstance(value, dict):
        return urllib.parse.urlencode(
            {k: (v if isinstance(v, (str, int, float)) else json.dumps(v)) for k, v in value.items()}
        ).encode("utf-8")
    if "xml" in mime and not isinstance(value, str):
        return to_xml(value, "root").encode("utf-8")
    if isinstance(value, str):
        return value.encode("utf-8")
    return json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")


def to_xml(value: Any, name: str) -> str:
    """A plain XML rendering of a JSON-like value (elements named after properties)."""
    from xml.sax.saxutils import escape

    if isinstance(value, dict):
        return f"<{name}>" + "".join(to_xml(v, str(k)) for k, v in value.items()) + f"</{name}>"
    if isinstance(value, list):
        return "".join(to_xml(item, name) for item in value)
    if value is None:
        return f"<{name}/>"
    text = json.dumps(value) if isinstance(value, bool) else str(value)
    return f"<{name}>{escape(text)}</{name}>"


def sends_elsewhere(status: int, name: str, text: str) -> bool:
    """Whether a redirect's `Location` names another host than this loopback server's: a client
    that follows it would leave the machine (GitHub's archive downloads name codeload.github.com).
    Such a header is left out of the answer, which the client then reads as the redirect itself. So is
    a relative one that is no path (RallyHere's OAuth redirects: a schema's `string`), which a client
    would follow to a sibling of the request's path, another operation's or none."""
    if not 300 <= status < 400 or name.lower() != "location":
        return False
    target = urllib.parse.urlsplit(text.strip())
    if not target.scheme and not target.netloc and not target.path.startswith("/"):
        return True
    return target.hostname is not None and target.hostname not in ("127.0.0.1", "localhost", "::1")


def header_text(value: Any) -> str:
    """A header value in OpenAPI's `simple` style: arrays comma-separated, objects `k,v,k,v`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(header_text(item) for item in value)
    if isinstance(value, dict):
        return ",".join(f"{k},{header_text(v)}" for k, v in value.items())
    if value is None:
        return ""
    return str(value)


# ---------------------------------------------------------------------------------------------------
# Values made from schemas

# A value left out: an optional property cut off (a `$ref` cycle, or too deep).
OMIT = object()

# Strings for the formats OpenAPI and JSON Schema name.
FORMAT_EXAMPLES = {
    "date-time": "2024-01-01T12:00:00Z",
    "date": "2024-01-01",
    "time": "12:00:00Z",
    "duration": "P1D",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uri": "https://example.com/",
    "url": "https://example.com/",
    "uri-reference": "https://example.com/",
    "iri": "https://example.com/",
    "iri-reference": "https://example.com/",
    "uri-template": "https://example.com/{id}",
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "byte": base64.b64encode(b"example").decode("ascii"),
    "binary": "binary",
    "password": "password",
    "json-pointer": "/example",
    "relative-json-pointer": "0",
    "regex": "^example$",
    "char": "a",
}

# Strings tried, in order, against a `pattern` (no regular expression inverter here).
PATTERN_CANDIDATES = [
    "string", "example", "0", "1", "123", "123456789012345678", "a", "A", "abc", "ABC", "Abc", "x",
    "a1", "abc123", "a-b", "a_b", "a.b", "2024-01-01", "12:00", "#ffffff", "ffffff", "+1", "-1",
    "1.0", "https://example.com/", "user@example.com", "AB", "ab", "abcd", "ABCD", "",
]  # fmt: skip


def string_for_pattern(pattern: str, min_length: int = 0) -> Optional[str]:
    """A string that the regular expression `pattern` matches, made from its parse tree: each
    repeat its minimum (at least once when it may be), each class its first member, each
    alternation its first branch. `None` when the pattern has what this cannot make (look-arounds,
    back references); the caller checks the result anyway, as ECMA and Python patterns differ."""
    try:
        import re._parser as sre_parse  # Python 3.11 and later
        import re._constants as sre_constants
    except ImportError:  # pragma: no cover (older Pythons)
        import sre_constants  # type: ignore[no-redef]
        import sre_parse  # type: ignore[no-redef]
    try:
        tree = sre_parse.parse(pattern)
    except Exception:
        return None
    categories = {
        sre_constants.CATEGORY_DIGIT: "0",
        sre_constants.CATEGORY_NOT_DIGIT: "a",
        sre_constants.CATEGORY_SPACE: " ",
        sre_constants.CATEGORY_NOT_SPACE: "a",
        sre_constants.CATEGORY_WORD: "a",
        sre_constants.CATEGORY_NOT_WORD: "-",
    }

    def first_of_class(items: Any) -> Optional[str]:
        if items and items[0][0] == sre_constants.NEGATE:
            excluded = set()
            for op, arg in items[1:]:
                if op == sre_constants.LITERAL:
                    excluded.add(chr(arg))
                elif op == sre_constants.RANGE:
                    excluded.update(chr(c) for c in range(arg[0], arg[1] + 1))
            return next((c for c in "a0A-_x" if c not in excluded), None)
        for op, arg in items:
            if op == sre_constants.LITERAL:
                return chr(arg)
            if op == sre_constants.RANGE:
                return chr(arg[0])
            if op == sre_constants.CATEGORY:
                return categories.get(arg, "a")
        return None

    def make(nodes: Any, depth: int) -> Optional[str]:
        if depth > 40:
            return None
        out = []
        for op, arg in nodes:
            if op == sre_constants.LITERAL:
                out.append(chr(arg))
            elif op == sre_constants.NOT_LITERAL:
                out.append("a" if chr(arg) != "a" else "b")
            elif op == sre_constants.ANY:
                out.append("a")
            elif op == sre_constants.IN:
                char = first_of_class(arg)
                if char is None:
                    return None
                out.append(char)
            elif op in (
                sre_constants.MAX_REPEAT,
                sre_constants.MIN_REPEAT,
                getattr(sre_constants, "POSSESSIVE_REPEAT", None),
            ):
                low, high, sub = arg
                count = max(low, 1) if high != 0 else 0
                part = make(sub, depth + 1)
                if part is None:
                    return None
                out.append(part * count)
            elif op == sre_constants.SUBPATTERN:
                part = make(arg[-1], depth + 1)
                if part is None:
                    return None
                out.append(part)
            elif op == getattr(sre_constants, "ATOMIC_GROUP", None):
                part = make(arg, depth + 1)
                if part is None:
                    return None
                out.append(part)
            elif op == sre_constants.BRANCH:
                part = make(arg[1][0], depth + 1)
                if part is None:
                    return None
                out.append(part)
            elif op == sre_constants.CATEGORY:
                out.append(categories.get(arg, "a"))
            elif op == sre_constants.AT:
                continue  # anchors and boundaries take no text
            else:
                return None
        return "".join(out)

    made = make(tree, 0)
    if made is None:
        return None
    return made


def required_names(schema: dict) -> List[str]:
    """The property names an object schema's `required` lists: none when it is no list (the `required:
    true` of a parameter written into a schema, as Alchemy's documents have)."""
    required = schema.get("required")
    return [name for name in required if isinstance(name, str)] if isinstance(required, list) else []


def exploded_form_object_loads(
    explode: bool, name: str, schema_type: str, location: Any, members: Optional[set], read: Any
) -> Any:
    """An exploded `form` object read from `location`: its members are query parameters of their own
    (`R=100&G=200&B=150`), those the schema names (any, for an object that names none). A parameter
    under the object's own name is read as `read` reads it. Raises KeyError when no member is there."""
    if name in location:
        return read(explode, name, schema_type, location)
    pairs = location.items(multi=True) if hasattr(location, "getlist") else location.items()
    value: Dict[str, Any] = {}
    for key, text in pairs:
        if members is None or key in members:
            value.setdefault(key, text)
    if not value:
        raise KeyError(name)
    return value


def deep_object_loads(explode: bool, name: str, schema_type: str, location: Any) -> Any:
    """A `deepObject` parameter (or form field) read from `location` (a multi-dict of names to texts).

    OpenAPI defines the style for an object of scalars only (`name[key]=value`); openapi-core reads
    nothing else, and fails even when such a parameter is absent. Documents use it for more, and
    clients write those as the bracket convention has them: a nested object `name[a][b]=value`, a
    list `name[0]=value` or `name[]=value`, and a value that is not an object (a scalar branch of
    `anyOf`) as `name=value`. Raises KeyError when the parameter is absent."""
    pairs = location.items(multi=True) if hasattr(location, "getlist") else location.items()
    tree: Dict[str, Any] = {}
    found = False
    for key, value in pairs:
        if not key.startswith(name + "["):
            continue
        segments = re.fullmatch(r"((?:\[[^\[\]]*\])+)", key[len(name):])
        if segments is None:
            continue
        found = True
        node = tree
        names = re.findall(r"\[([^\[\]]*)\]", segments.group(1))
        for index, segment in enumerate(names):
            if not isinstance(node, dict):
                raise ValueError(f"{key} nests into a value")
            if segment == "":
                segment = str(len(node))
            if index == len(names) - 1:
                node[segment] = value
            else:
                node = node.setdefault(segment, {})
    if not found:
        if name in location:
            return location[name]
        raise KeyError(name)

    def lists(node: Any) -> Any:
        """Objects whose keys are all indexes, as lists."""
        if not isinstance(node, dict):
            return node
        node = {key: lists(value) for key, value in node.items()}
        if node and all(key.isdigit() for key in node):
            return [node[key] for key in sorted(node, key=int)]
        return node

    return lists(tree)


class SchemaSampler:
    """Makes a value that a schema accepts (for answers): every property (required or not), arrays
    of one item, enums' first value, formats respected, `allOf` merged, the first `oneOf`/`anyOf`
    branch whose value validates, `$ref` cycles cut off. Schema examples and defaults are used where
    they validate.

    `dialect` is "swagger2", "oas30", "oas31" or "oas32"; `is_valid(schema, value)` asks the
    document's validator whether `value` is valid for `schema` (a schema of the document)."""

    # Past this nesting, optional properties are left out and optional arrays are empty.
    OPTIONAL_DEPTH = 6
    # Past this many values made for one answer, likewise (huge documents nest hundreds of models).
    BUDGET = 3000
    # No value nests deeper than this.
    MAX_DEPTH = 24

    def __init__(self, document: dict, dialect: str, is_valid: Callable[[Any, Any], bool], for_request: bool = False):
        self.document = document
        self.dialect = dialect
        self.is_valid = is_valid
        # Answers leave out write-only properties; requests (for tools that make them) read-only ones.
        self.left_out = "readOnly" if for_request else "writeOnly"
        self.made = 0

    def sample(self, schema: Any) -> Any:
        """A value for `schema`."""
        self.made = 0
        value = self._value(schema, 0, ())
        return None if value is OMIT else value

    # -- references and composition

    def _deref(self, schema: Any, refs: tuple) -> Tuple[Any, tuple, Optional[str]]:
        """`schema` with its `$ref`s followed (3.1: the siblings of `$ref` kept), the refs on the way
        added to `refs`, and the last ref followed; OMIT for the schema on a cycle."""
        last = None
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
            ref = schema["$ref"]
            # A schema met twice on the way down is a cycle. Twice, not once: documents reuse mixins
            # (a paging object inside a paging object) without recursion.
            if refs.count(ref) >= 2:
                return OMIT, refs, ref
            try:
                target = json_pointer(self.document, ref)
            except (KeyError, ValueError, IndexError):
                target = {}
            if self.dialect in ("oas31", "oas32") and len(schema) > 1 and isinstance(target, dict):
                siblings = {k: v for k, v in schema.items() if k != "$ref"}
                target = {**target, **siblings}
            refs = refs + (ref,)
            last = ref
            schema = target
        return schema, refs, last

    def _merge_all_of(self, schema: dict, refs: tuple) -> Tuple[Any, tuple]:
        """`schema` with its `allOf` members folded in: properties and `required` united, the other
        keywords taken from the first that has them; OMIT when a member is cut off by a cycle. Also the
        refs with the members' added: the way to the merged schema's `oneOf`/`anyOf` choices, which are
        made at the same depth, so that a cycle through members and choices ends.

        The members' refs are not on the way down to the merged schema's properties: a mixin that every
        level of a value takes in (Qovery's `Base`, in an application, its autoscaling policy and each
        of its scalers) is no cycle."""
        if not isinstance(schema.get("allOf"), list):
            return schema, refs
        merged = {k: v for k, v in schema.items() if k != "allOf"}
        properties = dict(merged.get("properties") or {})
        required = required_names(merged)
        chain = refs
        for member in schema["allOf"]:
            member, member_refs, _ = self._deref(member, chain)
            if member is OMIT:
                # A member cut off by a cycle: the rest alone would be a value the whole rejects.
                return OMIT, refs
            if not isinstance(member, dict):
                continue
            member, chain = self._merge_all_of(member, member_refs)
            if member is OMIT:
                return OMIT, refs
            for name, prop in (member.get("properties") or {}).items():
                properties.setdefault(name, prop)
            for name in required_names(member):
                if name not in required:
                    required.append(name)
            for key, value in member.items():
                if key not in ("properties", "required"):
                    merged.setdefault(key, value)
        if properties:
            merged["properties"] = properties
        if required:
            merged["required"] = required
        return merged, chain

    # -- values

    def _value(self, schema: Any, depth: int, refs: tuple, via: Optional[str] = None) -> Any:
        self.made += 1
        if schema is True or schema is None:
            return {}
        if schema is False:
            return OMIT
        original = schema
        schema, refs, last = self._deref(schema, refs)
        via = last or via
        if schema is OMIT or depth > self.MAX_DEPTH:
            return OMIT
        if not isinstance(schema, dict):
            return {}
        for candidate in self._examples(schema):
            if self.is_valid(original, candidate):
                return copy.deepcopy(candidate)
        schema, chain = self._merge_all_of(schema, refs)
        if schema is OMIT:
            return OMIT
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        enum = schema.get("enum")
        if isinstance(enum, list) and enum:
            present = [item for item in enum if item is not None]
            return copy.deepcopy(present[0] if present else enum[0])
        for keyword in ("oneOf", "anyOf"):
            if isinstance(schema.get(keyword), list) and schema[keyword]:
                return self._branch(original, schema, keyword, depth, chain)
        kind = self._type(schema)
        if kind == "object":
            return self._object(schema, depth, refs, via)
        if kind == "array":
            return self._array(schema, depth, refs)
        if kind == "string":
            return self._string(schema)
        if kind == "integer":
            return self._integer(schema)
        if kind == "number":
            return self._number(schema)
        if kind == "boolean":
            return True
        if kind == "null":
            return None
        if kind == "file":  # Swagger 2.0 file responses
            return "file"
        return {}

    def _examples(self, schema: dict) -> List[Any]:
        """The schema's own example, examples (3.1) and default, in that order."""
        candidates = []
        if "example" in schema:
            candidates.append(schema["example"])
        if isinstance(schema.get("examples"), list) and schema["examples"]:
            candidates.append(schema["examples"][0])
        if "x-example" in schema:
            candidates.append(schema["x-example"])
        if "default" in schema:
            candidates.append(schema["default"])
        return candidates

    def _type(self, schema: dict) -> Optional[str]:
        kind = schema.get("type")
        if isinstance(kind, list):  # 3.1: the first type that is not null
            present = [item for item in kind if item != "null"]
            kind = present[0] if present else (kind[0] if kind else None)
        if kind:
            return kind
        if any(key in schema for key in ("properties", "additionalProperties", "required", "patternProperties")):
            return "object"
        if any(key in schema for key in ("items", "prefixItems")):
            return "array"
        if any(key in schema for key in ("format", "pattern", "minLength", "maxLength")):
            return "string"
        if any(key in schema for key in ("minimum", "maximum", "multipleOf")):
            return "number"
        return None

    def _branch(self, original: Any, schema: dict, keyword: str, depth: int, refs: tuple) -> Any:
        """The first `oneOf`/`anyOf` branch whose value the whole schema accepts (else the first)."""
        rest = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}
        discriminator = schema.get("discriminator") if isinstance(schema.get("discriminator"), dict) else None
        first = OMIT
        for branch in schema[keyword]:
            branch_ref = branch.get("$ref") if isinstance(branch, dict) else None
            combined = {"allOf": [rest, branch]} if rest else branch
            value = self._value(combined, depth, refs, via=branch_ref)
            if value is OMIT:
                continue
            if discriminator and isinstance(value, dict) and branch_ref:
                # The discriminator names the branch, unless the branch's own schema says otherwise
                # (an enum of other values, as some documents have).
                named = dict(value)
                self._set_discriminator(named, discriminator, branch_ref)
                if self.is_valid(original, named):
                    return named
            if first is OMIT:
                first = value
            if self.is_valid(original, value):
                return value
        return first

    def _set_discriminator(self, value: dict, discriminator: dict, ref: str) -> None:
        """Sets the discriminator property of `value` to the mapping key of `ref` (or its name)."""
        name = discriminator.get("propertyName")
        if not isinstance(name, str):
            return
        mapping = discriminator.get("mapping") or {}
        for key, target in mapping.items():
            if target == ref or target == ref.rsplit("/", 1)[-1]:
                value[name] = key
                return
        value[name] = ref.rsplit("/", 1)[-1]

    def _object(self, schema: dict, depth: int, refs: tuple, via: Optional[str]) -> Any:
        result: Dict[str, Any] = {}
        required = set(required_names(schema))
        shallow = depth >= self.OPTIONAL_DEPTH or self.made > self.BUDGET
        for name, prop in (schema.get("properties") or {}).items():
            if name not in required and shallow:
                continue
            resolved, _, _ = self._deref(prop, refs)
            if isinstance(resolved, dict) and resolved.get(self.left_out) is True and name not in required:
                continue  # answers carry no write-only properties, requests no read-only ones
            value = self._value(prop, depth + 1, refs)
            if value is OMIT:
                if name not in required:
                    continue
                value = self._stub(self._deref(prop, ())[0])
            result[name] = value
        extra = schema.get("additionalProperties")
        wanted = max(int(schema.get("minProperties") or 0), 0 if result or schema.get("properties") else 1)
        if isinstance(extra, dict) and extra and len(result) < wanted and not shallow:
            for index in range(wanted - len(result)):
                value = self._value(extra, depth + 1, refs)
                if value is OMIT:
                    break
                result[f"additionalProp{index + 1}"] = value
        discriminator = schema.get("discriminator")
        if isinstance(discriminator, dict) and via:
            name = discriminator.get("propertyName")
            prop, _, _ = self._deref((schema.get("properties") or {}).get(name), refs)
            if isinstance(name, str) and not (isinstance(prop, dict) and ("enum" in prop or "const" in prop)):
                self._set_discriminator(result, discriminator, via)
        return result

    def _stub(self, schema: Any, depth: int = 0) -> Any:
        """The smallest value for a required property whose schema was cut off: an object has its own
        required members, stubbed in turn (OpenFGA's expansion tree: a node requires its `name` however
        deep it is cut)."""
        kind = self._type(schema) if isinstance(schema, dict) else None
        kinds = schema.get("type") if isinstance(schema, dict) else None
        if isinstance(schema, dict) and (
            schema.get("nullable") is True or (isinstance(kinds, list) and "null" in kinds)
        ):
            return None
        if isinstance(schema, dict) and depth < 4 and kind in (None, "object"):
            members = {}
            for name in required_names(schema):
                prop, _, _ = self._deref((schema.get("properties") or {}).get(name), ())
                members[name] = self._stub(prop, depth + 1) if isinstance(prop, dict) else ""
            return members
        return {"array": [], "string": "", "integer": 0, "number": 0, "boolean": False}.get(kind or "", {})

    def _array(self, schema: dict, depth: int, refs: tuple) -> list:
        minimum = int(schema.get("minItems") or 0)
        maximum = schema.get("maxItems")
        prefix = schema.get("prefixItems") if isinstance(schema.get("prefixItems"), list) else []
        items = schema.get("items")
        if isinstance(items, list):  # draft 4 tuples (Swagger 2.0 has none, but be kind)
            prefix, items = items, schema.get("additionalItems", {})
        count = max(minimum, 1, len(prefix))
        if isinstance(maximum, int):
            count = min(count, maximum)
        if (depth >= self.OPTIONAL_DEPTH or self.made > self.BUDGET) and minimum == 0 and not prefix:
            return []
        result = []
        for index in range(count):
            item_schema = prefix[index] if index < len(prefix) else items
            if item_schema is False:
                break
            value = self._value(item_schema if item_schema is not None else {}, depth + 1, refs)
            if value is OMIT:
                if index >= minimum:
                    break
                # Followed afresh: through `refs` a schema cut off by its cycle is OMIT, and its stub
                # would be `{}` without the members it requires (3GPP's shared data, whose list of
                # shared data must hold one).
                value = self._stub(self._deref(item_schema, ())[0])
            if schema.get("uniqueItems") and value in result:
                value = self._vary(value, index, item_schema, result)
            result.append(value)
        return result

    def _vary(self, value: Any, index: int, schema: Any, taken: list) -> Any:
        """Another value like `value` that `schema` accepts and `taken` lacks, for unique items."""
        if isinstance(value, bool):
            candidates: List[Any] = [not value]
        elif isinstance(value, (int, float)):
            candidates = [value + index, value + index + 1, value - index, index]
        elif isinstance(value, str):
            candidates = [f"{value}{index}", str(index), str(index + 1), f"{value}-{index}", value + "x" * index]
        elif isinstance(value, dict):
            # An object differs from the others in one of its scalar members.
            candidates = []
            for key, member in value.items():
                for varied in self._scalar_variants(member, index):
                    candidates.append({**value, key: varied})
        else:
            candidates = []
        for candidate in candidates:
            if candidate not in taken and self.is_valid(schema, candidate):
                return candidate
        return value

    @staticmethod
    def _scalar_variants(value: Any, index: int) -> List[Any]:
        """Other values of a scalar's type, for `_vary`."""
        if isinstance(value, bool):
            return [not value]
        if isinstance(value, (int, float)):
            return [value + index, value + index + 1]
        if isinstance(value, str):
            return [f"{value}{index}", str(index), f"{value}-{index}"]
        return []

    def _string(self, schema: dict) -> str:
        min_length = int(schema.get("minLength") or 0)
        max_length = schema.get("maxLength")
        fmt = schema.get("format")
        value = FORMAT_EXAMPLES.get(fmt, "string") if isinstance(fmt, str) else "string"
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            try:
                compiled = re.compile(pattern)
            except re.error:
                compiled = None
            if compiled is not None and not compiled.search(value):
                made = string_for_pattern(pattern, min_length)
                for candidate in ([made] if made is not None else []) + PATTERN_CANDIDATES:
                    fits = len(candidate) >= min_length and (
                        not isinstance(max_length, int) or len(candidate) <= max_length
                    )
                    if fits and compiled.search(candidate):
                        return candidate
        if len(value) < min_length:
            value = value + "x" * (min_length - len(value))
        if isinstance(max_length, int) and len(value) > max_length:
            value = value[:max_length]
        return value

    def _bounds(self, schema: dict, step: float) -> Tuple[Optional[float], Optional[float]]:
        """The smallest and largest allowed values (exclusive bounds moved in by `step`)."""
        low, high = schema.get("minimum"), schema.get("maximum")
        exclusive_low, exclusive_high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
        if isinstance(exclusive_low, bool):  # 3.0 and Swagger 2.0: a flag
            if exclusive_low and low is not None:
                low = low + step
        elif isinstance(exclusive_low, (int, float)):
            low = exclusive_low + step if low is None else max(low, exclusive_low + step)
        if isinstance(exclusive_high, bool):
            if exclusive_high and high is not None:
                high = high - step
        elif isinstance(exclusive_high, (int, float)):
            high = exclusive_high - step if high is None else min(high, exclusive_high - step)
        return low, high

    def _integer(self, schema: dict) -> int:
        low, high = self._bounds(schema, 1)
        value = 1
        if low is not None and value < low:
            value = math.ceil(low)
        if high is not None and value > high:
            value = math.floor(high)
        multiple = schema.get("multipleOf")
        if isinstance(multiple, (int, float)) and multiple > 0 and value % multiple:
            value = int(math.ceil(value / multiple) * multiple)
            if high is not None and value > high:
                value = int(math.floor(high / multiple) * multiple)
        return int(value)

    def _number(self, schema: dict) -> float:
        low, high = self._bounds(schema, 0.5)
        value = 1.5
        if low is not None and value < low:
            value = float(low)
        if high is not None and value > high:
            value = float(high)
        multiple = schema.get("multipleOf")
        if isinstance(multiple, (int, float)) and multiple > 0:
            value = math.ceil(value / multiple) * multiple
            if high is not None and value > high:
                value = math.floor(high / multiple) * multiple
        return value


# ---------------------------------------------------------------------------------------------------
# Answers


class Answer:
    """What the server sends for a valid request: status, headers, body, and what the validator said
    of it."""

    def __init__(self, status: int, content_type: Optional[str], body: bytes, headers: List[Tuple[str, str]]):
        self.status = status
        self.content_type = content_type
        self.body = body
        self.headers = headers
        self.problems: List[str] = []
        self.source = "none"
        # The header values before they became text (bravado-core validates those).
        self.header_values: Dict[str, Any] = {}


class Backend:
    """What the OpenAPI 3.x and Swagger 2.0 backends share: the router, the answer cache."""

    validator_name = ""

    def __init__(self, document: dict, router: Router):
        self.document = document
        self.router = router
        self._answers: Dict[str, Answer] = {}
        self._lock = threading.Lock()
        # The request each thread handles, as far as finding its operation needs: its Content-Type
        # (openapi-core's path finder is given only the method and URL).
        self.handling = threading.local()

    def validate(self, request: HTTPRequest, match: Match) -> List[str]:
        """The problems of `request` (none when valid)."""
        raise NotImplementedError

    def make_answer(self, request: HTTPRequest, match: Match) -> Answer:
        """The answer to a valid request for the operation of `match`, validated."""
        raise NotImplementedError

    def answer(self, request: HTTPRequest, match: Match) -> Answer:
        """The (cached) answer for the operation of `match`: made and validated once per operation."""
        key = f"{match.operation.method} {match.operation.template}"
        with self._lock:
            cached = self._answers.get(key)
            if cached is None:
                cached = self.make_answer(request, match)
                self._answers[key] = cached
                for problem in cached.problems:
                    log(f"answer of {match.operation.label} is INVALID: {problem}")
            return cached

    def event_sample(self, sampler: SchemaSampler, schema: Any) -> Any:
        """A value made from an event stream's schema: an event whose `data` is a string holding JSON
        (OpenAPI 3.2's `contentSchema`) holds JSON made from that schema."""
        value = self.sample(sampler, schema)
        node = resolve(self.document, schema)
        data = resolve(self.document, (node.get("properties") or {}).get("data")) if isinstance(node, dict) else None
        chosen = self.event_choice(node) if isinstance(value, dict) else None
        if chosen is not None:
            value["event"], own_data = chosen
            data = own_data if own_data is not None else data
            if not isinstance(value.get("data"), str):
                value["data"] = json.dumps(value.get("data"), ensure_ascii=False, default=str)
        if isinstance(value, dict) and isinstance(data, dict) and "contentSchema" in data:
            value["data"] = json.dumps(self.sample(sampler, data["contentSchema"]), ensure_ascii=False, default=str)
        return value

    def event_choice(self, node: Any) -> Optional[Tuple[str, Any]]:
        """For an event schema that is a `oneOf`/`anyOf` of events each naming its type (OpenAPI 3.2:
        `event: {const: done}`), the type and the `data` schema (`None` where the choice gives none) of
        the first choice whose data is JSON (`contentSchema`), else of the first named one."""
        if not isinstance(node, dict):
            return None
        choices = node.get("oneOf") or node.get("anyOf")
        first: Optional[Tuple[str, Any]] = None
        for choice in choices if isinstance(choices, list) else []:
            properties = (resolve(self.document, choice) or {}).get("properties") or {}
            event = resolve(self.document, properties.get("event")) or {}
            names = [event["const"]] if "const" in event else list(event.get("enum") or [])
            if not names or not isinstance(names[0], str):
                continue
            data = resolve(self.document, properties.get("data"))
            if isinstance(data, dict) and "contentSchema" in data:
                return names[0], data
            if first is None:
                first = (names[0], data)
        return first

    def sample(self, sampler: SchemaSampler, schema: Any) -> Any:
        """A value made from `schema` (an empty object, logged, when the schema is beyond the sampler)."""
        try:
            return sampler.sample(schema)
        except Exception as error:
            log(f"cannot make a value from {shorten(json.dumps(schema, default=str), 200)}: {shorten(repr(error))}")
            return {}


def schema_error_messages(error: Any, where: str, depth: int = 0) -> List[str]:
    """Readable lines for a jsonschema error and (for oneOf/anyOf) the errors of its branches."""
    path = "/".join(str(part) for part in getattr(error, "absolute_path", []) or [])
    place = f"{where} at /{path}" if path else where
    message = shorten(getattr(error, "message", str(error)))
    lines = [f"{place}: {message}"]
    context = getattr(error, "context", None) or []
    if context and depth < 2:
        for sub in sorted(context, key=lambda e: (-len(list(e.absolute_path)), str(e.message)))[:6]:
            branch = list(sub.schema_path)[:1]
            label = f"{where} (branch {branch[0]})" if branch else where
            lines.extend("  " + line for line in schema_error_messages(sub, label, depth + 1))
    return lines


def single_type_view(document: dict) -> dict:
    """A copy of a 3.1 document for openapi-core, whose parameter, header and form-field decoding
    reads `type` as one name and fails on a 3.1 type array: there (parameter and header schemas,
    the properties of `application/x-www-form-urlencoded` and `multipart/*` bodies) each type array
    becomes its first type other than `null` (such values arrive as text, never as JSON's null), and a
    `default: null` beside it goes. What it rewrites it copies first (a `$ref` there is replaced by a
    copy of its target), so JSON bodies still see the document's own schemas."""
    view = json.loads(json.dumps(document))

    def own(node: Any) -> Any:
        # A copy of the node's target, $refs followed, that can be changed without touching others.
        return copy.deepcopy(resolve(view, node))

    def single(schema: Any, depth: int = 0) -> Any:
        if not isinstance(schema, dict) or depth > 6:
            return schema
        schema = own(schema)
        if not isinstance(schema, dict):
            return schema
        kinds = schema.get("type")
        if isinstance(kinds, list):
            present = [kind for kind in kinds if kind != "null"]
            if present:
                schema["type"] = present[0]
                # A `default: null` is no value of the type kept (openapi-core applies a default to a
                # parameter left out, and then refused its own `None`): one left out has no default.
                if "default" in schema and schema["default"] is None:
                    del schema["default"]
            elif kinds:
                schema["type"] = kinds[0]
            else:
                del schema["type"]
        if "items" in schema:
            schema["items"] = single(schema["items"], depth + 1)
        if isinstance(schema.get("properties"), dict):
            schema["properties"] = {k: single(v, depth + 1) for k, v in schema["properties"].items()}
        return schema

    def fix_parameters(holder: dict) -> None:
        if isinstance(holder.get("parameters"), list):
            fixed = []
            for parameter in holder["parameters"]:
                parameter = own(parameter)
                if isinstance(parameter, dict) and "schema" in parameter:
                    parameter["schema"] = single(parameter["schema"])
                fixed.append(parameter)
            holder["parameters"] = fixed

    def fix_content(holder: dict, key: str) -> None:
        target = own(holder.get(key))
        if not isinstance(target, dict):
            return
        for mime, media in list((target.get("content") or {}).items()):
            media = own(media)
            if isinstance(media, dict) and ("form" in mime or mime.startswith("multipart")) and "schema" in media:
                form = own(media["schema"])
                if isinstance(form, dict) and isinstance(form.get("properties"), dict):
                    form["properties"] = {k: single(v) for k, v in form["properties"].items()}
                media["schema"] = form
            target["content"][mime] = media
        for name, header in list((target.get("headers") or {}).items()):
            header = own(header)
            if isinstance(header, dict) and "schema" in header:
                header["schema"] = single(header["schema"])
            target["headers"][name] = header
        holder[key] = target

    for template, item in list((view.get("paths") or {}).items()):
        item = own(item)
        if not isinstance(item, dict):
            continue
        fix_parameters(item)
        for _, _, operation in item_operations(item):
            if not isinstance(operation, dict):
                continue
            fix_parameters(operation)
            if "requestBody" in operation:
                fix_content(operation, "requestBody")
            for status in list((operation.get("responses") or {}).keys()):
                fix_content(operation["responses"], status)
        view["paths"][template] = item
    return view


# The marks that make a required property required in one direction only (OpenAPI 3.0): `readOnly`
# in answers, `writeOnly` in requests.
ACCESS_MARKS = ("readOnly", "writeOnly")


def lift_form_fields(view: dict) -> dict:
    """`view` (a copy of the document, changed in place) in which a form or multipart request body
    declares at its top every property its `allOf`, `oneOf` and `anyOf` declare, as they declare it when
    they agree and as any value when not (and an optional list property has no `minItems`: see
    `without_least_items`). openapi-core reads the fields of such a body by the properties
    declared at the top and in the parts of an `allOf`, not by those of a `oneOf` inside a part
    (Lichess's broadcast round form: `allOf` a `oneOf` of where the games come from, and the common
    fields), which it then found missing; its verdict on the fields it already read is the same."""

    def declared(schema: Any, depth: int, found: Dict[str, List[Any]]) -> None:
        schema = resolve(view, schema)
        if not isinstance(schema, dict) or depth > 8:
            return
        for key, value in (schema.get("properties") or {}).items():
            found.setdefault(key, []).append(value)
        for keyword in ("allOf", "oneOf", "anyOf"):
            for part in schema.get(keyword) or []:
                declared(part, depth + 1, found)

    for mime, media in request_media(view):
        if not ("form" in mime or mime.startswith("multipart")):
            continue
        schema = resolve(view, media.get("schema"))
        if not isinstance(schema, dict):
            continue
        schema = media["schema"] = without_least_items(schema)
        if not any(k in schema for k in ("allOf", "oneOf", "anyOf")):
            continue
        found: Dict[str, List[Any]] = {}
        declared(schema, 0, found)
        properties = dict(schema.get("properties") or {})
        for key, values in found.items():
            if key not in properties:
                alike = len({json.dumps(value, sort_keys=True) for value in values}) == 1
                properties[key] = values[0] if alike else {}
        lifted = dict(schema)
        lifted["properties"] = properties
        media["schema"] = lifted
    for mime, media in request_media(view):
        if mime.startswith("multipart") and isinstance(resolve(view, media.get("schema")), dict):
            media["schema"] = multipart_text_fields(view, resolve(view, media["schema"]))
    return view


# A scalar as the text a multipart field carries it in.
SCALAR_TEXTS = {
    "boolean": {"type": "string", "enum": ["true", "false"]},
    "integer": {"type": "string", "pattern": "^-?[0-9]+$"},
    "number": {"type": "string", "pattern": "^-?[0-9]+([.][0-9]+)?([eE][-+]?[0-9]+)?$"},
}


def multipart_text_fields(view: dict, schema: dict) -> dict:
    """A multipart body's schema (its fields lifted by `lift_form_fields`) as one object of the fields,
    each a boolean, integer or number field checked as the text of one, and required as it and the
    parts of its `allOf` require them: openapi-core reads a multipart field as the text it is (Lob's
    campaign `quantity: 2` arrives as `'2'`) and does not turn it into the number its schema says."""

    def as_text(field: Any) -> Any:
        resolved = resolve(view, field)
        if not isinstance(resolved, dict):
            return field
        kinds = resolved.get("type")
        kinds = [kinds] if isinstance(kinds, str) else [k for k in kinds or [] if k != "null"]
        if len(kinds) == 1 and kinds[0] in SCALAR_TEXTS:
            return dict(SCALAR_TEXTS[kinds[0]])
        if kinds == ["array"] and "items" in resolved:
            return {**resolved, "items": as_text(resolved["items"])}
        return field

    def required(part: Any, depth: int) -> List[str]:
        part = resolve(view, part)
        if not isinstance(part, dict) or depth > 8:
            return []
        names = required_names(part)
        for member in part.get("allOf") or []:
            names += required(member, depth + 1)
        return names

    fields = {key: as_text(value) for key, value in (schema.get("properties") or {}).items()}
    flat: Dict[str, Any] = {"type": "object", "properties": fields}
    names = sorted({name for name in required(schema, 0) if name in fields})
    if names:
        flat["required"] = names
    return flat


def request_media(view: dict) -> List[Tuple[str, dict]]:
    """Each request body's media types in the view, as (the media type, its Media Type Object), to change
    in place."""
    found: List[Tuple[str, dict]] = []
    for item in (view.get("paths") or {}).values():
        item = resolve(view, item)
        if not isinstance(item, dict):
            continue
        for _, _, operation in item_operations(item):
            body = resolve(view, operation.get("requestBody")) if isinstance(operation, dict) else None
            if not isinstance(body, dict):
                continue
            for mime, media in (body.get("content") or {}).items():
                media = resolve(view, media)
                if isinstance(media, dict):
                    found.append((str(mime), media))
    return found


def schema_is_whole_sequence(document: dict, is_request: bool) -> bool:
    """Whether a sequential media type's `schema` describes the whole sequence, as a list (OpenAPI 3.2,
    and the request bodies of earlier documents: Elasticsearch's bulk request), rather than one of its
    values (the answers of documents before 3.2, even a list: Lichess's game chat, one list on a line)."""
    version = str(document.get("openapi", "3.0"))
    return is_request or not (version.startswith("3.0") or version.startswith("3.1"))


def sequence_view(view: dict) -> dict:
    """`view` (a copy of the document, changed in place) in which the bodies openapi-core cannot read
    as the document describes them have a schema it can apply: a sequence of JSON values (JSON Lines,
    `application/json-seq`), which this server reads as the list of its values, has a list's schema,
    of its `itemSchema` (OpenAPI 3.2), or of a `schema` that describes one value (see
    `schema_is_whole_sequence`); an event stream, read as text, has a string's."""

    done: Set[int] = set()  # A media type shared by several operations through a $ref is changed once.

    def fix(content: Any, is_request: bool) -> None:
        for mime, media in (content or {}).items() if isinstance(content, dict) else []:
            media = resolve(view, media)
            if not isinstance(media, dict) or id(media) in done:
                continue
            done.add(id(media))
            if mime.lower().startswith("text/event-stream"):
                media.pop("itemSchema", None)
                media["schema"] = {"type": "string"}
            elif is_json_sequence(mime):
                item = media.pop("itemSchema", None)
                schema = media.get("schema")
                if item is None and schema is not None:
                    resolved = resolve(view, schema)
                    if schema_is_whole_sequence(view, is_request) and isinstance(resolved, dict) and "items" in resolved and (
                        resolved.get("type") == "array"
                        or (isinstance(resolved.get("type"), list) and "array" in resolved["type"])
                    ):
                        continue
                    item = schema
                if item is not None:
                    media["schema"] = {"type": "array", "items": item}

    for item in (view.get("paths") or {}).values():
        item = resolve(view, item)
        if not isinstance(item, dict):
            continue
        for _, _, operation in item_operations(item):
            if not isinstance(operation, dict):
                continue
            body = resolve(view, operation.get("requestBody"))
            if isinstance(body, dict):
                fix(body.get("content"), True)
            for response in (operation.get("responses") or {}).values():
                response = resolve(view, response)
                if isinstance(response, dict):
                    fix(response.get("content"), False)
    return view


def unstyled_multipart_view(view: dict) -> dict:
    """The view (of a 3.0 document) without `style`, `explode` and `allowReserved` in the Encoding
    Objects of multipart bodies, which OpenAPI 3.0 SHALL ignore there (they apply to
    `application/x-www-form-urlencoded` bodies; the generator warns and writes each field as its schema
    says): openapi-core read such a field by its style, as bytes, and refused the text it was."""
    for mime, media in request_media(view):
        encoding = media.get("encoding")
        if not mime.lower().startswith("multipart") or not isinstance(encoding, dict):
            continue
        for name, field in list(encoding.items()):
            if isinstance(field, dict):
                encoding[name] = {key: value for key, value in field.items() if key not in STYLE_KEYS}
    return view


# The keys of an Encoding Object that say how a field is written in a style.
STYLE_KEYS = ("style", "explode", "allowReserved")


def known_dialect_view(view: dict) -> dict:
    """The view without a `jsonSchemaDialect` that names neither OpenAPI's nor JSON Schema's dialects
    (pb33f's `https://pb33f.io/schema`), which openapi-core refused every request of; its schemas are
    then read in OpenAPI's own dialect, as the generator reads them."""
    dialect = view.get("jsonSchemaDialect")
    known = ("https://spec.openapis.org/oas/", "https://json-schema.org/", "http://json-schema.org/")
    if dialect is not None and not (isinstance(dialect, str) and dialect.startswith(known)):
        del view["jsonSchemaDialect"]
    return view


def without_ignored_headers(view: dict) -> dict:
    """The view without its header parameters named `Accept`, `Content-Type` or `Authorization`, which
    OpenAPI says SHALL be ignored (the media types and the security schemes say those): openapi-core
    checks them, and refuses a request whose body is of the documented media type when a parameter lists
    another (Influx's restore operations: `text/plain` bodies, a `Content-Type` parameter of
    `application/octet-stream`)."""
    ignored = {"accept", "content-type", "authorization"}

    def is_ignored(parameter: Any) -> bool:
        parameter = resolve(view, parameter)
        return (
            isinstance(parameter, dict)
            and parameter.get("in") == "header"
            and str(parameter.get("name", "")).lower() in ignored
        )

    def kept(holder: Any) -> None:
        if isinstance(holder, dict) and isinstance(holder.get("parameters"), list):
            holder["parameters"] = [parameter for parameter in holder["parameters"] if not is_ignored(parameter)]

    for item in (view.get("paths") or {}).values():
        item = resolve(view, item)
        if isinstance(item, dict):
            kept(item)
            for _, _, operation in item_operations(item):
                kept(operation)
    return view


def unmarked_parameters_view(view: dict) -> dict:
    """The view with each parameter's schema without `readOnly` and `writeOnly`, which OpenAPI gives
    meaning in an object's properties only: openapi-core checks a request's parameters as written by the
    client, and refused every path parameter whose schema is a read-only id (Okta's privileged access
    ids: "Tried to write read-only property")."""

    for parameter in view_parameters(view):
        schema = resolve(view, parameter.get("schema"))
        if isinstance(schema, dict) and any(schema.get(mark) is True for mark in ACCESS_MARKS):
            parameter["schema"] = {key: value for key, value in schema.items() if key not in ACCESS_MARKS}
    return view


def view_parameters(view: dict) -> Iterator[dict]:
    """Every parameter object of the view's path items and operations, a `$ref` to one followed."""
    for item in (view.get("paths") or {}).values():
        item = resolve(view, item)
        if not isinstance(item, dict):
            continue
        for holder in [item] + [operation for _, _, operation in item_operations(item)]:
            parameters = holder.get("parameters") if isinstance(holder, dict) else None
            for parameter in parameters if isinstance(parameters, list) else []:
                parameter = resolve(view, parameter)
                if isinstance(parameter, dict):
                    yield parameter


# What a boolean, an integer and a number are as text.
SCALAR_TEXTS = {
    "boolean": {"type": "string", "enum": ["true", "false"]},
    "integer": {"type": "string", "pattern": "^-?[0-9]+$"},
    "number": {"type": "string", "pattern": "^-?[0-9]+([.][0-9]+)?([eE][-+]?[0-9]+)?$"},
}


def union_parameters_view(view: dict) -> dict:
    """The view with each parameter's `oneOf`/`anyOf` (its schema's, or its list items') checked as
    text: openapi-core turns a parameter's text into a number or a boolean by the schema's `type`, and
    under a union leaves it text, so it refused Lago's `http_statuses[]=404` (`anyOf` a string `enum`
    and an integer) as no integer. In a union with a text branch, a branch that is an integer, a number
    or a boolean is the text of one, and the union an `anyOf` (`404` is text as well as an integer's);
    a union of lists is a list of any of their items."""

    def text(value: Any) -> str:
        return json.dumps(value) if isinstance(value, bool) else str(value)

    def as_text(branch: Any, target: Any) -> Any:
        # A branch that is an integer, a number or a boolean, as the text of one.
        kind = target.get("type") if isinstance(target, dict) else None
        if not isinstance(kind, str) or kind not in SCALAR_TEXTS:
            return branch
        listed = target.get("enum")
        if isinstance(listed, list):
            return {"type": "string", "enum": [text(value) for value in listed]}
        return dict(SCALAR_TEXTS[kind])

    def textual(schema: Any, depth: int) -> Any:
        resolved = resolve(view, schema)
        if not isinstance(resolved, dict) or depth > 4:
            return schema
        changed = dict(resolved)
        for keyword in ("oneOf", "anyOf"):
            branches = resolved.get(keyword)
            if not isinstance(branches, list):
                continue
            targets = [resolve(view, branch) for branch in branches]
            # A union of lists (Senzing's record identifiers: of ids, of texts, of either) is read by
            # openapi-core as one text: it is a list whose items are any of the lists' items.
            if targets and all(isinstance(t, dict) and t.get("type") == "array" for t in targets):
                changed.pop(keyword, None)
                changed["type"] = "array"
                changed["items"] = {"anyOf": [textual(t.get("items", {}), depth + 1) for t in targets]}
                return changed
            # Only a union with a text branch stays text; openapi-core casts the others by their
            # branches' types (RallyHere's page size, an integer or null, arrives as the integer).
            if not any(isinstance(t, dict) and t.get("type") == "string" for t in targets):
                continue
            rewritten = [as_text(branch, target) for branch, target in zip(branches, targets)]
            if rewritten != branches:
                del changed[keyword]
                changed["anyOf"] = rewritten
        if "items" in resolved:
            items = textual(resolved["items"], depth + 1)
            if items is not resolved["items"]:
                changed["items"] = items
        return changed if changed != resolved else schema

    for parameter in view_parameters(view):
        if "schema" in parameter:
            parameter["schema"] = textual(parameter["schema"], 0)
    return view


def xml_bodies_view(view: dict) -> dict:
    """The view with each XML request body (`application/xml`, `text/xml`, `…+xml`) checked as
    well-formed XML only: openapi-core reads it as an element and refuses it as no object (ESET's rules),
    and OpenAPI's `xml` mapping of elements to properties is not what it checks."""
    for mime, media in request_media(view):
        bare = mime.split(";")[0].strip().lower()
        if bare in ("application/xml", "text/xml") or bare.endswith("+xml"):
            media["schema"] = {}
    return view


def text_scalars_view(view: dict) -> dict:
    """The view with each text request body (`text/*`) whose schema is a boolean, an integer or a number
    checked as the text of one: openapi-core reads a text body as a string, and refuses Meilisearch's
    `true` (a setting sent as `text/plain`) as not a boolean. A string is only what such a body can be."""
    texts = SCALAR_TEXTS
    for mime, media in request_media(view):
        schema = resolve(view, media.get("schema"))
        if not mime.startswith("text/") or not isinstance(schema, dict):
            continue
        kinds = schema.get("type")
        kinds = [kinds] if isinstance(kinds, str) else [k for k in kinds or [] if k != "null"]
        if len(kinds) == 1 and kinds[0] in texts:
            media["schema"] = dict(texts[kinds[0]])
    return view


def python_pattern(pattern: str) -> Optional[str]:
    """`pattern`, an ECMA-262 regular expression as JSON Schema's are, in a form Python's `re` reads:
    itself where `re` reads it; a named group `(?<name>…)` as `(?P<name>…)`; a `-` after a class escape
    in brackets, which ECMA-262 reads as itself (Webex's `[\\w\\d-_]`), escaped. `None` where `re`
    reads it still not (`\\p{L}`)."""
    named = re.sub(r"\(\?<(?![=!])", "(?P<", pattern)
    for candidate in (pattern, re.sub(r"\\([dDwWsS])-", r"\\\1\\-", named)):
        try:
            re.compile(candidate)
            return candidate
        except (re.error, RecursionError, OverflowError):
            continue
    return None


def python_patterns_view(view: Any) -> Any:
    """The view with each schema's `pattern` as ``python_pattern`` writes it, or without it where Python
    cannot read it: openapi-core's checks use `re`, and a pattern it cannot read failed the whole request
    (`bad character range`), every other check with it."""
    stack = [view]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            pattern = node.get("pattern")
            if isinstance(pattern, str):
                readable = python_pattern(pattern)
                if readable is None:
                    log(f"pattern {shorten(pattern, 120)} is not checked: Python's re cannot read it")
                    del node["pattern"]
                elif readable != pattern:
                    node["pattern"] = readable
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return view


def core_path_key(template: str) -> str:
    """A path's key as openapi-core's document paths can reach it: `#`, which they take for a separator
    and some documents add to tell apart operations of one path (Mistral's `…/{connector_id}#id`), as
    `%23`; `?`, which begins a query written into the key (Adzerk's `…/regions?version=2`), as `%3F`."""
    return template.replace("#", "%23").replace("?", "%3F")


def fragment_free_keys_view(view: dict) -> dict:
    """The view with each path's key as ``core_path_key`` writes it."""
    if isinstance(view.get("paths"), dict):
        view["paths"] = {core_path_key(key): item for key, item in view["paths"].items()}
    return view


def without_least_items(schema: dict) -> dict:
    """A form's schema in which an optional list property has no `minItems`: openapi-core reads a list
    field that a form or multipart body leaves out as an empty list (OpenAI's transcription `languages`,
    `minItems: 1`), and on the wire no field and no element are the same."""
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return schema
    required = set(required_names(schema))
    changed = {}
    for key, value in properties.items():
        if key in required or not isinstance(value, dict) or "minItems" not in value:
            continue
        changed[key] = {k: v for k, v in value.items() if k != "minItems"}
    if not changed:
        return schema
    return {**schema, "properties": {**properties, **changed}}


def without_marked_required(view: dict, mark: str) -> dict:
    """A copy of `view` in which no `required` list names a property its object marks with `mark`
    (`readOnly` or `writeOnly`; ``shared_marks_view`` carries a mark to each `required` list beside it)."""
    copied = json.loads(json.dumps(view))
    stack: List[Any] = [copied]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            properties = node.get("properties")
            if isinstance(node.get("required"), list) and isinstance(properties, dict):

                def marked(name: Any) -> bool:
                    prop = properties.get(name) if isinstance(name, str) else None
                    if isinstance(prop, dict) and prop.get(mark) is True:
                        return True
                    try:
                        target = resolve(copied, prop)
                    except (KeyError, ValueError, IndexError):
                        return False
                    return isinstance(target, dict) and target.get(mark) is True

                node["required"] = [name for name in node["required"] if not marked(name)]
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return copied


def shared_marks_view(document: dict) -> dict:
    """A copy of a document for openapi-core in which a property that one part of an `allOf`
    marks `readOnly` or `writeOnly` carries the mark in every part that lists it as `required`.
    OpenAPI 3.0 makes a required `readOnly` property required in answers only (a `writeOnly` one in
    requests only), and a mark on any part applies to the property (JSON Schema: when one of the
    schemas that apply says `true`, it is `true`); openapi-core reads the mark only beside the
    `required` list it checks, so `allOf: [Base (id: readOnly), {required: [id]}]` (PagerDuty's
    references) refused every request, with `id` (it is read-only) and without (it is required). A
    part that is a `$ref` is replaced by a marked copy, so that the schema it names keeps its own
    marks where it is used alone. A required property that is a `$ref` to a marked schema carries the
    mark beside the reference, where openapi-core reads it."""
    view = json.loads(json.dumps(document))

    def target(node: Any) -> Any:
        try:
            return resolve(view, node)
        except (KeyError, ValueError, IndexError):  # a broken $ref: the validator reports it
            return node

    def marks_of(schema: Any, depth: int = 0) -> Dict[str, set]:
        # The properties `schema` (its $refs followed, its own allOf parts included) marks, with the marks.
        schema = target(schema)
        found: Dict[str, set] = {}
        if not isinstance(schema, dict) or depth > 16:
            return found
        properties = schema.get("properties")
        for name, prop in (properties.items() if isinstance(properties, dict) else []):
            resolved = target(prop)
            for keyword in ACCESS_MARKS:
                if any(isinstance(node, dict) and node.get(keyword) is True for node in (prop, resolved)):
                    found.setdefault(name, set()).add(keyword)
        for part in schema.get("allOf") if isinstance(schema.get("allOf"), list) else []:
            for name, marks in marks_of(part, depth + 1).items():
                found.setdefault(name, set()).update(marks)
        return found

    def mark_parts(holder: dict) -> bool:
        # Marks the required properties of `holder` and of each part of its allOf; whether anything changed.
        parts = holder["allOf"]
        marks = marks_of(holder)
        changed = False
        # The holder's own `required` (beside the allOf, the properties in the parts), then the parts'.
        for index, part in [(None, holder)] + list(enumerate(parts)):
            schema = target(part)
            if not isinstance(schema, dict) or not isinstance(schema.get("required"), list):
                continue
            properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
            missing = [
                (name, keyword)
                for name in schema["required"]
                if isinstance(name, str) and name in marks
                for keyword in sorted(marks[name])
                if not (isinstance(properties.get(name), dict) and properties[name].get(keyword) is True)
            ]
            if not missing:
                continue
            if index is not None and schema is not part:
                schema = copy.deepcopy(schema)
                parts[index] = schema
            if not isinstance(schema.get("properties"), dict):
                schema["properties"] = {}
            for name, keyword in missing:
                prop = schema["properties"].get(name)
                if not isinstance(prop, dict):
                    prop = {}
                elif "$ref" in prop:  # 3.0 ignores a $ref's siblings: the mark goes beside a wrapper
                    prop = {"allOf": [prop]}
                prop[keyword] = True
                schema["properties"][name] = prop
            changed = True
        return changed

    def mark_references(holder: dict) -> None:
        # Marks each required property of `holder` that is a `$ref` to a marked schema: openapi-core reads
        # the mark beside the reference only (Okta's and Apideck's read-only ids were required in requests).
        properties = holder.get("properties")
        if not isinstance(properties, dict) or not isinstance(holder.get("required"), list):
            return
        for name in holder["required"]:
            prop = properties.get(name) if isinstance(name, str) else None
            if not isinstance(prop, dict) or "$ref" not in prop:
                continue
            resolved = target(prop)
            marks = [k for k in ACCESS_MARKS if isinstance(resolved, dict) and resolved.get(k) is True]
            if marks:
                properties[name] = {"allOf": [prop], **{keyword: True for keyword in marks}}

    # A copied part may hold an allOf of its own: passes until nothing changes.
    for _ in range(8):
        changed = False
        stack: List[Any] = [view]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                mark_references(node)
                if isinstance(node.get("allOf"), list) and mark_parts(node):
                    changed = True
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        if not changed:
            break
    return view


def check_time_as_rfc3339(schema_validators: Any) -> None:
    """Has the validators of `schema_validators` (openapi-schema-validator's module) check the `time`
    format as RFC 3339's `full-time`, which JSON Schema and OpenAPI's format registry name
    (`08:30:00Z`, `08:30:00.5+02:00`): their format checker holds every draft's checks, and the one it
    keeps for `time` is draft 3's `%H:%M:%S`, which refuses the offset RFC 3339 requires."""
    import jsonschema

    full_time = jsonschema.Draft7Validator.FORMAT_CHECKER.checkers.get("time")
    if full_time is None:
        return
    for name in dir(schema_validators):
        checker = getattr(getattr(schema_validators, name), "FORMAT_CHECKER", None)
        if checker is not None and hasattr(checker, "checkers"):
            checker.checkers["time"] = full_time


class OpenAPI3Backend(Backend):
    """OpenAPI 3.0, 3.1 and 3.2 documents, validated by openapi-core."""

    def __init__(self, document: dict, router: Router, version: str):
        super().__init__(document, router)
        import openapi_core
        from jsonschema_path import SchemaPath
        from openapi_core.deserializing.media_types.util import binary_loads, data_form_loads, json_loads
        from openapi_core.deserializing.styles import StyleDeserializersFactory, style_deserializers
        from openapi_core.security.factories import SecurityProviderFactory
        from openapi_core.security.exceptions import SecurityProviderError
        from openapi_core.security.providers import BaseProvider, HttpProvider
        from openapi_core.templating.datatypes import TemplateResult
        from openapi_core.templating.paths.datatypes import PathOperationServer
        from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
        from openapi_core.validation.request import validators as request_validators
        from openapi_core.validation.response import validators as response_validators
        import openapi_schema_validator
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT4, DRAFT202012

        self.validator_name = f"openapi-core {openapi_core.__version__}"
        check_time_as_rfc3339(openapi_schema_validator)
        minor = ".".join(version.split(".")[:2])
        if minor == "3.0":
            prefix, dialect = "V30", "oas30"
            schema_validator, specification = openapi_schema_validator.OAS30ReadValidator, DRAFT4
        elif minor == "3.1":
            prefix, dialect = "V31", "oas31"
            schema_validator, specification = openapi_schema_validator.OAS31Validator, DRAFT202012
        elif minor == "3.2" and hasattr(request_validators, "V32RequestValidator"):
            prefix, dialect = "V32", "oas32"
            schema_validator, specification = openapi_schema_validator.OAS32Validator, DRAFT202012
        else:
            raise ValueError(f"OpenAPI {version} is not supported by {self.validator_name}")
        self.dialect = dialect
        # openapi-core is given a view of the document: for 3.1, one type where it reads one type name
        # and fails on a type array (`type: [string, "null"]`, a TypeError); for 3.0, the readOnly and
        # writeOnly marks carried to every part of an allOf (it reads them only beside `required`).
        view = shared_marks_view(single_type_view(document) if dialect != "oas30" else document)
        if dialect == "oas30":
            view = unstyled_multipart_view(view)
        for step in (
            known_dialect_view,
            python_patterns_view,
            unmarked_parameters_view,
            union_parameters_view,
            without_ignored_headers,
            text_scalars_view,
            xml_bodies_view,
            lift_form_fields,
            sequence_view,
            fragment_free_keys_view,
        ):
            view = step(view)
        spec = SchemaPath.from_dict(view)
        # From 3.1 on, openapi-core checks `required` as JSON Schema does, marks or not; OpenAPI 3.1 leaves
        # 3.0's reading to the tools (a required read-only property required in answers only, a
        # write-only one in requests only), which the generated code follows: requests are checked
        # against a view without the read-only properties' requirements, answers without the write-only.
        request_spec = response_spec = spec
        if dialect != "oas30":
            request_spec = SchemaPath.from_dict(without_marked_required(view, "readOnly"))
            response_spec = SchemaPath.from_dict(without_marked_required(view, "writeOnly"))
        router_find = router.find
        handling = self.handling

        class DocumentPathFinder:
            """openapi-core's path finder, answered by this server's router: the request reaches
            the server at 127.0.0.1 while the document names other hosts, and the router already
            chose the operation (concrete paths before templated ones)."""

            def __init__(self, spec: Any, base_url: Optional[str] = None):
                self.spec = spec

            def find(self, method: str, full_url: str) -> Any:
                # openapi-core's URL has no query: the request's is kept for the router where its
                # Content-Type is.
                raw_path = urllib.parse.urlsplit(full_url).path or "/"
                # The operation the request is being checked against, of those its path matches alike.
                match = getattr(handling, "match", None)
                if match is None:
                    match, _ = router_find(
                        method, raw_path, getattr(handling, "content_type", ""), getattr(handling, "query", "")
                    )
                if match is None:
                    raise PathNotFound(full_url)
                operation = match.operation
                path = self.spec / "paths" / core_path_key(operation.template)
                found = path
                for key in operation.keys:
                    if key not in found:
                        raise OperationNotFound(full_url, method)
                    found = found / key
                return PathOperationServer(
                    path,
                    found,
                    None,
                    TemplateResult(operation.template, match.variables),
                    TemplateResult("", {}),
                )

        class AuthorizationProvider(BaseProvider):
            """oauth2 and openIdConnect, which openapi-core does not check: a bearer token must be
            there, in the Authorization header or the `access_token` query parameter (RFC 6750
            sections 2.1 and 2.3)."""

            def __call__(self, parameters: Any) -> Any:
                if "Authorization" in parameters.header:
                    return parameters.header["Authorization"]
                if "access_token" in parameters.query:
                    return parameters.query["access_token"]
                raise SecurityProviderError("Missing authorization header (or access_token query parameter).")

        class CaseInsensitiveHttpProvider(HttpProvider):
            """openapi-core's HTTP scheme check, with the scheme compared in any case (`Bearer` in
            the document and `bearer` on the wire are the same, RFC 9110 section 11.1)."""

            def __init__(self, scheme: Any):
                super().__init__(scheme)
                self.scheme = {"scheme": str(scheme["scheme"] if "scheme" in scheme else "").lower()}

        class Providers(SecurityProviderFactory):
            """openapi-core's security providers, with the two above."""

            PROVIDERS = {
                **SecurityProviderFactory.PROVIDERS,
                "http": CaseInsensitiveHttpProvider,
                "oauth2": AuthorizationProvider,
                "openIdConnect": AuthorizationProvider,
            }

        from openapi_core.deserializing.media_types import media_type_deserializers as known_readers

        class MediaTypeReaders(dict):
            """Body readers for the media types openapi-core has none for (it validates their raw
            bytes, which no `type: string` schema accepts, so that no binary body could pass):
            every JSON type (`application/problem+json`, `*/*+json`) reads as JSON, every multipart type as
            a form, any other (image/png, application/octet-stream, text/csv, `image/*`) as text, byte for
            byte (Latin-1)."""

            def __contains__(self, mime: object) -> bool:
                if not isinstance(mime, str):
                    return False
                return is_json_type(mime) or known_readers.get(mime, binary_loads) is binary_loads

            def __getitem__(self, mime: str) -> Callable[..., Any]:
                if is_json_sequence(mime):
                    record_separated = is_record_sequence(mime)
                    return lambda value, **parameters: sequence_loads(value, record_separated)
                if is_json_type(mime):
                    return json_loads
                # Other multipart types (`multipart/related`, `multipart/mixed`) are read as a form is:
                # OpenAPI matches their parts to properties by the name of `Content-Disposition` too.
                if mime.startswith("multipart/"):
                    return data_form_loads
                # A range (`*/*`, `application/*`: HubSpot's bodies) names no type: a body that is JSON
                # (sent as `application/json`) is read as JSON, any other as text.
                return json_or_latin1_loads if "*" in mime else latin1_loads

        def latin1_loads(value: bytes, **parameters: str) -> str:
            return value.decode("latin-1")

        def json_or_latin1_loads(value: bytes, **parameters: str) -> Any:
            try:
                return json_loads(value, **parameters)
            except ValueError:
                return latin1_loads(value)

        options = dict(
            path_finder_cls=DocumentPathFinder,
            extra_media_type_deserializers=MediaTypeReaders(),
        )
        request_validator_type = getattr(request_validators, f"{prefix}RequestValidator")
        class Styles(StyleDeserializersFactory):
            """Reads an exploded `form` object as OpenAPI writes it, a query parameter per member
            (`R=100&G=200`); openapi-core looks for one parameter under the object's name."""

            def create(self, spec: Any, schema: Any, style: str, explode: bool, name: str) -> Any:
                deserializer = super().create(spec, schema, style, explode, name)
                if style != "form" or not explode or deserializer.deserializer_callable is None:
                    return deserializer
                with schema.open() as contents:
                    node = dict(contents) if isinstance(contents, Mapping) else {}
                properties = node.get("properties")
                if node.get("type") != "object" and not isinstance(properties, Mapping):
                    return deserializer
                deserializer.schema_type = "object"
                deserializer.deserializer_callable = partial(
                    exploded_form_object_loads,
                    members=set(properties) if isinstance(properties, Mapping) and properties else None,
                    read=deserializer.deserializer_callable,
                )
                return deserializer

        styles = Styles(
            request_validator_type.schema_casters_factory,
            style_deserializers={**style_deserializers, "deepObject": deep_object_loads},
        )
        self.request_validator = request_validator_type(
            request_spec, security_provider_factory=Providers(), style_deserializers_factory=styles, **options
        )
        self.response_validator = getattr(response_validators, f"{prefix}ResponseValidator")(response_spec, **options)

        # For the sampler: one schema's validity, its $refs resolved in the document.
        uri = "urn:openapi-server:document"
        resolver = Registry().with_resource(uri, Resource(contents=document, specification=specification)).resolver(uri)
        format_checker = schema_validator.FORMAT_CHECKER

        def is_valid(schema: Any, value: Any) -> bool:
            try:
                return schema_validator(schema, _resolver=resolver, format_checker=format_checker).is_valid(value)
            except Exception:  # an unresolvable or broken schema: take the value
                return True

        self.is_valid = is_valid

    def _core_request(self, request: HTTPRequest, match: Match) -> Any:
        """The request as openapi-core's Request protocol has it."""
        from openapi_core.datatypes import RequestParameters
        from werkzeug.datastructures import Headers, ImmutableMultiDict

        class CoreRequest:
            host_url = request.host_url
            path = request.raw_path
            method = request.method.lower()
            body = request.body
            content_type = match.operation.documented_media_type(request.content_type)
            parameters = RequestParameters(
                path=dict(match.variables),
                query=ImmutableMultiDict(request.query),
                header=Headers(request.headers),
                cookie=ImmutableMultiDict(request.cookies),
            )

        return CoreRequest()

    def validate(self, request: HTTPRequest, match: Match) -> List[str]:
        from openapi_core.validation.request.exceptions import RequestBodyValidationError

        problems: List[str] = []
        try:
            for error in self.request_validator.iter_errors(self._core_request(request, match)):
                problems.extend(self._describe(error, RequestBodyValidationError))
        except Exception as error:  # the validator could not read the request (a broken multipart body)
            problems.append(f"the request could not be read for validation: {shorten(repr(error))}")
        return problems

    @staticmethod
    def _describe(error: Exception, body_error: type) -> List[str]:
        """Readable lines for an openapi-core error: its summary, then each schema error."""
        cause = error.__cause__
        schema_errors = list(getattr(cause, "schema_errors", None) or [])
        if isinstance(error, body_error):
            count = len(schema_errors)
            head = f"request body is invalid ({count} schema error{'s' if count != 1 else ''})" if count else str(error)
        else:
            head = str(error)
        if not schema_errors:
            detail = f" ({shorten(cause)})" if cause is not None and str(cause) not in head else ""
            return [shorten(head + detail, 600)]
        where = "request body"
        name = getattr(error, "name", None)
        if name is not None:
            where = f"{getattr(error, 'location', 'parameter')} parameter {name}"
        lines = [shorten(head, 300)]
        for schema_error in schema_errors:
            lines.extend(schema_error_messages(schema_error, where))
        return lines

    def make_answer(self, request: HTTPRequest, match: Match) -> Answer:
        from werkzeug.datastructures import Headers

        operation = match.operation.operation
        responses = {str(k): v for k, v in (operation.get("responses") or {}).items()}
        chosen = success_status(responses)
        if chosen is None:
            answer = Answer(200, None, b"", [])
            answer.problems.append("the operation documents no 2xx, default or 3xx response; answered 200, no body")
            return answer
        status, key = chosen
        response = resolve(self.document, responses[key]) or {}
        sampler = SchemaSampler(self.document, self.dialect, self.is_valid)
        headers: List[Tuple[str, str]] = []
        for name, header in (response.get("headers") or {}).items():
            header = resolve(self.document, header)
            # The message's own framing is the server's to write, not a documented value to echo (OpenAI
            # documents `Transfer-Encoding` on its audio answers).
            if name.lower() in FRAMING_HEADERS or not isinstance(header, dict):
                continue
            value = header.get("example")
            if value is None and isinstance(header.get("examples"), dict) and header["examples"]:
                value = (resolve(self.document, next(iter(header["examples"].values()))) or {}).get("value")
            if value is None:
                schema = header.get("schema")
                if schema is None and isinstance(header.get("content"), dict) and header["content"]:
                    schema = (next(iter(header["content"].values())) or {}).get("schema")
                value = self.sample(sampler, schema or {"type": "string"})
            if sends_elsewhere(status, name, header_text(value)):
                log(f"{match.operation.label}: {name} {shorten(header_text(value), 120)} left out (another host)")
                continue
            headers.append((name, header_text(value)))
        content = response.get("content") if isinstance(response.get("content"), dict) else {}
        key_type = (
            choose_media_type(list(content), request.header("Accept"))
            if content and status not in BODYLESS_STATUSES
            else None
        )
        if key_type is None:
            answer = Answer(status, None, b"", headers)
            answer.problems.extend(self._check(request, match, answer, Headers))
            answer.source = "no content"
            return answer
        mime = concrete_media_type(key_type)
        media = resolve(self.document, content[key_type]) or {}
        candidates: List[Tuple[str, Any]] = []
        if "example" in media:
            candidates.append(("media type example", media["example"]))
        if isinstance(media.get("examples"), dict):
            for name, example in media["examples"].items():
                example = resolve(self.document, example)
                # `dataValue`: OpenAPI 3.2's name for the value as data.
                if isinstance(example, dict) and ("value" in example or "dataValue" in example):
                    candidates.append((f"example '{name}'", example.get("value", example.get("dataValue"))))
                    break
        schema = media.get("schema")
        item_schema = media.get("itemSchema")
        if mime.startswith("text/event-stream"):
            described = item_schema if item_schema is not None else schema
            if described is not None:
                candidates.append(("an event made from the schema", event_text(self.event_sample(sampler, described))))
            elif not candidates:
                candidates.append(("empty stream (no schema)", b""))
        elif schema is not None:
            value = self.sample(sampler, schema)
            if is_json_sequence(mime) and not schema_is_whole_sequence(self.document, False):
                value = [value]  # The schema is one value's: the sequence holds that one.
            candidates.append(("value made from the schema", value))
        elif item_schema is not None and not candidates and is_json_type(mime):
            # OpenAPI 3.2 describes a sequential media type (JSON Lines) by each of its items: a line.
            candidates.append(("a line made from the item schema", [self.sample(sampler, item_schema)]))
        elif not candidates:
            candidates.append(("empty value (no schema)", {} if is_json_type(mime) else ""))
        first: Optional[Answer] = None
        for source, value in candidates:
            answer = Answer(status, mime, encode_body(value, mime), headers)
            answer.source = source
            answer.problems = self._check(request, match, answer, Headers)
            if not answer.problems:
                return answer
            if first is None:
                first = answer
            log(f"{match.operation.label}: the {source} is not valid for the response, trying the next")
        # Nothing validated: send the last candidate (the made value when there is a schema).
        return answer if schema is not None else first  # type: ignore[return-value]

    def _check(self, request: HTTPRequest, match: Match, answer: Answer, headers_type: type) -> List[str]:
        """The validator's problems with `answer` (as openapi-core's response validator sees them)."""
        from openapi_core.validation.response.exceptions import DataValidationError

        class CoreResponse:
            status_code = answer.status
            content_type = answer.content_type or ""
            headers = headers_type(
                answer.headers + ([("Content-Type", answer.content_type)] if answer.content_type else [])
            )
            data = answer.body

        problems: List[str] = []
        try:
            errors = list(self.response_validator.iter_errors(self._core_request(request, match), CoreResponse()))
        except Exception as error:  # the validator itself failed: say so, do not fail the answer
            return [f"the response validator failed: {shorten(repr(error))}"]
        for error in errors:
            for line in self._describe(error, DataValidationError):
                problems.append(line.replace("request body", "response body"))
        return problems


class Swagger2Backend(Backend):
    """Swagger 2.0 documents, validated by bravado-core (with `validate_requests` and
    `validate_responses`), plus the checks it leaves out: the body's content type against
    `consumes`, and basic/oauth2 security (bravado-core checks apiKey only)."""

    def __init__(self, document: dict, router: Router, path: str):
        super().__init__(document, router)
        import bravado_core
        from bravado_core.spec import Spec
        from bravado_core.validate import validate_schema_object

        # bravado-core logs every model name that two schemas share; not a problem for validation.
        logging.getLogger("bravado_core").setLevel(logging.ERROR)
        self.validator_name = f"bravado-core {getattr(bravado_core, 'version', None) or self._version('bravado-core')}"
        self.dialect = "swagger2"
        config = {
            "validate_swagger_spec": False,  # --check-document does that, when asked
            "validate_requests": True,
            "validate_responses": True,
            "use_models": False,
        }
        self.spec = Spec.from_dict(
            self._without_colliding_keys(document), origin_url="file://" + os.path.abspath(path), config=config
        )
        # The router's operations, with bravado-core's Operation objects.
        self.bravado_operations: Dict[Tuple[str, str], Any] = {}
        for resource in self.spec.resources.values():
            for operation in resource.operations.values():
                self.bravado_operations[(operation.http_method.lower(), operation.path_name)] = operation

        def is_valid(schema: Any, value: Any) -> bool:
            try:
                validate_schema_object(self.spec, schema, value)
                return True
            except Exception:
                return False

        self.is_valid = is_valid

    @staticmethod
    def _version(name: str) -> str:
        from importlib.metadata import version

        return version(name)

    @staticmethod
    def _without_colliding_keys(document: dict) -> dict:
        """A copy of `document` for bravado-core, which keys an operation's parameters by name alone and
        refuses a document where an apiKey scheme the operation may use has the name of one of its
        parameters, though they are in different places (Gitea's `token` query key and the `{token}` of
        DELETE /users/{username}/tokens/{token}). Such an operation is given its security requirements
        without the ones that name that scheme. An operation without tags is given one, one whose
        `operationId` an earlier one has another, and a path item only the fields Swagger 2.0 defines
        for it; an extension of the paths, and a security requirement naming a scheme the document does not
        define, are left out."""
        from bravado_core.util import sanitize_name

        copied = copy.deepcopy(document)
        # bravado-core takes every key of a path item but `parameters` for an operation, and fails on one
        # Swagger 2.0 does not define there (a `tags` list beside the methods): those are left out.
        for template, item in list((copied.get("paths") or {}).items()):
            # An extension of the Paths Object (`x-minty: fresh`) is no path; bravado-core took it for one.
            if not str(template).startswith("/"):
                del copied["paths"][template]
                continue
            # A path item that is a `$ref` is its target (a path item's, elsewhere in the document); one
            # whose target is none (pb33f's `#/externalPaths/test`, a list) is left out.
            if isinstance(item, dict) and "$ref" in item:
                try:
                    item = resolve(copied, item)
                except (KeyError, IndexError, TypeError, ValueError):
                    item = None
                if not isinstance(item, dict):
                    del copied["paths"][template]
                    continue
            if isinstance(item, dict):
                fields = set(METHODS) | {"parameters", "$ref"}
                item = {key: value for key, value in item.items() if key in fields}
                copied["paths"][template] = item
                # A parameter whose `$ref` names no parameter (a model's, `#/definitions/…`) is left out,
                # as the generator leaves it out; bravado-core took the model for the parameter.
                for holder in [item] + [item.get(method) for method in METHODS]:
                    if isinstance(holder, dict) and isinstance(holder.get("parameters"), list):
                        holder["parameters"] = [
                            parameter
                            for parameter in holder["parameters"]
                            if not (isinstance(parameter, dict) and "#/definitions/" in str(parameter.get("$ref")))
                        ]
        # bravado-core names an untagged operation's resource after its path's first segment, and
        # refuses the path `/` (Weaviate's root), which has none: such an operation gets a tag.
        for item in (copied.get("paths") or {}).values():
            for method in METHODS:
                operation = item.get(method) if isinstance(item, dict) else None
                if isinstance(operation, dict) and not operation.get("tags"):
                    operation["tags"] = ["untagged"]
        # bravado-core keys operations by their (sanitized) `operationId`, and the second of two alike took
        # the first's place; Swagger 2.0 requires them unique, and the copy makes them so.
        seen: Set[str] = set()
        for item in (copied.get("paths") or {}).values():
            for method in METHODS:
                operation = item.get(method) if isinstance(item, dict) else None
                if not isinstance(operation, dict) or not isinstance(operation.get("operationId"), str):
                    continue
                name, number = operation["operationId"], 1
                while sanitize_name(name) in seen:
                    number += 1
                    name = f"{operation['operationId']}_{number}"
                operation["operationId"] = name
                seen.add(sanitize_name(name))
        definitions = copied.get("securityDefinitions") or {}
        # A security requirement that names a scheme the document does not define (pb33f's `global_auth`) is
        # left out, as the generator leaves it out; bravado-core refused the document.

        def defined(requirements: Any) -> Any:
            if not isinstance(requirements, list):
                return requirements
            return [r for r in requirements if isinstance(r, dict) and all(name in definitions for name in r)]

        if "security" in copied:
            copied["security"] = defined(copied["security"])
        for item in (copied.get("paths") or {}).values():
            for method in METHODS:
                operation = item.get(method) if isinstance(item, dict) else None
                if isinstance(operation, dict) and "security" in operation:
                    operation["security"] = defined(operation["security"])
        key_names = {
            scheme: sanitize_name(str(definition.get("name", "")))
            for scheme, definition in definitions.items()
            if isinstance(definition, dict) and definition.get("type") == "apiKey"
        }
        if not key_names:
            return copied
        parameters_by_ref = copied.get("parameters") or {}

        def parameter_name(parameter: Any) -> Optional[str]:
            if isinstance(parameter, dict) and isinstance(parameter.get("$ref"), str):
                parameter = parameters_by_ref.get(parameter["$ref"].rsplit("/", 1)[-1])
            return sanitize_name(str(parameter.get("name", ""))) if isinstance(parameter, dict) else None

        for item in (copied.get("paths") or {}).values():
            if not isinstance(item, dict):
                continue
            for method in METHODS:
                operation = item.get(method)
                if not isinstance(operation, dict):
                    continue
                parameters = (item.get("parameters") or []) + (operation.get("parameters") or [])
                names = {parameter_name(parameter) for parameter in parameters}
                requirements = operation.get("security", copied.get("security"))
                if not isinstance(requirements, list):
                    continue
                colliding = {scheme for scheme, name in key_names.items() if name in names}
                kept = [r for r in requirements if not (isinstance(r, dict) and colliding & set(r))]
                if len(kept) != len(requirements):
                    operation["security"] = kept
        return copied

    def _operation(self, match: Match) -> Any:
        return self.bravado_operations[(match.operation.method, match.operation.template)]

    def _incoming(self, request: HTTPRequest, match: Match, operation: Any) -> Any:
        """The request as bravado-core's IncomingRequest has it."""
        from bravado_core.request import IncomingRequest
        from werkzeug.datastructures import Headers

        params = list(operation.params.values())
        multi = {p.name for p in params if p.location == "query" and p.param_spec.get("collectionFormat") == "multi"}
        arrays = {p.name for p in params if p.location == "query" and p.param_spec.get("type") == "array"}
        query: Dict[str, Any] = {}
        for name, value in request.query:
            if name in multi or (name in arrays and name in query):
                previous = query.get(name, [])
                query[name] = (previous if isinstance(previous, list) else [previous]) + [value]
            else:
                query.setdefault(name, value)
        form: Dict[str, Any] = {}
        files: Dict[str, Any] = {}
        mime = request.mime_type
        has_form = any(p.location == "formData" for p in params)
        has_body = any(p.location == "body" for p in params)
        if mime in ("application/x-www-form-urlencoded", "multipart/form-data") and request.body:
            from werkzeug.formparser import parse_form_data
            import io

            environ = {
                "wsgi.input": io.BytesIO(request.body),
                "CONTENT_LENGTH": str(len(request.body)),
                "CONTENT_TYPE": request.header("Content-Type") or "",
                "REQUEST_METHOD": "POST",
            }
            _, parsed_form, parsed_files = parse_form_data(environ)
            form = {name: parsed_form.get(name) for name in parsed_form.keys()}
            files = {name: parsed_files.get(name) for name in parsed_files.keys()}
        elif has_form and not has_body and is_json_type(mime) and request.body:
            # Workaround: an operation with formData parameters that also `consumes` JSON (Slack's do)
            # takes the same fields as a JSON object's members.
            try:
                members = json.loads(request.body)
            except ValueError:
                members = None
            if isinstance(members, dict):
                form = {k: (v if isinstance(v, (str, int, float, bool)) else json.dumps(v)) for k, v in members.items()}
        body = request.body
        # A body parameter of type string sent as text (Gitea's Markdown `consumes: [text/plain]`) is
        # that text; bravado-core would read it as JSON.
        as_text = self._takes_text(operation) and not is_json_type(mime)

        class Incoming(IncomingRequest):
            def __init__(self) -> None:
                self.path = dict(match.variables)
                self.query = query
                self.form = form
                self.files = files
                self.headers = Headers(request.headers)
                self.raw_bytes = body

            def json(self, **kwargs: Any) -> Any:
                return body.decode("utf-8") if as_text else json.loads(body.decode("utf-8"))

        return Incoming()

    def validate(self, request: HTTPRequest, match: Match) -> List[str]:
        from bravado_core.param import unmarshal_param
        from bravado_core.validate import validate_security_object

        operation = self._operation(match)
        incoming = self._incoming(request, match, operation)
        problems: List[str] = []
        values: Dict[str, Any] = {}
        # Each parameter on its own (bravado-core's unmarshal_request stops at the first problem).
        for param in operation.params.values():
            where = f"{param.location} parameter {param.name}"
            try:
                values[param.name] = unmarshal_param(param, incoming)
            except Exception as error:
                problems.extend(self._describe(error, where))
        problems.extend(self._content_type_problems(request, operation))
        # bravado-core checks security requirements of apiKey schemes only, and misjudges requirements
        # that mix them with others (a basic-auth alternative never counts as used): its check where
        # every alternative is apiKey, this server's presence check elsewhere.
        if self._only_api_keys(operation):
            try:
                validate_security_object(operation, values)
            except Exception as error:
                problems.append(f"security: {shorten(error)}")
        else:
            problems.extend(self._security_problems(request, operation))
        return problems

    def _takes_text(self, operation: Any) -> bool:
        """Whether the operation's body parameter is a string, which a text media type carries as is."""
        for param in operation.params.values():
            if param.location == "body":
                schema = resolve(self.document, param.param_spec.get("schema"))
                return isinstance(schema, dict) and schema.get("type") == "string"
        return False

    def _requirements(self, operation: Any) -> List[dict]:
        """The operation's security requirements (its own, else the document's)."""
        requirements = operation.op_spec.get("security", self.document.get("security"))
        return [r for r in requirements if isinstance(r, dict)] if isinstance(requirements, list) else []

    def _only_api_keys(self, operation: Any) -> bool:
        """Whether the operation has security requirements and all of them name apiKey schemes only."""
        definitions = self.document.get("securityDefinitions") or {}
        requirements = self._requirements(operation)
        return bool(requirements) and all(
            requirement and all((definitions.get(name) or {}).get("type") == "apiKey" for name in requirement)
            for requirement in requirements
        )

    @staticmethod
    def _describe(error: Exception, where: str) -> List[str]:
        import jsonschema

        if isinstance(error, jsonschema.ValidationError):
            return schema_error_messages(error, where)
        return [f"{where}: {shorten(error)}"]

    def _content_type_problems(self, request: HTTPRequest, operation: Any) -> List[str]:
        """A body must come with a Content-Type the operation consumes (bravado-core reads any body
        as JSON)."""
        locations = {p.location for p in operation.params.values()}
        if not request.body or not locations & {"body", "formData"}:
            return []
        consumes = [c.split(";")[0].strip().lower() for c in (operation.consumes or [])]
        mime = request.mime_type
        if not mime:
            return ["the request has a body but no Content-Type"]
        if consumes and mime not in consumes:
            return [f"Content-Type {mime} is not one the operation consumes ({', '.join(consumes)})"]
        if (
            "body" in locations
            and "formData" not in locations
            and not is_json_type(mime)
            and mime != "application/x-msgpack"
            and not self._takes_text(operation)
        ):
            return [f"Content-Type {mime}: the body parameter is read as JSON"]
        return []

    def _security_problems(self, request: HTTPRequest, operation: Any) -> List[str]:
        """Whether one of the operation's security requirements is met: apiKey by its parameter,
        basic by an `Authorization: Basic` header, oauth2 by an Authorization header or an
        `access_token` query parameter."""
        definitions = self.document.get("securityDefinitions") or {}
        # A requirement naming a scheme the document does not define is no requirement (see
        # `_without_colliding_keys`).
        requirements = [
            requirement
            for requirement in self._requirements(operation)
            if all(name in definitions for name in requirement or {})
        ]
        if not requirements:
            return []
        query_names = {name for name, _ in request.query}
        unmet = []
        for requirement in requirements:
            missing = []
            for name in requirement or {}:
                definition = definitions.get(name) or {}
                kind = definition.get("type")
                if kind == "apiKey":
                    present = (
                        request.header(definition.get("name", "")) is not None
                        if definition.get("in") == "header"
                        else definition.get("name") in query_names
                    )
                elif kind == "basic":
                    present = (request.header("Authorization") or "").lower().startswith("basic ")
                else:  # oauth2: a bearer token (RFC 6750 sections 2.1 and 2.3)
                    present = request.header("Authorization") is not None or "access_token" in query_names
                if not present:
                    missing.append(f"{name} ({kind})")
            if not missing:
                return []
            unmet.append(" and ".join(missing))
        return [f"security: no security requirement is met; missing {' or '.join(unmet)}"]

    def make_answer(self, request: HTTPRequest, match: Match) -> Answer:
        operation = self._operation(match)
        responses = {str(k): v for k, v in (match.operation.operation.get("responses") or {}).items()}
        chosen = success_status(responses)
        if chosen is None:
            answer = Answer(200, None, b"", [])
            answer.problems.append("the operation documents no 2xx, default or 3xx response; answered 200, no body")
            return answer
        status, key = chosen
        response = resolve(self.document, responses[key]) or {}
        sampler = SchemaSampler(self.document, self.dialect, self.is_valid)
        headers: List[Tuple[str, str]] = []
        header_values: Dict[str, Any] = {}
        for name, header in (response.get("headers") or {}).items():
            if isinstance(header, dict) and name.lower() != "content-type":
                value = header.get("x-example", header.get("default"))
                value = value if value is not None else self.sample(sampler, header)
                if sends_elsewhere(status, name, header_text(value)):
                    log(f"{match.operation.label}: {name} {shorten(header_text(value), 120)} left out (another host)")
                    continue
                header_values[name] = value
                headers.append((name, header_text(value)))
        schema = response.get("schema")
        if schema is None or status in BODYLESS_STATUSES:
            answer = Answer(status, None, b"", headers)
            answer.header_values = header_values
            answer.source = "no content"
            answer.problems = self._check(operation, response, answer)
            return answer
        produces = list(operation.produces or [])
        mime = concrete_media_type(choose_media_type(produces, request.header("Accept")) or "application/json")
        candidates: List[Tuple[str, Any]] = []
        examples = response.get("examples") if isinstance(response.get("examples"), dict) else {}
        for example_type in (mime, "application/json"):
            if example_type in examples:
                candidates.append((f"{example_type} example", examples[example_type]))
                break
        candidates.append(("value made from the schema", self.sample(sampler, schema)))
        answer = None
        for source, value in candidates:
            answer = Answer(status, mime, encode_body(value, mime), headers)
            answer.header_values = header_values
            answer.source = source
            answer.problems = self._check(operation, response, answer)
            if not answer.problems:
                return answer
            log(f"{match.operation.label}: the {source} is not valid for the response, trying the next")
        return answer  # type: ignore[return-value]

    def _check(self, operation: Any, response: dict, answer: Answer) -> List[str]:
        """bravado-core's problems with `answer`."""
        from bravado_core.response import OutgoingResponse, validate_response

        body = answer.body

        class Outgoing(OutgoingResponse):
            content_type = answer.content_type or ""
            text = body.decode("utf-8", errors="replace")
            headers = answer.header_values
            raw_bytes = body

            def json(self, **kwargs: Any) -> Any:
                return json.loads(body.decode("utf-8"))

        try:
            validate_response(operation.op_spec["responses"][str(answer_key(operation, answer))], operation, Outgoing())
        except KeyError:
            return []
        except Exception as error:
            return self._describe(error, "response")
        return []


def answer_key(operation: Any, answer: Answer) -> str:
    """The `responses` key an answer of a Swagger 2.0 operation came from."""
    responses = {str(k) for k in operation.op_spec.get("responses", {})}
    return str(answer.status) if str(answer.status) in responses else "default"


def make_backend(document: dict, path: str) -> Backend:
    """The backend for the document's version."""
    if str(document.get("swagger", "")).startswith("2"):
        return Swagger2Backend(document, Router(document, swagger=True), path)
    version = str(document.get("openapi", ""))
    if version.startswith("3."):
        return OpenAPI3Backend(document, Router(document, swagger=False), version)
    raise ValueError(f"{path}: neither `openapi: 3.x` nor `swagger: 2.0`; cannot validate it")


def check_document(document: dict) -> None:
    """Validates the document itself and logs what is wrong with it."""
    from openapi_spec_validator import validate
    from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

    started = time.monotonic()
    try:
        validate(document)
        log(f"the document is valid ({time.monotonic() - started:.1f} s)")
    except OpenAPIValidationError as error:
        log(f"the document is INVALID: {shorten(error, 1000)}")
    except Exception as error:
        log(f"the document could not be checked: {shorten(repr(error))}")


# ---------------------------------------------------------------------------------------------------
# HTTP


class Handler(http.server.BaseHTTPRequestHandler):
    """Handles every method the same way: find, validate, answer."""

    protocol_version = "HTTP/1.1"  # keep-alive; every answer has a Content-Length
    server_version = "openapi-server"
    backend: Backend
    port: int

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # any method, GET and PROPFIND alike
            return self.handle_request
        raise AttributeError(name)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass  # one line per request comes from handle_request

    def read_body(self) -> bytes:
        """The request body, from Content-Length or chunked transfer coding."""
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks = []
            while True:
                size_line = self.rfile.readline(65537)
                size = int(size_line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline(65537)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def handle_request(self) -> None:
        started = time.monotonic()
        body = self.read_body()
        request = HTTPRequest(self.command, self.path, list(self.headers.items()), body, self.port)
        backend = self.backend
        backend.handling.content_type = request.content_type
        backend.handling.query = request.query_string
        backend.handling.match = None
        matches, reasons = backend.router.find_all(
            request.method, request.raw_path, request.content_type, request.query_string
        )
        match = matches[0] if matches else None
        label = match.operation.label if match else None
        try:
            if match is None:
                self.send_problems(404, "no-operation", request, None, reasons)
                note = reasons[0]
            else:
                # The first operation that accepts the request, of those its path matches alike; when
                # none does, the problems with the first.
                problems: List[str] = []
                for index, candidate in enumerate(matches):
                    backend.handling.match = candidate
                    found = backend.validate(request, candidate)
                    if index == 0:
                        problems = found
                    if not found:
                        match, problems = candidate, []
                        break
                backend.handling.match = match
                label = match.operation.label
                if problems:
                    self.send_problems(400, "failed", request, label, problems)
                    note = f"{len(problems)} problem(s): {problems[0]}"
                else:
                    answer = backend.answer(request, match)
                    self.send_answer(request, label or "", answer)
                    validity = "answer INVALID" if answer.problems else "answer valid"
                    note = f"{answer.status} from {answer.source}, {validity}"
        except Exception as error:  # a bug here, not a bad request: say so loudly
            log(traceback.format_exc().rstrip())
            self.send_problems(500, "error", request, label, [f"the server failed: {shorten(repr(error))}"])
            note = "server error"
        elapsed = (time.monotonic() - started) * 1000
        log(f"{request.method} {request.url} -> {label or '-'}: {note} ({elapsed:.0f} ms)")

    def send_problems(
        self, status: int, validation: str, request: HTTPRequest, label: Optional[str], problems: List[str]
    ) -> None:
        """An error answer: JSON `{"errors", "operation", "method", "url"}`."""
        body = json.dumps(
            {"errors": problems, "operation": label, "method": request.method, "url": request.url},
            ensure_ascii=False,
            indent=2,
        ).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-OpenAPI-Validation", validation)
        if label:
            self.send_header("X-OpenAPI-Operation", label)
        self.end_headers()
        if request.method != "HEAD":
            self.wfile.write(body)

    def send_answer(self, request: HTTPRequest, label: str, answer: Answer) -> None:
        """The answer to a valid request."""
        self.send_response(answer.status)
        for name, value in answer.headers:
            self.send_header(name, value)
        if answer.content_type:
            self.send_header("Content-Type", answer.content_type)
        body = b"" if answer.status in BODYLESS_STATUSES else answer.body
        # A 205 says that it has no content (RFC 9110, 15.3.6): without the length a client reads on
        # until the connection closes.
        if answer.status not in BODYLESS_STATUSES or answer.status == 205:
            self.send_header("Content-Length", str(len(body)))
        self.send_header("X-OpenAPI-Validation", "passed")
        self.send_header("X-OpenAPI-Operation", label)
        self.end_headers()
        if request.method != "HEAD" and body:
            self.wfile.write(body)


class Server(http.server.ThreadingHTTPServer):
    """A thread per connection; the threads do not keep the process alive."""

    daemon_threads = True
    allow_reuse_address = False


def exit_with_stdin() -> None:
    """Ends the process when standard input reaches its end (the parent closed it, or died)."""

    def watch() -> None:
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        log("standard input closed; exiting")
        os._exit(0)

    mode = os.fstat(0).st_mode
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        threading.Thread(target=watch, daemon=True).start()
    else:
        log("--exit-with-stdin: standard input is not a pipe; ignored")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("document", help="the OpenAPI (3.x) or Swagger (2.0) document, JSON or YAML")
    parser.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1; 0 (default) for any free one")
    parser.add_argument("--exit-with-stdin", action="store_true", help="exit when standard input closes")
    parser.add_argument("--check-document", action="store_true", help="also validate the document itself (slow)")
    arguments = parser.parse_args()
    if arguments.exit_with_stdin:
        exit_with_stdin()
    warnings.simplefilter("ignore")  # validators' deprecation notes are no answer to anyone
    try:
        document = load_document(arguments.document)
        loaded = time.monotonic()
        backend = make_backend(document, arguments.document)
    except Exception as error:
        log(f"cannot serve {arguments.document}: {error}")
        return 1
    if arguments.check_document:
        check_document(document)
    Handler.backend = backend
    try:
        server = Server(("127.0.0.1", arguments.port), Handler)
    except OSError as error:
        log(f"cannot listen on 127.0.0.1:{arguments.port}: {error}")
        return 1
    port = server.server_address[1]
    Handler.port = port
    log(
        f"{os.path.basename(os.path.dirname(os.path.abspath(arguments.document)))}/"
        f"{os.path.basename(arguments.document)}: {len(backend.router.operations)} operations, "
        f"validated by {backend.validator_name}; ready in {time.monotonic() - STARTED:.2f} s "
        f"(document read in {loaded - STARTED:.2f} s)"
    )
    # One write of the whole line (a reader may stop reading as soon as it has it), then standard
    # output goes to /dev/null: nothing else is printed there, and a closed pipe must not end the server.
    try:
        os.write(1, f"listening on {port} with {len(backend.router.operations)} operations\n".encode("ascii"))
    except BrokenPipeError:
        pass
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
