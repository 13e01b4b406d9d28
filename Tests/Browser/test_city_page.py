"""The city page as a place to go on from (the Spanish full site with GeoNames' places and names), in Chromium over
HTTP and from file://, at 1280×900 and 390×844: the search box in the header (top matches first, keyboard, the full
results on the home page, nothing read before it is used), the trail and its JSON-LD, the infobox beside the facts on
a wide screen and below them on a narrow one, nothing that moves as the page loads (Cumulative Layout Shift 0), and
no axe violation in light and dark schemes."""
import json
import statistics
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait
from test_layout import violations

LONDON = "city/743/2643743.html"
ROME = 3169070


def open_page(browser, site, mode, page):
    browser.get((site.http if mode == "http" else site.file) + page)
    wait(browser).until(lambda b: b.execute_script("return document.readyState") == "complete")


def index_reads(browser):
    """The index files this page has asked for so far: fetches over HTTP (its resource timing), script elements from
    file:// (which Chromium leaves out of resource timing)."""
    return browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".concat(Array.from(document.scripts).map(s => s.src)).filter(n => n.indexOf('/search/') >= 0)")


def header_results(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#headerResults li')).map(li => li.querySelector('.label').textContent)")


def type_in_header(browser, text):
    box = browser.find_element(By.ID, "headerSearch")
    box.click()
    box.clear()
    box.send_keys(text)
    wait(browser).until(lambda b: b.execute_script("var s = window.citygenHeaderStats; return s && s.last") == text)
    return box


@pytest.mark.parametrize("mode", ["http", "file"])
@pytest.mark.parametrize("size", ["wide", "narrow"])
def test_the_header_searches_from_londons_page(browser, spanish_site, mode, size):
    browser.set_window_size(*((1280, 900) if size == "wide" else (390, 844)))
    try:
        open_page(browser, spanish_site, mode, LONDON)
        browser.execute_script("return new Promise(r => setTimeout(r, 500))")
        assert index_reads(browser) == [], "a page that is only read reads no index file"
        box = type_in_header(browser, "roma")
        assert index_reads(browser), "the box read the index once used"
        rows = header_results(browser)
        assert rows[0].startswith(spanish_site.names[ROME] + ", IT"), rows
        assert browser.find_element(By.ID, "headerPanel").is_displayed()
        everything = browser.find_element(By.ID, "allResults")
        assert everything.get_attribute("href").endswith("index.html?q=roma"), everything.get_attribute("href")
        # Esc closes the panel; ↓ opens it again on the first row, and Enter opens that row's page.
        box.send_keys(Keys.ESCAPE)
        assert not browser.find_element(By.ID, "headerPanel").is_displayed()
        box.send_keys(Keys.ARROW_DOWN)
        assert browser.find_element(By.ID, "headerPanel").is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, "#headerResults li[aria-selected=true]").get_attribute("id") == f"cityCell_{ROME}"
        box.send_keys(Keys.ENTER)
        wait(browser).until(lambda b: b.current_url.endswith(f"/{ROME % 1000}/{ROME}.html"))
        assert browser.find_element(By.TAG_NAME, "h1").text.startswith(spanish_site.names[ROME])
        # The "all results" link leads to the home page's own results.
        open_page(browser, spanish_site, mode, LONDON)
        type_in_header(browser, "roma")
        browser.find_element(By.ID, "allResults").click()
        wait(browser).until(lambda b: b.execute_script("var s = window.citygenStats; return s && s.last === 'roma'"))
        assert browser.find_element(By.ID, "searchInput").get_attribute("value") == "roma"
        assert browser.find_element(By.CSS_SELECTOR, "#topMatches li a").text.startswith(spanish_site.names[ROME] + ", IT")
    finally:
        browser.set_window_size(1280, 900)


def page_facts(browser, site, city_id):
    """What a city's own page says of its region and population (None where it has none)."""
    open_page(browser, site, "http", f"city/{city_id % 1000}/{city_id}.html")
    said = {}
    for key in ["region", "population"]:
        found = browser.find_elements(By.ID, key)
        said[key] = found[0].text if found else None
    return said


def test_results_tell_places_apart_by_region_and_population(wide, spanish_site):
    """The header's rows, the home page's rows and its split view say each place's region and population as its own
    page does; a place with neither says its coordinates."""
    open_page(wide, spanish_site, "http", LONDON)
    type_in_header(wide, "san jose")
    header = wide.execute_script(
        "return Array.from(document.querySelectorAll('#headerResults li')).map(li => [li.id.slice(9), li.querySelector('.label').textContent,"
        " li.querySelector('.facts').textContent])")
    open_page(wide, spanish_site, "http", "index.html?q=san%20jose")
    wait(wide).until(lambda b: b.execute_script("var s = window.citygenStats; return s && s.last === 'san jose'"))
    home = wide.execute_script(
        "return Array.from(document.querySelectorAll('#cityList li')).slice(0, 12).map(li => [li.id.slice(9), li.querySelector('a').textContent,"
        " li.querySelector('.facts').textContent])")
    with_region, with_neither = [], 0
    for city_id, label, facts in header[:6] + home:
        said = page_facts(wide, spanish_site, int(city_id))
        parts = facts.split(" · ")
        if said["region"] and f"({said['region']})" not in label:
            assert parts[0] == said["region"], (label, facts, said)
            with_region.append((city_id, facts))
        if said["population"]:
            assert said["population"] in parts[-1] and parts[-1] != said["population"], (label, facts, said)  # with its word
        if not said["region"] and not said["population"]:
            assert "," in facts and "°" not in facts, (label, facts)  # the coordinates, as the page writes them
            with_neither += 1
    assert len(with_region) >= 5 and with_neither >= 1, (with_region, with_neither, home)
    # The split view of a row with a region says what the row says.
    city_id, facts = next((i, f) for i, f in with_region if any(i == row[0] for row in home))
    open_page(wide, spanish_site, "http", "index.html?q=san%20jose")
    wait(wide).until(lambda b: b.execute_script("var s = window.citygenStats; return s && s.last === 'san jose'"))
    wide.find_element(By.CSS_SELECTOR, f"#cityCell_{city_id} a").click()
    wait(wide).until(lambda b: b.find_element(By.ID, "detailFacts").text == facts)


@pytest.mark.parametrize("query", ["", "   ", "...", "zzzzqxw", "ROMA", "rôma", "москва", "x" * 300])
def test_the_header_takes_any_query(wide, spanish_site, query):
    """Bad queries: nothing to show closes the panel; no match says so; any other shows rows; nothing throws."""
    open_page(wide, spanish_site, "http", LONDON)
    box = wide.find_element(By.ID, "headerSearch")
    box.click()
    box.send_keys(query)
    wide.execute_script("return new Promise(r => setTimeout(r, 400))")
    panel = wide.find_element(By.ID, "headerPanel")
    expected = spanish_site.search(query, "--limit", "1")
    if not query.strip(" .") or not expected:
        rows = header_results(wide)
        if not query.strip(" ."):
            assert not panel.is_displayed()
        else:
            assert rows == [] and wide.find_element(By.ID, "headerStatus").text, query
    else:
        assert header_results(wide), query
    assert [e for e in wide.get_log("browser") if e["level"] == "SEVERE" and e["source"] == "javascript"] == []


def test_a_failed_index_read_is_told_in_the_pages_words(wide, spanish_site):
    """A shard that cannot be read (here: the manifest moved away): the header says so, in Spanish."""
    manifest = spanish_site.output / "search" / "manifest.json"
    moved = manifest.with_suffix(".moved")
    manifest.rename(moved)
    try:
        open_page(wide, spanish_site, "http", LONDON)
        type_in_header(wide, "roma")
        status = wide.find_element(By.ID, "headerStatus").text
        assert status.startswith("La búsqueda no está disponible") and "manifest" in status, status
    finally:
        moved.rename(manifest)
    # The next search asks again, and the index answers.
    type_in_header(wide, "roma ")
    assert header_results(wide)


def test_keystrokes_to_results_in_the_header(wide, spanish_site):
    open_page(wide, spanish_site, "http", LONDON)
    box = wide.find_element(By.ID, "headerSearch")
    box.click()
    for word in ["londres", "buenos aires", "zaragoza", "nueva york", "tokio", "sevilla", "moscu", "berlin"]:
        box.clear()
        for n in range(1, len(word) + 1):
            box.send_keys(word[n - 1])
            wait(wide).until(lambda b: b.execute_script("var s = window.citygenHeaderStats; return s && s.last") == word[:n])
    timings = wide.execute_script("return window.citygenHeaderStats.timings")
    p95 = statistics.quantiles(timings, n=20)[18]
    print(f"\nheader keystroke to results: p50 {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms ({len(timings)} renders)")


def test_a_city_page_and_its_first_header_query_stay_within_100_kib(wide, spanish_site):
    open_page(wide, spanish_site, "http", LONDON)
    type_in_header(wide, "roma")
    # The page, its style and script, and the index files: what a visitor's first query costs (the locator image
    # is the page's own, and the favicon Chromium asks for is none of the site's).
    sizes = wide.execute_script(
        "return [performance.getEntriesByType('navigation')[0].decodedBodySize].concat(performance.getEntriesByType('resource')"
        ".filter(e => !/(png|favicon.ico)$/.test(e.name)).map(e => e.decodedBodySize))")
    total = sum(sizes)
    print(f"\nLondon's page and the first header query: {total} bytes in {len(sizes)} files (page, style, script, index)")
    assert total <= 100 * 1024, total


def crumbs(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('nav.trail a')).map(a => [a.textContent, a.getAttribute('href')])")


@pytest.mark.parametrize("mode", ["http", "file"])
def test_the_trail_leads_to_pages_that_exist_and_the_json_ld_says_it(browser, spanish_site, mode):
    open_page(browser, spanish_site, mode, LONDON)
    trail = crumbs(browser)
    assert [name for name, _ in trail][:2] == ["Inicio", "Reino Unido"], trail
    assert browser.find_element(By.CSS_SELECTOR, "nav.trail a#region").get_attribute("href").endswith("/1.html")
    for name, href in trail:
        target = Path(unquote(urlparse(browser.execute_script("return new URL(arguments[0], location.href).href", href)).path))
        if mode == "http":
            target = spanish_site.output / target.relative_to("/")
        assert target.is_file(), (name, href)
    data = json.loads(browser.find_element(By.CSS_SELECTOR, "script[type='application/ld+json']").get_attribute("textContent"))
    assert data["@type"] == "WebPage" and data["inLanguage"] == "es" and data["mainEntity"]["@type"] == "Place"
    # The steps above home, as search engines show a trail (home is the site itself).
    items = data["breadcrumb"]["itemListElement"]
    assert [(i["@type"], i["position"], i["name"], i["item"]) for i in items] == [
        ("ListItem", n + 1, name, href) for n, (name, href) in enumerate(trail[1:])]
    # A region's page and a list page have theirs.
    browser.get(browser.execute_script("return new URL(arguments[0], location.href).href", trail[-1][1]))
    assert [name for name, _ in crumbs(browser)] == ["Inicio", "Reino Unido"]
    open_page(browser, spanish_site, mode, "list/3.html")
    assert [name for name, _ in crumbs(browser)] == ["Inicio"]


def box(browser, selector):
    return browser.execute_script("var r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                  " return {x: r.left, y: r.top, right: r.right, bottom: r.bottom}", selector)


def test_the_locator_is_beside_the_facts_on_a_wide_screen_and_below_them_on_a_narrow_one(browser, spanish_site):
    for size in [(1280, 900), (390, 844)]:
        browser.set_window_size(*size)
        open_page(browser, spanish_site, "http", LONDON)
        facts, locator = box(browser, "div[data-city] ul"), box(browser, "#locatorMap")
        nearby = box(browser, "#nearby")
        if size[0] == 1280:
            assert locator["x"] >= facts["right"], (facts, locator)
            assert locator["y"] < facts["bottom"], "side by side"
            assert locator["right"] - locator["x"] > 300, "larger than the country map's own 246 px"
            assert nearby["x"] < locator["x"], "the nearest places on the facts' side"
        else:
            assert locator["y"] >= facts["bottom"], (facts, locator)
            assert nearby["y"] > locator["bottom"], "narrow: facts, locator, then the nearest places"
    browser.set_window_size(1280, 900)
    open_page(browser, spanish_site, "http", "country/GB/1.html")
    assert box(browser, "#countryMap")["right"] <= box(browser, "#largestCities")["x"], "a country's map beside its largest places"


CLS = """
return new Promise(resolve => {
  let total = 0;
  new PerformanceObserver(list => list.getEntries().forEach(e => { if (!e.hadRecentInput) total += e.value; }))
    .observe({type: 'layout-shift', buffered: true});
  setTimeout(() => resolve(total), 1500);
});"""


SHIFTS = """
return new Promise(resolve => {
  let out = [];
  new PerformanceObserver(list => list.getEntries().forEach(e => out.push([e.value, e.sources.map(s =>
    [s.node && (s.node.id || s.node.className || s.node.nodeName), s.previousRect.toJSON(), s.currentRect.toJSON()])])))
    .observe({type: 'layout-shift', buffered: true});
  setTimeout(() => resolve(out), 500);
});"""


@pytest.mark.parametrize("page", ["index.html", LONDON, "country/GB/1.html"])
@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_nothing_moves_as_a_page_loads(browser, spanish_site, page, size):
    browser.set_window_size(*size)
    try:
        open_page(browser, spanish_site, "http", page)
        if page == "index.html":
            wait(browser).until(lambda b: b.execute_script("var s = window.citygenStats; return s && s.timings.length > 0"))
        shift = browser.execute_script(CLS)
        assert shift == 0, f"{page} at {size}: Cumulative Layout Shift {shift}: " + json.dumps(browser.execute_script(SHIFTS))
    finally:
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_a_city_page_with_its_header_search_open(wide, spanish_site, scheme):
    wide.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_page(wide, spanish_site, "http", LONDON)
        type_in_header(wide, "roma")
        assert violations(wide) == []
    finally:
        wide.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
