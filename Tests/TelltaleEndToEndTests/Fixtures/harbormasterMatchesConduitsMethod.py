"""Checks a harbormaster.json against Conduit's own description of harbormaster.sendmessage,
as python3-phabricator ships it (its interfaces.json): the message's parameters are the
method's (all but buildTargetPHID, which only the build knows), `type` is one of its constants,
and every unit uses only the keys and `result` values the description's tables list (plus
`format`, which Harbormaster's unit messages also read: text or remarkup).

Usage: harbormasterMatchesConduitsMethod.py HARBORMASTER_JSON
Prints "ok" or the problems, and exits non-zero on any.
"""
import json, os, re, sys

import phabricator

method = json.load(open(os.path.join(os.path.dirname(phabricator.__file__), "interfaces.json")))["harbormaster.sendmessage"]
message = json.load(open(sys.argv[1]))
problems = []

params = method["params"]
if set(message) - set(params):
    problems.append(f"keys the method does not take: {sorted(set(message) - set(params))}")
required = {name for name, kind in params.items() if kind.startswith("required")} - {"buildTargetPHID"}
if required - set(message):
    problems.append(f"required keys missing: {sorted(required - set(message))}")
types = re.findall(r'"(\w+)"', params["type"])
if message.get("type") not in types:
    problems.append(f"type {message.get('type')!r} is not one of {types}")


def table(title):
    """The first column of the description's table under a heading `title`."""
    section = method["description"].split(title + "\n", 1)[1]
    keys = []
    for line in section.splitlines():
        match = re.match(r"\|\s*`(\w+)`\s*\|", line)
        if match:
            keys.append(match.group(1))
        elif keys and not line.startswith("|"):
            break
    return keys


# ("shoud" is the description's own spelling.)
unit_keys = set(table("Each result shoud be a dictionary with these keys:"))
results = set(re.findall(r"^\| `(\w+)` \| \*\*", method["description"].split("The `result` parameter recognizes")[1].split("This is a simple")[0], re.M))
if not unit_keys or not results:
    problems.append("could not read the unit tables from the method's description")
for unit in message.get("unit", []):
    extra = set(unit) - unit_keys - {"format"}
    if extra:
        problems.append(f"{unit.get('name')}: keys the unit table does not list: {sorted(extra)}")
    if "name" not in unit or "result" not in unit:
        problems.append(f"{unit}: name and result are required")
    if unit.get("result") not in results:
        problems.append(f"{unit.get('name')}: result {unit.get('result')!r} is not one of {sorted(results)}")
    if unit.get("format", "text") not in ("text", "remarkup"):
        problems.append(f"{unit.get('name')}: format {unit.get('format')!r}")
    if not isinstance(unit.get("duration", 0), (int, float)):
        problems.append(f"{unit.get('name')}: duration is not a number")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok: {len(message.get('unit', []))} units; unit keys {sorted(unit_keys)}; results {sorted(results)}")
