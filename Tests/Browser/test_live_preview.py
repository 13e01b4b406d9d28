"""`citygen serve --watch` in Chromium: a detail page open in the preview shows a template edit by itself, keeping
its scroll position; a broken template shows the error over the page, naming the file and line, and over
every page opened while it lasts (at once after the break, and after the channel's pings); mending it restores the
page; so does bad YAML in citygen.yml, and a good one is planned again. The server renders the full snapshot from memory and writes nothing."""
import re
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import CITYGEN, REPO, SHARED, text_of, wait

TEMPLATE = REPO / "Sources" / "CityGenKit" / "Resources" / "Templates" / "city.md.mustache"
GURZUF = "city/860/707860.html"
# London, Rome, Paris, Buenos Aires.
OTHER_PAGES = ["city/743/2643743.html", "city/70/3169070.html", "city/507/2988507.html", "city/910/3435910.html"]


@pytest.fixture(scope="module")
def preview():
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "templates").mkdir()
        template = folder / "templates" / "city.md.mustache"
        template.write_text(TEMPLATE.read_text())
        server = subprocess.Popen(
            [str(CITYGEN), "serve", "--watch", "--port", "0", "--source", str(SHARED / "data" / "cities.json.gz"),
             "--places", "none", "--templates", "templates"], cwd=folder, stderr=subprocess.PIPE, text=True)
        lines = []
        for line in server.stderr:
            lines.append(line)
            match = re.search(r"http://127\.0\.0\.1:(\d+)/ \(209,5\d\d cities, ready in [\d.]+ m?s\)", line)
            if match:
                break
        assert match, f"citygen serve --watch said: {lines!r}"
        yield f"http://127.0.0.1:{match.group(1)}/", template, server
        server.terminate()
        server.wait(timeout=10)
        assert not (folder / "Output").exists(), "the preview wrote a site"


def save_by_rename(template: Path, text: str):
    """As editors save: a new file renamed over the old one."""
    saved = template.with_name(".city.md.mustache.swp")
    saved.write_text(text)
    saved.rename(template)


def test_a_template_edit_shows_in_the_open_page_and_a_broken_one_shows_the_error(preview, wide):
    url, template, server = preview
    original = template.read_text()
    wide.get(url + GURZUF)
    assert "Gurzuf" in wide.find_element("css selector", "h1").text
    wide.execute_script("window.scrollTo(0, 300); window.openedByTheTest = true;")
    scrolled = wide.execute_script("return window.scrollY")
    assert scrolled > 0, "the page is taller than the window"

    # An edit: the page reloads by itself, where it was.
    template.write_text(original + "\nEdited while the page was open.\n")
    started = time.monotonic()
    wait(wide, 10).until(lambda d: "Edited while the page was open." in text_of(d, "tag name", "main"))
    print(f"\ntemplate edit to the open page: {(time.monotonic() - started) * 1000:.0f} ms (selenium's polling included)")
    assert wide.execute_script("return window.openedByTheTest === undefined"), "the page reloaded itself"
    wait(wide, 5).until(lambda d: d.execute_script("return window.scrollY") == scrolled)

    # A broken template: the error over the page, with the file and line; the page stays as it was.
    save_by_rename(template, original + "\n{{#nearby}}\nnever closed\n")
    box = wait(wide, 10).until(lambda d: d.find_elements("id", "citygen-preview-error"))[0]
    lines = original.count("\n") + 3
    assert "city.md.mustache" in box.text and f"line {lines}" in box.text, box.text
    assert box.is_displayed()
    assert "Edited while the page was open." in wide.find_element("tag name", "main").text
    # A page opened now shows the error too, over the last good site.
    wide.get(url + "city/581/5128581.html")
    box = wait(wide, 10).until(lambda d: d.find_elements("id", "citygen-preview-error"))[0]
    assert "city.md.mustache" in box.text
    assert "New York City" in wide.find_element("css selector", "h1").text

    # Every page opened while the error lasts shows it, also after the channel's keep-alive pings (every 10 s).
    time.sleep(11)
    for page in OTHER_PAGES:
        wide.get(url + page)
        box = wait(wide, 10).until(lambda d: d.find_elements("id", "citygen-preview-error"))[0]
        assert "city.md.mustache" in box.text, page

    # Mended: the page reloads without the error.
    save_by_rename(template, original)
    wait(wide, 10).until(lambda d: not d.find_elements("id", "citygen-preview-error"))
    assert "Edited while the page was open." not in wide.find_element("tag name", "main").text

    # Broken again and again, each time a page opened at once (before the watcher has told the server, or
    # while the server plans): the error shows on it every time.
    for round, page in enumerate(OTHER_PAGES * 2):
        save_by_rename(template, original + "\n{{#nearby}}\nnever closed\n")
        wide.get(url + page)
        box = wait(wide, 10).until(lambda d: d.find_elements("id", "citygen-preview-error"))[0]
        assert "city.md.mustache" in box.text, f"round {round}: {page}"
        save_by_rename(template, original)
        wait(wide, 10).until(lambda d: not d.find_elements("id", "citygen-preview-error"))

    # Bad YAML in a new citygen.yml: the error, with its file; the site planned again once it is gone.
    config = template.parent.parent / "citygen.yml"
    config.write_text("title: [unclosed\n")
    box = wait(wide, 20).until(lambda d: d.find_elements("id", "citygen-preview-error"))[0]
    assert "citygen.yml" in box.text and "YAML" in box.text, box.text
    config.write_text("title: Ciudades\n")
    wait(wide, 30).until(lambda d: "Ciudades" in d.title and not d.find_elements("id", "citygen-preview-error"))
    assert server.poll() is None
