"""Writes a JUnit file from the console output of XCTest runs, for scripts/test-summary.py: `swift test` writes one
itself only with --parallel, which runs each test in a process of its own.
Usage: xctest-junit.py MODULE OUT.xml LOG… A test that started and never ended (its process crashed or was stopped)
counts as failed, and so does a log that holds no test."""
import re
import sys
import xml.etree.ElementTree as ET

module, out, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
started = re.compile(r"^Test Case '([\w.]+)' started")
ended = re.compile(r"^Test Case '([\w.]+)' (passed|failed|skipped) \(([\d.]+) seconds\)")
message = re.compile(r"^(.*?): error: ([\w.]+) : (.*)$")

suite = ET.Element("testsuite", name=module)
for log in logs:
    running, messages, count = None, {}, 0
    for line in open(log, errors="replace"):
        line = line.rstrip("\n")
        if m := started.match(line):
            running = m.group(1)
        elif m := message.match(line):
            messages.setdefault(m.group(2), []).append(f"{m.group(1)}: {m.group(3)}")
        elif m := ended.match(line):
            name, outcome, seconds = m.groups()
            count += 1
            running = None
            classname, _, test = name.rpartition(".")
            case = ET.SubElement(suite, "testcase", classname=f"{module}.{classname}", name=test, time=seconds)
            if outcome != "passed":
                ET.SubElement(case, "failure" if outcome == "failed" else "skipped").text = "\n".join(messages.get(name, []))
    if running is not None or count == 0:
        classname, _, test = (running or f"{log}.no test ran").rpartition(".")
        case = ET.SubElement(suite, "testcase", classname=f"{module}.{classname}", name=test, time="0")
        ET.SubElement(case, "failure").text = f"{log}: the test process ended here"
ET.ElementTree(suite).write(out, encoding="utf-8", xml_declaration=True)
