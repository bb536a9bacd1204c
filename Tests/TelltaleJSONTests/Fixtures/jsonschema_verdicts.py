#!/usr/bin/env python3
"""Verdicts of Python's jsonschema (the reference the Swift validator is cross-checked with).

Usage: jsonschema_verdicts.py ROOT
ROOT holds FAMILY/CASE/ folders, each with schema.json (the schema checked), maybe sibling
schema files its $refs name (each with its own $id), and instances.json (a list of values).
Prints one JSON object: {"FAMILY/CASE": [true, false, ...]}, a verdict per instance, in order.
Every format the schemas name is checked, in every draft (FormatChecker()): jsonschema checks
some only with an extra package (date-time with rfc3339-validator, uri with rfc3987: both in
jsonschema[format]), and skips the others without a word, which would make a wrong date-time
"valid" by both tools. So the script refuses to run while a format the schemas name, or
date-time, has no checker.
"""
import json
import os
import sys

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7, DRAFT202012


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def formats(value):
    """Every `format` a schema document names."""
    if isinstance(value, dict):
        named = [value["format"]] if isinstance(value.get("format"), str) else []
        return named + [name for child in value.values() for name in formats(child)]
    if isinstance(value, list):
        return [name for child in value for name in formats(child)]
    return []


def main(root):
    checker = jsonschema.FormatChecker()
    named = {"date-time"}
    for folder, _, files in os.walk(root):
        named.update(name for file in files if file.endswith(".json") and file != "instances.json"
                     for name in formats(load(os.path.join(folder, file))))
    unchecked = sorted(named - set(checker.checkers))
    if unchecked:
        sys.exit(f"jsonschema_verdicts.py: jsonschema has no checker for format {', '.join(unchecked)}, "
                 "so it would call any value valid; install jsonschema[format] (Scripts/install-dependencies.sh)")
    verdicts = {}
    for family in sorted(os.listdir(root)):
        for case in sorted(os.listdir(os.path.join(root, family))):
            folder = os.path.join(root, family, case)
            names = sorted(name for name in os.listdir(folder) if name.endswith(".json") and name != "instances.json")
            documents = {name: load(os.path.join(folder, name)) for name in names}
            registry = Registry()
            for document in documents.values():
                draft = DRAFT7 if "draft-07" in document.get("$schema", "") else DRAFT202012
                registry = registry.with_resource(document["$id"], Resource.from_contents(document, default_specification=draft))
            schema = documents["schema.json"]
            validator_class = jsonschema.validators.validator_for(schema)
            validator_class.check_schema(schema)
            validator = validator_class(schema, registry=registry, format_checker=checker)
            instances = load(os.path.join(folder, "instances.json"))
            verdicts[f"{family}/{case}"] = [validator.is_valid(instance) for instance in instances]
    json.dump(verdicts, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
