"""The map to explore's budgets (scripts/bench): map.html of a built site in headless Chromium at 1280×900, served over
HTTP on 127.0.0.1, a new browser for each view. Frame time: with the frame-rate limit off, so a frame comes as soon as it is drawn, the intervals
between animation frames while the map pans (four animated pans) and zooms (in and out, animated) at the world's,
a country's and a town's zoom; p95 (budget 16 ms), after one warm-up pass that loads the tiles and points. A card:
from a click on a dot to the card shown and painted, 20 dots of the town's view (budget 100 ms).
First view: the bytes map.html loads, opened alone at 1280×900 and 390×844 (budget 400 KB).
Usage: bench-map.py SITE_FOLDER"""
import functools
import http.server
import json
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

site = Path(sys.argv[1])
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


handler = functools.partial(Quiet, directory=str(site))

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}/"

options = webdriver.ChromeOptions()
options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
             "--disable-frame-rate-limit", "--disable-gpu-vsync"]:
    options.add_argument(flag)


def start():
    """A new Chromium: each view is measured as a visitor opening its link meets it."""
    started = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    started.set_window_size(1280, 900)
    started.set_script_timeout(60)
    return started


# Pans and zooms one after another, each animated, recording every frame's interval until the last has ended.
MOVES = """var m = window.citygenMap, done = arguments[arguments.length - 1], frames = [], last = null, running = true;
function frame(t) { if (last !== null) frames.push(t - last); last = t; if (running) requestAnimationFrame(frame); }
var steps = [() => m.panBy([300, 0], {duration: 0.4}), () => m.panBy([0, 200], {duration: 0.4}),
             () => m.panBy([-300, 0], {duration: 0.4}), () => m.panBy([0, -200], {duration: 0.4}),
             () => m.zoomIn(1), () => m.zoomOut(1)];
function next(i) {
  if (i === steps.length) { running = false; return setTimeout(() => done(frames), 50); }
  m.once('moveend', () => setTimeout(() => next(i + 1), 30));
  steps[i]();
}
requestAnimationFrame(frame);
next(0);"""

VIEWS = [("world", "#2/20/0"), ("country", "#6/46.6/2.4"), ("town", "#12/51.5085/-0.1257")]


def open_view(hash_):
    browser.get(base + "map.html" + hash_)
    WebDriverWait(browser, 60).until(lambda b: b.execute_script(
        "return !!window.citygenMap && Array.from(document.querySelectorAll('#exploreMap img.leaflet-tile')).every(i => i.complete)"))


def p95(values):
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]


# The first view: what map.html, opened alone, loads at two sizes (budget 400 KB): page, scripts, styles, tiles, points.
FIRST = """var all = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
    .filter(e => e.name.startsWith('http'));
return [all.reduce((sum, e) => sum + e.encodedBodySize, 0), all.length];"""
for width, height in [(1280, 900), (390, 844)]:
    browser = start()
    browser.set_window_size(width, height)
    open_view("")
    WebDriverWait(browser, 60).until(lambda b: b.execute_script("return document.querySelectorAll('.map-label').length > 0"))
    time.sleep(1)
    size, count = browser.execute_script(FIRST)
    print(f"{'map first view':<16} {width}×{height}: {size:,} bytes in {count} files (budget 400,000)")
    browser.quit()

for name, hash_ in VIEWS:
    browser = start()
    open_view(hash_)
    browser.execute_async_script(MOVES)  # warm-up: the tiles and points of the moves are loaded
    frames = browser.execute_async_script(MOVES)
    print(f"{'map ' + name:<16} frame time p95 {p95(frames):.1f} ms, median {statistics.median(frames):.1f} ms, "
          f"{len(frames)} frames (budget p95 16 ms)")
    browser.quit()

# A card: dots of the town's view away from labels, each clicked as the visitor does (the event at its pixel).
browser = start()
open_view("#12/51.5085/-0.1257")
points = []
for f in (site / "search" / "points").glob("[0-9]*.js"):
    text = f.read_text(encoding="utf-8")
    points += json.loads(text[text.index(",") + 1:text.rindex(")")])["points"]
south, west, north, east = browser.execute_script(
    "var b = window.citygenMap.getBounds(); return [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()]")
CLICK = """var p = arguments[0], done = arguments[arguments.length - 1], m = window.citygenMap,
    a = m.latLngToContainerPoint([p[3], p[4]]), box = document.getElementById('exploreMap').getBoundingClientRect(),
    x = box.left + a.x, y = box.top + a.y, card = document.getElementById('mapCard');
if (a.x < 20 || a.y < 20 || a.x > box.width - 20 || a.y > box.height - 20) return done(null);
var hit = document.elementFromPoint(x, y);
if (!hit || hit.id !== 'exploreMap') return done(null);
card.hidden = true;
var started = performance.now();
new MutationObserver(function (changes, observer) {
  if (card.hidden) return;
  observer.disconnect();
  requestAnimationFrame(() => setTimeout(() => done([performance.now() - started, card.querySelector('h2').textContent]), 0));
}).observe(card, {attributes: true, childList: true, subtree: true});
hit.dispatchEvent(new MouseEvent('click', {clientX: x, clientY: y, bubbles: true}));
setTimeout(() => done(null), 2000);"""
times = []
for p in [p for p in points if south < p[3] < north and west < p[4] < east]:
    result = browser.execute_async_script(CLICK, p)
    if result and result[1] == f"{p[1]}, {p[2]}":
        times.append(result[0])
    if len(times) == 20:
        break
if times:
    print(f"{'map card':<16} median {statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(times)} dots "
          "(budget 100 ms)")
else:
    print(f"{'map card':<16} no dot in the town's view could be clicked")
browser.quit()
server.shutdown()
