#!/usr/bin/env python3
"""Reads YAML files with ruamel.yaml (YAML 1.2, safe, pure Python) and prints them as JSON.

Usage: yaml-to-json.py [--json] FILE...

Prints one JSON array with an element per file: {"value": <the document>} or {"error": "<message>"}.
With --json the files are read as JSON, by Python's json module, and written the same way.
The tests of courier-openapi's YAML reader compare their trees with these. The document is composed
by ruamel.yaml (parsing, anchors and aliases, tag resolution by its YAML 1.2 resolver, `<<` merges by
its own flatten_mapping) and turned into JSON here, the way the reader's trees are:
- a mapping key is the text of its scalar as written (`200:` is "200", `~:` is "~");
- a timestamp stays the string it was written as;
- a float that is not finite is {"\\u0000float": "inf" | "-inf" | "nan"};
- a scalar with a tag outside the core schema is its string.
"""

import json
import math
import sys

from ruamel.yaml import YAML
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

CORE = "tag:yaml.org,2002:"


def integer(text):
    """The integer a scalar ruamel resolved or tagged as int is."""
    value = text.replace("_", "")
    sign = 1
    if value[:1] in "+-":
        sign = -1 if value[0] == "-" else 1
        value = value[1:]
    for prefix, base in (("0b", 2), ("0o", 8), ("0x", 16)):
        if value.startswith(prefix):
            return sign * int(value[2:], base)
    return sign * int(value)


def floating(text):
    """The float a scalar ruamel resolved or tagged as float is, non-finite ones as a marker object."""
    value = text.replace("_", "").lower()
    number = float(value.replace(".inf", "inf").replace(".nan", "nan"))
    if math.isnan(number):
        return {"\u0000float": "nan"}
    if math.isinf(number):
        return {"\u0000float": "inf" if number > 0 else "-inf"}
    return number


def convert(node, constructor):
    """The JSON value of a composed node."""
    if isinstance(node, ScalarNode):
        tag = node.tag
        if tag == CORE + "null":
            return None
        if tag == CORE + "bool":
            return node.value.lower() == "true"
        if tag == CORE + "int":
            return integer(node.value)
        if tag == CORE + "float":
            return floating(node.value)
        return node.value
    if isinstance(node, SequenceNode):
        return [convert(element, constructor) for element in node.value]
    if isinstance(node, MappingNode):
        constructor.flatten_mapping(node)
        merged = getattr(node, "merge", None) or []
        result = {}
        for key_node, value_node in node.value[: len(merged)]:
            result[key(key_node)] = convert(value_node, constructor)
        seen = set()
        for key_node, value_node in node.value[len(merged):]:
            name = key(key_node)
            if name in seen:
                raise ValueError(f"duplicate key {name!r}")
            seen.add(name)
            result[name] = convert(value_node, constructor)
        return result
    raise ValueError(f"unexpected node {node!r}")


def key(node):
    """The string a mapping key is: its scalar's text."""
    if not isinstance(node, ScalarNode):
        raise ValueError("a mapping key that is not a scalar")
    return node.value


def read_json(path):
    """The result for one file read as JSON."""
    try:
        with open(path, "rb") as stream:
            value = json.load(stream, parse_constant=lambda name: floating(name.replace("Infinity", ".inf")))
        return {"value": marked(value)}
    except Exception as error:  # noqa: BLE001 - any failure of the parser is a result to report
        return {"error": f"{type(error).__name__}: {error}"}


def marked(value):
    """`value` with its non-finite floats (a number too big for a double) as marker objects."""
    if isinstance(value, float) and not math.isfinite(value):
        return floating(repr(value))
    if isinstance(value, list):
        return [marked(element) for element in value]
    if isinstance(value, dict):
        return {name: marked(element) for name, element in value.items()}
    return value


def read(path):
    """The result for one file."""
    yaml = YAML(typ="safe", pure=True)
    try:
        with open(path, "rb") as stream:
            node = yaml.compose(stream)
        return {"value": None if node is None else convert(node, yaml.constructor)}
    except Exception as error:  # noqa: BLE001 - any failure of the parser is a result to report
        return {"error": f"{type(error).__name__}: {error}"}


def main():
    arguments = sys.argv[1:]
    reader = read
    if arguments[:1] == ["--json"]:
        arguments = arguments[1:]
        reader = read_json
    results = [reader(path) for path in arguments]
    json.dump(results, sys.stdout, ensure_ascii=True, allow_nan=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
