"""The site's search in a real browser (headless Chromium), over HTTP from `citygen serve` and from file://.
SPEC §4 and §7: same results as `citygen search`, within the request and byte bounds."""
import json
import re
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import SHARED, wait

MODES = ["http", "file"]


def open_home(browser, site, mode, query=None):
    url = (site.http if mode == "http" else site.file) + "index.html"
    if query is not None:
        url += "?q=" + query
    browser.get(url)
    wait_idle(browser)


def wait_idle(browser):
    """Waits until the results show the search box's current text."""
    wait(browser).until(lambda b: b.execute_script(
        "var s = window.citygenStats; return s && s.last === document.getElementById('searchInput').value"
        " && s.timings.length > 0"))


def type_query(browser, text):
    box = browser.find_element(By.ID, "searchInput")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(text)
    wait_idle(browser)


def labels(browser):
    """The results' labels as `citygen search` prints them: a look-alike's row shows its coordinates beside the link,
    and its link's title has the label with them."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#cityList li')).map(li => li.querySelector('a').title || li.querySelector('a').textContent)")


def labels_up_to(browser, count):
    """The first `count` results: a first page holds 50 whenever the query has them (SPEC §7); "load more" reads on,
    each page going on from the one before."""
    shown = labels(browser)
    while len(shown) < count and browser.find_element(By.ID, "loadMore").is_displayed():
        browser.find_element(By.ID, "loadMore").click()
        wait(browser).until(lambda b: len(labels(b)) > len(shown) or not b.find_element(By.ID, "loadMore").is_displayed())
        more = labels(browser)
        assert more[:len(shown)] == shown
        shown = more
    return shown[:count]


def index_requests(browser, maps=False):
    """The search index files the page has downloaded so far (Performance API), with their sizes; with `maps`, the
    split view's map windows under search/maps/ too."""
    return browser.execute_script("""
        return performance.getEntriesByType('resource')
          .filter(e => e.name.includes('/search/'))
          .map(e => [e.name.split('/search/')[1], e.decodedBodySize])
          .filter(e => arguments[0] || !e[0].startsWith('maps/'));""", maps)


def test_fold_vectors_agree_in_the_browser(browser, challenge_site):
    open_home(browser, challenge_site, "http")
    vectors = json.loads((SHARED / "fold-vectors.json").read_text(encoding="utf-8"))
    folded = browser.execute_script("return arguments[0].map(v => window.citygenFold(v.input))", vectors)
    mismatches = [(v["input"], got, v["folded"]) for v, got in zip(vectors, folded) if got != v["folded"]]
    assert mismatches == []
    assert len(vectors) > 50
    # Beyond the vectors: a capital final sigma folds as Swift folds it (FoldTests), not as toLowerCase() would.
    assert browser.execute_script("return [citygenFold('ΟΔΟΣ'), citygenFold('Αθήνας')]") == ["οδοσ", "αθηνας"]


@pytest.mark.parametrize("mode", MODES)
def test_challenge_example(browser, challenge_site, mode):
    open_home(browser, challenge_site, mode)
    assert labels(browser) == ["Alabama, US", "Albuquerque, US", "Anaheim, US", "Arizona, US", "Sydney, AU"]
    for query, expected in [("A", ["Alabama, US", "Albuquerque, US", "Anaheim, US", "Arizona, US"]),
                            ("s", ["Sydney, AU"]), ("Al", ["Alabama, US", "Albuquerque, US"]),
                            ("Alb", ["Albuquerque, US"])]:
        type_query(browser, query)
        assert labels(browser) == expected, query
    row = browser.find_element(By.ID, "cityCell_2")
    assert "Albuquerque, US" in row.text and "35.1000, -106.6000" in row.text  # .text shows the no-break space as a space
    assert row.find_element(By.TAG_NAME, "a").get_attribute("href").endswith("city/2/2.html")


@pytest.mark.parametrize("mode", MODES)
def test_full_data_queries_match_citygen_search(browser, full_site, mode):
    open_home(browser, full_site, mode)
    # One of each kind (SearchParityTests holds the many): a prefix, mixed case, a country, another script, words over shards.
    for query in ["córdoba", "CORDOBA", "london, gb", "Москва", "county us"]:  # county us: 1,651 word matches over 4 shards
        type_query(browser, query)
        expected = full_site.search(query, "--limit", "50")
        first = labels(browser)
        assert first == expected[:len(first)] and bool(first) == bool(expected), query
        assert labels_up_to(browser, 50) == expected, query
        assert browser.find_element(By.ID, "emptyMessage").is_displayed() == (not expected), query
    # The 8 prefix matches first; word matches (SPEC §4b: `Villa …`, `… London`) follow.
    type_query(browser, "córdoba")
    shown = labels(browser)
    assert all(label.lower().replace("ó", "o").startswith("cordoba") for label in shown[:8]), shown
    assert not any(label.lower().replace("ó", "o").startswith("cordoba") for label in shown[8:]), shown
    type_query(browser, "london, gb")
    assert labels(browser)[0] == "London, GB"
    plain = [re.sub(r" \(.*\)$", "", label) for label in labels(browser)[1:]]  # without a look-alike's distinction
    assert all(not label.startswith("London") and label.endswith(", GB") for label in plain), plain


@pytest.mark.parametrize("mode", MODES)
def test_unknown_and_invalid_queries_show_the_empty_message(browser, full_site, mode):
    open_home(browser, full_site, mode)
    for query in ["zzzzzzq", "x" * 300, "london, zz"]:
        type_query(browser, query)
        assert labels(browser) == [], query
        assert browser.find_element(By.ID, "emptyMessage").is_displayed(), query
        assert not browser.find_element(By.ID, "loadMore").is_displayed()
    # SPEC §4: a query that folds to nothing shows the start of the list, as the empty query does.
    start = full_site.search("", "--limit", "50")
    for query in [",,,", "   ", "..."]:
        type_query(browser, query)
        assert labels(browser) == start, query
        assert full_site.search(query, "--limit", "50") == start, query


@pytest.mark.parametrize("mode", MODES)
def test_load_more_and_deep_link(browser, full_site, mode):
    open_home(browser, full_site, mode, query="san")
    assert browser.find_element(By.ID, "searchInput").get_attribute("value") == "san"
    first = labels(browser)
    assert len(first) == 50
    browser.find_element(By.ID, "loadMore").click()
    wait(browser).until(lambda b: len(labels(b)) == 100)
    assert labels(browser) == full_site.search("san", "--limit", "100")


@pytest.mark.parametrize("mode", MODES)
def test_word_matches_follow_the_prefix_matches(browser, full_site, mode):
    """SPEC §4b: `york` lists the cities starting with York, then New York; the word index is read only once the
    prefix matches end within the page, and "load more" walks the one sequence."""
    open_home(browser, full_site, mode)
    type_query(browser, "s")
    if mode == "http":
        assert not [name for name, _ in index_requests(browser) if name.startswith("words/")], "a full page of prefix matches"
    type_query(browser, "york")
    shown = labels(browser)
    prefix = [label for label in shown if label.lower().startswith("york")]
    assert shown[:len(prefix)] == prefix and "New York, US" in shown[len(prefix):], shown
    assert labels_up_to(browser, 50) == full_site.search("york", "--limit", "50")
    if mode == "http":
        words = [(name, size) for name, size in index_requests(browser) if name.startswith("words/")]
        assert 1 <= len(words) <= 2 and all(size <= 32 * 1024 for _, size in words), words
    type_query(browser, "de mayo")
    assert "25 de Mayo, UY" in labels(browser)
    type_query(browser, "grande")  # the prefix matches, then the word matches; a first page may stop short of 50
    first = len(labels(browser))
    assert 0 < first <= 50 and labels(browser) == full_site.search("grande", "--limit", str(first))
    browser.find_element(By.ID, "loadMore").click()
    wait(browser).until(lambda b: len(labels(b)) > max(first, 50) or len(labels(b)) >= first + 50)
    assert labels(browser) == full_site.search("grande", "--limit", str(len(labels(browser))))


def test_favorites_only_needs_no_shard(browser, full_site):
    open_home(browser, full_site, "http")
    before = index_requests(browser)
    browser.find_element(By.ID, "favoritesOnly").click()
    wait(browser).until(lambda b: labels(b) == full_site.search("", "--favorites-only"))
    type_query(browser, "b")
    assert labels(browser) == ["Buenos Aires, AR (-34.6132,\u00a0-58.3772)"]  # a look-alike, told apart
    assert index_requests(browser) == before, "the favorites filter loaded index files"


def test_keyboard_navigation_opens_the_detail_page(browser, full_site):
    open_home(browser, full_site, "http")
    type_query(browser, "london, gb")
    box = browser.find_element(By.ID, "searchInput")
    box.send_keys(Keys.ARROW_DOWN)
    assert "active" in browser.find_element(By.CSS_SELECTOR, "#cityList li").get_attribute("class")
    box.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: "/city/" in b.current_url)
    assert browser.find_element(By.TAG_NAME, "h1").text == "London, GB"
    assert browser.find_element(By.ID, "locatorMap").is_displayed() and browser.find_element(By.ID, "showMap").is_displayed()
    assert browser.find_element(By.ID, "osmLink").get_attribute("href").startswith("https://www.openstreetmap.org/?mlat=")
    assert browser.find_element(By.ID, "coordinates").text.startswith("51.")


# Queries whose runs go on past the files a first page read when it could read two whatever their size: with places
# (SearchBoundsTests, the same index) they showed 3 to 49 rows first, and `grande` 30 without.
SHORT_BEFORE = ["Div", "Rak", "Yen", "ao", "aw", "bw", "city u", "dy", "gj", "heig", "hs", "ks", "kw", "lw", "mn", "ms",
                "mw", "nj", "pw", "sn", "tj", "ws", "xe", "grande"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fixture", ["places_full_site", "full_site"])
def test_a_first_page_holds_50_results_when_the_query_has_them(browser, request, fixture, mode):
    """SPEC §7: the first page of a fresh page's query shows 50 results whenever the query has as many, within 80 KiB."""
    site, full = request.getfixturevalue(fixture), 0
    for query in SHORT_BEFORE:
        open_home(browser, site, mode, query)
        expected = site.search(query, "--limit", "50")
        # A row found by another name shows it after its label, which is what `citygen search` prints.
        assert [label.split(" \u2014 ")[0] for label in labels(browser)] == expected, query
        full += len(expected) == 50
        if mode == "http":
            files = index_requests(browser)
            assert sum(size for _, size in files) <= 80 * 1024, (query, files)
    if fixture == "places_full_site":
        assert full >= 20, "most of these queries have 50 results"


def test_requests_and_bytes_per_keystroke_within_bounds(browser, full_site):
    """A fresh page's first query: the manifest and at most 2 shards, at most 80 KiB; each further
    keystroke at most 2 new requests, none when its shards are loaded."""
    worst = []
    for word in ["Buenos Aires", "Zürich", "Kraków", "Nizhniy Novgorod", "Springfield", "Ōsaka", "Yuxi", "'s-Hertogenbosch"]:
        browser.get(full_site.http + "index.html?q=" + word[0])
        wait_idle(browser)
        first = index_requests(browser)
        shards = [name for name, _ in first if name.startswith("shards/")]
        assert "manifest.json" in [name for name, _ in first]
        assert len(shards) <= 2, (word, first)
        assert sum(size for _, size in first) <= 80 * 1024, (word, first)
        seen = len(first)
        box = browser.find_element(By.ID, "searchInput")
        for character in word[1:]:
            box.send_keys(character)
            wait_idle(browser)
            now = len(index_requests(browser))
            worst.append(now - seen)
            assert now - seen <= 2, (word, character)
            seen = now
    print(f"\nnew index requests per further keystroke: max {max(worst)}, total {sum(worst)} over {len(worst)} keystrokes")
