"""Reads the JUnit files of scripts/test's stages and prints the slowest tests, the failed ones, and one closing
line: `tests: N passed, N failed, N skipped`. Exits 1 when a test failed or no test ran."""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

cases = []
for path in sys.argv[1:]:
    if not Path(path).exists():
        continue
    for case in ET.parse(path).iter("testcase"):
        outcome = "passed"
        if case.find("failure") is not None or case.find("error") is not None:
            outcome = "failed"
        elif case.find("skipped") is not None:
            outcome = "skipped"
        name = f"{case.get('classname', '')}.{case.get('name', '')}".strip(".")
        cases.append((Path(path).stem, name, float(case.get("time") or 0), outcome))

print("\nslowest tests:")
for stage, name, seconds, _ in sorted(cases, key=lambda c: -c[2])[:8]:
    print(f"  {seconds:7.1f} s  {stage:<11} {name}")
counts = {outcome: sum(1 for c in cases if c[3] == outcome) for outcome in ("passed", "failed", "skipped")}
by_stage = {}
for stage, _, _, outcome in cases:
    by_stage.setdefault(stage, {"passed": 0, "failed": 0, "skipped": 0})[outcome] += 1
for stage, c in by_stage.items():
    print(f"  {stage:<11} {c['passed']} passed, {c['failed']} failed, {c['skipped']} skipped")
for stage, name, _, outcome in cases:
    if outcome == "failed":
        print(f"FAILED: {stage} {name}")
print(f"tests: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
sys.exit(1 if counts["failed"] or not cases else 0)
