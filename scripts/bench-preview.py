"""The live preview's budgets (scripts/bench): `citygen serve --watch` on the full data with places, timed from
outside as a user meets it. Ready: from the start to the home page served (budget 5 s). Pages: 1,000 seeded pages
of every kind (HTML and Markdown) on one kept-alive connection (budget p95 10 ms). A template edit: from the save
to the open page's reload event and the page fetched again (budget 300 ms). A config change: the same (budget 5 s).
Peak RSS of the server (budget 250 MiB).
Usage: bench-preview.py CITYGEN SNAPSHOT PLACES_TABLE BUILT_SITE WORK_FOLDER"""
import http.client
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

# The server runs in the work folder: every path it is given must not depend on this one.
citygen, snapshot, table, built = (str(Path(arg).resolve()) for arg in sys.argv[1:5])
work = Path(sys.argv[5])
(work / "templates").mkdir(parents=True)
template = work / "templates" / "city.md.mustache"
shutil.copy(Path(__file__).resolve().parents[1] / "Sources/CityGenKit/Resources/Templates/city.md.mustache", template)
original = template.read_text()

started = time.monotonic()
server = subprocess.Popen([citygen, "serve", "--watch", "--port", "0", "--source", snapshot, "--places", table,
                           "--templates", "templates"], cwd=work, stderr=subprocess.PIPE, text=True)
said = ""
for line in server.stderr:
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if match:
        said = line.strip()
        break
port = int(match.group(1))
threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)


def get(path):
    connection.request("GET", "/" + path)
    response = connection.getresponse()
    body = response.read()
    assert response.status == 200, (path, response.status)
    return body


get("index.html")
print(f"{'preview ready':<16} {time.monotonic() - started:.2f} s to the home page served (budget 5 s); it says: {said}")

# Pages of every kind: folder and format, as the built site has them.
kinds = {}
for path in subprocess.run(["find", ".", "-type", "f", "(", "-name", "*.html", "-o", "-name", "*.md", ")", "-printf", "%P\n"],
                           cwd=built, capture_output=True, text=True, check=True).stdout.split():
    parts = path.split("/")
    kinds.setdefault((parts[0] if len(parts) > 1 else "") + "/" + path.rsplit(".", 1)[-1], []).append(path)
generator = random.Random(51)
names = sorted(kinds)
times = {}
for i in range(1000):
    name = names[i % len(names)]
    path = generator.choice(sorted(kinds[name]) if i < len(names) else kinds[name])
    begun = time.perf_counter()
    get(path)
    times.setdefault(name, []).append((time.perf_counter() - begun) * 1000)
every = sorted(t for kind in times.values() for t in kind)
p95 = every[int(len(every) * 0.95)]
worst = max(times, key=lambda k: sorted(times[k])[int(len(times[k]) * 0.95)])
print(f"{'preview pages':<16} {len(every)} pages of {len(names)} kinds: median {statistics.median(every):.2f} ms, "
      f"p95 {p95:.2f} ms (budget 10 ms), max {every[-1]:.1f} ms; slowest kind {worst} "
      f"(p95 {sorted(times[worst])[int(len(times[worst]) * 0.95)]:.2f} ms)")

# The reload channel, read as the page reads it.
events = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
events.request("GET", "/.citygen/events")
stream = events.getresponse()
reloads = []
reloaded = threading.Condition()


def listen():
    for line in stream:
        if line.startswith(b"event: reload"):
            with reloaded:
                reloads.append(time.monotonic())
                reloaded.notify_all()


threading.Thread(target=listen, daemon=True).start()


def change(write, page, timeout):
    """Seconds from `write` to the reload event and `page` fetched again."""
    with reloaded:
        before = len(reloads)
        begun = time.monotonic()
        write()
        assert reloaded.wait_for(lambda: len(reloads) > before, timeout), "no reload"
    get(page)
    return time.monotonic() - begun


time.sleep(0.5)
edits = [change(lambda n=n: template.write_text(original + f"\n<!-- edit {n} -->\n"), "city/860/707860.html", 5) * 1000
         for n in range(7)]
print(f"{'preview edit':<16} template saved to page reloaded: median {statistics.median(edits):.0f} ms, "
      f"max {max(edits):.0f} ms (budget 300 ms; {len(edits)} edits)")
config = work / "citygen.yml"
configs = [change(lambda n=n: config.write_text(f"title: Bench {n}\n"), "index.html", 30) for n in range(2)]
print(f"{'preview config':<16} citygen.yml saved to page reloaded: {', '.join(f'{c:.2f} s' for c in configs)} (budget 5 s)")

status = Path(f"/proc/{server.pid}/status").read_text()
peak = int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) // 1024
print(f"{'preview memory':<16} peak RSS {peak} MiB while serving, editing and planning again (budget 250 MiB)")
server.terminate()
server.wait(timeout=10)
assert not (work / "Output").exists(), "the preview wrote a site"
