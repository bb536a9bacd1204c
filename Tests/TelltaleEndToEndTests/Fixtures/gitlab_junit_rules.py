"""Reads JUnit files as GitLab's parser does and checks them against its rules.

GitLab (lib/gitlab/ci/parsers/test/junit.rb) takes the one top-level `testsuites`, every
`testsuite` under it (nested ones too) and each one's `testcase` children, and keys a case by
its suite's name, `classname` and `name`: a repeated key replaces the earlier case. A document
of more than 250,000 objects is refused, counted as its XML adapter counts them: one per
element, text free. A file may be 30 MB, a job's files 100 MB together.

Usage: gitlab_junit_rules.py FILE...
Prints one JSON object: testcases, unique keys, duplicates (up to 10), per-file elements, bytes
and (no GitLab rule, for readers that trust a root's totals) the root's declared `tests`,
`failures`, `errors`, `skipped` beside the file's test cases counted so, the totals by status,
and `problems` (empty when every rule holds). Exit 1 on a problem.
"""
import json, os, sys
import xml.etree.ElementTree as ET

MAX_OBJECTS = 250_000
MAX_FILE_BYTES = 30_000_000
MAX_JOB_BYTES = 100_000_000


def object_count(element):
    children = list(element)
    return 1 if not children else 1 + sum(object_count(child) for child in children)


def suites(node):
    for suite in node.findall("testsuite"):
        yield suite
        yield from suites(suite)


def status(case):
    for name, value in (("failure", "failed"), ("error", "error"), ("skipped", "skipped")):
        if case.find(name) is not None:
            return value
    return "success"


cases, keys, duplicates, files, problems = 0, set(), [], [], []
totals = {"success": 0, "failed": 0, "error": 0, "skipped": 0}
job_bytes = 0
for path in sys.argv[1:]:
    size = os.path.getsize(path)
    job_bytes += size
    root = ET.parse(path).getroot()
    objects = object_count(root)
    declared = {key: int(root.get(key, "-1")) for key in ("tests", "failures", "errors", "skipped")}
    counted = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    files.append({"file": os.path.basename(path), "elements": objects, "bytes": size,
                  "declared": declared, "counted": counted})
    if objects > MAX_OBJECTS:
        problems.append(f"{path}: {objects} objects, more than {MAX_OBJECTS}")
    if size > MAX_FILE_BYTES:
        problems.append(f"{path}: {size} bytes, more than {MAX_FILE_BYTES}")
    if root.tag != "testsuites":
        problems.append(f"{path}: the root is {root.tag}, not testsuites")
    for suite in suites(root):
        for case in suite.findall("testcase"):
            cases += 1
            outcome = status(case)
            totals[outcome] += 1
            counted["tests"] += 1
            kind = {"failed": "failures", "error": "errors", "skipped": "skipped"}.get(outcome)
            if kind:
                counted[kind] += 1
            key = (suite.get("name"), case.get("classname"), case.get("name"))
            if key in keys and len(duplicates) < 10:
                duplicates.append(list(key))
            keys.add(key)
if job_bytes > MAX_JOB_BYTES:
    problems.append(f"{job_bytes} bytes in all, more than {MAX_JOB_BYTES}")
if len(keys) != cases:
    problems.append(f"{cases - len(keys)} test cases share a key with another: GitLab would drop them")
print(json.dumps({"testcases": cases, "keys": len(keys), "duplicates": duplicates, "files": files,
                  "totals": totals, "problems": problems}))
sys.exit(1 if problems else 0)
