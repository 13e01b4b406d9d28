"""The sources' sizes as the developers' guide keeps them: no Swift file over 300 lines, no function over 60."""
import pathlib
import re

SOURCES = pathlib.Path(__file__).resolve().parents[2] / "Sources"
DECLARATION = re.compile(r"\s*(?:(?:public|private|fileprivate|internal|static|override|mutating|@\w+)\s+)*(?:func\s|init[(<?]|subscript)")
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def functions(lines):
    """(first line, length) of each function, initializer and subscript, by its braces outside string literals."""
    for start, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        depth, opened = 0, False
        for end in range(start, len(lines)):
            depth += lines[end].count("{") - lines[end].count("}")
            opened = opened or "{" in lines[end]
            if opened and depth <= 0:
                break
        yield start + 1, end - start + 1


def test_no_file_over_300_lines_and_no_function_over_60():
    over = []
    files = sorted(SOURCES.rglob("*.swift"))
    assert len(files) > 50
    for path in files:
        lines = [STRING.sub('""', line) for line in path.read_text().splitlines()]
        if len(lines) > 300:
            over.append(f"{path.relative_to(SOURCES)}: {len(lines)} lines")
        over += [f"{path.relative_to(SOURCES)}:{line}: a function of {length} lines" for line, length in functions(lines) if length > 60]
    assert over == []


def test_the_measure_sees_a_long_function():
    body = ["func long() {"] + ["    let x = \"{\"" for _ in range(60)] + ["}"]
    assert list(functions(body)) == [(1, 62)]
