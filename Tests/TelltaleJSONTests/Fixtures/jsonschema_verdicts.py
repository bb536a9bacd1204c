#!/usr/bin/env python3
"""Verdicts of Python's jsonschema (the reference the Swift validator is cross-checked with).

Usage: jsonschema_verdicts.py ROOT
ROOT holds FAMILY/CASE/ folders, each with schema.json (the schema checked), maybe sibling
schema files its $refs name (each with its own $id), and instances.json (a list of values).
Prints one JSON object: {"FAMILY/CASE": [true, false, ...]}, a verdict per instance, in order.
Every format jsonschema knows is checked, in every draft (FormatChecker()); uri needs rfc3987.
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


def main(root):
    checker = jsonschema.FormatChecker()
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
