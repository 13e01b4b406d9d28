"""What a visitor sees, asserted on the DOM and the computed layout in headless Chromium: the split
view is never blank, the header stays put, the jump index, look-alike cities told apart, one coordinate precision
that never wraps, and a 404 page that works under a sub-folder."""
import http.server
import re
import threading
import time
from functools import partial
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import wait
from test_search import labels, open_home, type_query

COORDINATES = re.compile(r"^-?\d{1,3}\.\d{4},\u00a0-?\d{1,3}\.\d{4}$")


def text(element):
    """The element's text as the page has it (WebDriver's `.text` turns no-break spaces into spaces)."""
    return element.get_attribute("textContent")



def test_split_view_shows_the_first_result_from_the_start(wide, full_site):
    open_home(wide, full_site, "http")
    panel = wide.find_element(By.ID, "cityDetail")
    assert panel.is_displayed(), "the panel is open before any search"
    assert text(wide.find_element(By.ID, "detailName")) == labels(wide)[0]
    results, detail = wide.find_element(By.ID, "cityList").rect, panel.rect
    assert detail["x"] >= results["x"] + results["width"] and detail["width"] > 300, (results, detail)
    type_query(wide, "paris")
    assert text(wide.find_element(By.ID, "detailName")) == labels(wide)[0]
    assert labels(wide)[0].startswith("Paris, ")
    assert "city=" not in wide.current_url, "showing the first result does not choose it"
    type_query(wide, "zzzzqqq")
    assert not panel.is_displayed(), "no results, no panel"


def test_the_header_stays_put_on_every_page(browser, full_site):
    pages = ["index.html", "list/1.html", "city/860/707860.html", "country/index.html", "country/AR/1.html",
             "favorites.html", "404.html"]
    for width in (1280, 390):
        browser.set_window_size(width, 900)
        positions = {}
        for page in pages:
            browser.get(full_site.http + page)
            link = browser.find_element(By.CSS_SELECTOR, "body > header a")
            positions[page] = (link.rect["x"], browser.find_element(By.CSS_SELECTOR, "body > header").rect["width"])
        assert len(set(positions.values())) == 1, (width, positions)
    browser.set_window_size(1280, 900)


def fold_initial(browser, label):
    """The jump-index entry of a label: the first character of its name folded by the page's own fold (SPEC §2)."""
    folded = browser.execute_script("return window.citygenFold(arguments[0])", label.split(",")[0])
    return folded[0] if folded and folded[0].isascii() else "other"


def in_script(browser, label, script):
    """Whether a label's folded name begins with a letter of `script` (an English script name, as Unicode's
    Script property spells it); None where CLDR's name is not Unicode's (`Bangla`, Unicode's `Bengali`)."""
    return browser.execute_script(
        "try { return new RegExp('^\\\\p{Script=' + arguments[1].replace(/ /g, '_') + '}', 'u')"
        ".test(window.citygenFold(arguments[0])); } catch (e) { return null; }",
        label.split(",")[0], script)


def test_the_jump_index_looks_alike_and_leads_to_each_initials_first_city(wide, full_site):
    wide.get(full_site.http + "index.html")
    items = wide.find_elements(By.CSS_SELECTOR, "nav.initials li > *")
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [str(d) for d in range(10)]
    assert [text(i) for i in items][:36] == letters
    scripts = [text(i) for i in items][36:]
    assert "Cyrillic" in scripts and "Han" in scripts, f"then each other script by its name: {scripts}"
    boxes = {(i.size["height"], i.value_of_css_property("border-top-width"), i.value_of_css_property("padding-left"))
             for i in items}
    assert len(boxes) == 1, f"every entry has the same look: {boxes}"
    targets = [(text(i), i.get_attribute("href")) for i in items if i.tag_name == "a"]
    spans = [i for i in items if i.tag_name == "span"]
    assert all(s.get_attribute("title").startswith("No names") for s in spans)
    assert len(targets) >= 30
    assert len({href for _, href in targets}) == len(targets), "no two initials lead to the same place"
    for initial, href in targets:
        page, anchor = href.split("#")
        assert anchor.startswith("cityCell_"), href
        wide.get(href)
        # The rows' ids and names in one call, not a WebDriver round trip a row (a hundred rows a page).
        rows = wide.execute_script(
            "return [...document.querySelectorAll('main li .city')].map(r => [r.id, r.querySelector('a')?.textContent])")
        at = [row_id for row_id, _ in rows].index(anchor)
        name = rows[at][1]
        if initial in letters:
            assert fold_initial(wide, name) == initial.lower(), (initial, name)
            if at > 0:  # the row before belongs to an earlier initial
                before = rows[at - 1][1]
                assert fold_initial(wide, before) != initial.lower(), (initial, before, name)
        else:  # a script's first name: the first of the list in that script (Unicode's script property, in the page)
            assert in_script(wide, name, initial) in (True, None), (initial, name)
            if at > 0:
                before = rows[at - 1][1]
                assert in_script(wide, before, initial) is not True, (initial, before, name)


def test_look_alike_cities_are_told_apart_in_results_rows_and_neighbours(wide, full_site):
    open_home(wide, full_site, "http")
    type_query(wide, "buenos aires, ar")
    shown = labels(wide)
    assert len(set(shown)) == len(shown), shown
    namesakes = [label for label in shown if label.startswith("Buenos Aires, AR")]
    assert len(namesakes) == 2, shown
    assert all(re.fullmatch(r"Buenos Aires, AR \(-?\d+\.\d{4},\u00a0-?\d+\.\d{4}\)", label) for label in namesakes), shown
    assert shown == full_site.search("buenos aires, ar")
    # On screen a row's link does not repeat the coordinates that the row shows beside it.
    rows = [text(li) for li in wide.find_elements(By.CSS_SELECTOR, "#cityList li") if text(li).startswith("Buenos Aires, AR")]
    assert all(re.match(r"Buenos Aires, AR · -?\d+\.\d{4},\u00a0-?\d+\.\d{4}", row) for row in rows), rows
    # The detail page's previous and next links, and the rows of its list page, tell them apart too.
    wide.get(full_site.http + "city/910/3435910.html")
    neighbours = [text(a) for a in wide.find_elements(By.XPATH, "//main//p/a[contains(., '‹') or contains(., '›')]")]
    assert any(re.search(r"Buenos Aires, AR \(", n) for n in neighbours), neighbours
    wide.find_element(By.PARTIAL_LINK_TEXT, "of the list").click()
    rows = [text(row) for row in wide.find_elements(By.CSS_SELECTOR, "main li .city")]
    assert len(set(rows)) == len(rows), "every row (label and coordinates) is unique on the page"


def test_coordinates_have_one_precision_and_never_wrap(narrow, full_site):
    open_home(narrow, full_site, "http")
    type_query(narrow, "san")
    # Without places what tells the rows apart is their coordinates (SPEC §7: each row has them).
    spans = narrow.find_elements(By.CSS_SELECTOR, "#cityList .facts")
    assert len(spans) == 50
    for span in spans:
        assert COORDINATES.match(text(span)), text(span)
        assert narrow.execute_script("return arguments[0].getClientRects().length", span) == 1, "the pair is on one line"
    narrow.get(full_site.http + "list/1.html")
    rows = narrow.find_elements(By.CSS_SELECTOR, "main li .city")
    for row in rows:
        pair = re.search(r"· (\S+,\u00a0\S+) ", text(row))
        assert pair and COORDINATES.match(pair.group(1)), text(row)
    narrow.get(full_site.http + "city/860/707860.html")
    assert text(narrow.find_element(By.ID, "coordinates")).startswith("44.5500,\u00a034.2833 (")


class SubFolderHandler(http.server.SimpleHTTPRequestHandler):
    """A static host that serves the site under /sub/ and its 404.html for any missing path, as GitHub Pages
    does for a project site."""

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (Path(self.directory) / "sub" / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def test_the_404_page_works_under_a_sub_folder(wide, full_site, tmp_path):
    (tmp_path / "sub").symlink_to(full_site.output, target_is_directory=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(SubFolderHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/sub/"
        wide.get(base + "no/such/page.html")
        assert wide.find_element(By.TAG_NAME, "h1").text == "Page not found"
        assert wide.execute_script("return getComputedStyle(document.body).maxWidth") == "1280px", "its style applies"
        home = wide.find_element(By.PARTIAL_LINK_TEXT, "Go to the home page")
        wait(wide, 10).until(lambda b: home.get_attribute("href") == base + "index.html")
        assert wide.find_element(By.CSS_SELECTOR, "body > header a").get_attribute("href") == base + "index.html"
        home.click()
        wait(wide).until(lambda b: b.execute_script("return window.citygenStats && window.citygenStats.timings.length > 0"))
        assert len(labels(wide)) == 50, "the home page it leads to works"
    finally:
        server.shutdown()
        server.server_close()


class RecordingHandler(SubFolderHandler):
    """SubFolderHandler, noting each path asked for and the status it got."""
    requests = []

    def log_request(self, code="-", size="-"):
        RecordingHandler.requests.append((self.path, int(code) if str(code).isdigit() else 0))


def test_every_page_shows_the_sites_icon_and_none_asks_the_host_root(wide, full_site, tmp_path):
    """A page links favicon.ico by a relative path: under a sub-folder its icon is the site's, and no page view asks
    for /favicon.ico, which a project site's host does not have (404.html holds its icon inline)."""
    (tmp_path / "sub").symlink_to(full_site.output, target_is_directory=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(RecordingHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    RecordingHandler.requests = []
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/sub/"
        for page in ["index.html", "list/1.html", "country/index.html", "country/AR/1.html", "city/860/707860.html",
                     "favorites.html", "no/such/page.html"]:
            wide.get(base + page)
            icon = wide.execute_script("var l = document.querySelector('link[rel=icon]'); return l && l.href")
            assert icon, page
            if not page.startswith("no/"):
                assert icon == base + "favicon.ico", page
                status = wide.execute_script("return fetch(arguments[0]).then(r => [r.status, r.headers.get('content-type')])", icon)
                assert status[0] == 200, (page, status)
            else:
                assert icon.startswith("data:image/png;base64,"), "404.html cannot know its depth"
        time.sleep(1)  # the browser's own icon requests
        asked = [path for path, _ in RecordingHandler.requests]
        assert "/favicon.ico" not in asked, asked
        assert [r for r in RecordingHandler.requests if r[1] == 404 and not r[0].startswith("/sub/no/")] == []
    finally:
        server.shutdown()
        server.server_close()
    # From file:// too: the link names the file beside the site's root.
    wide.get(full_site.file + "city/860/707860.html")
    href = wide.execute_script("return document.querySelector('link[rel=icon]').href")
    assert href == full_site.file + "favicon.ico" and (full_site.output / "favicon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
