"""The compact site (the cloudflare-pages and gitlab-pages presets): no file per city; `city.html?id=N` shows
any city from its data file with the same content and DOM ids as a static detail page, over HTTP and from
file://, and every link to a city (list rows, search results, nearest places, neighbours) leads to it."""
import random
import shutil

import pytest
from selenium.webdriver.common.by import By

from conftest import build_site, wait
from test_search import open_home

NAMES = [("Alba", "IT"), ("Berg", "NO"), ("Cork", "IE"), ("Dax", "FR"), ("Épinal", "FR"), ("Alba", "RO"),
         ("<b>x</b> & *y*", ""), ("Ýmir's [link](javascript:alert(1))", "IS")]


def records():
    rng = random.Random(5)
    return [{"_id": n * 37 + 1, "name": name, "country": country,
             "coord": {"lat": round(rng.uniform(-60, 60), 4), "lon": round(rng.uniform(-179, 179), 4)}}
            for n, (name, country) in enumerate(NAMES * 30)]


@pytest.fixture(scope="module")
def sites():
    static = build_site(records(), "formats: [html]\n")
    compact = build_site(records(), "host: cloudflare-pages\n")
    yield static, compact
    for site in (static, compact):
        site.close()
        shutil.rmtree(site.folder, ignore_errors=True)


def open_compact(browser, site, mode, city_id):
    browser.get((site.http if mode == "http" else site.file) + f"city.html?id={city_id}")
    wait(browser).until(lambda b: b.execute_script(
        "return !!document.getElementById('locatorMap') || !document.getElementById('cityMissing').hidden"))


def page_facts(browser, root):
    """What a detail page shows, read the same way from either site."""
    return browser.execute_script("""
        const root = document.querySelector(arguments[0]);
        const text = id => document.getElementById(id) && document.getElementById(id).textContent;
        return {
          text: root.innerText, title: document.title, coordinates: text('coordinates'),
          osm: document.getElementById('osmLink').getAttribute('href'), map: document.querySelector('#locatorMap img').src.replace(/^.*[/](map[/][^/]+)$/, '$1'),
          marker: document.getElementById('locatorMarker').getAttribute('style'), viewer: document.getElementById('showMap').getAttribute('href'),
          nearby: Array.from(document.querySelectorAll('#nearby li')).map(li => li.textContent),
          links: Array.from(root.querySelectorAll('a')).map(a => a.textContent),
          toggle: !document.getElementById('favoriteToggle').hidden,
        };""", root)


@pytest.mark.parametrize("mode", ["http", "file"])
def test_city_html_shows_what_the_static_page_shows(browser, sites, mode):
    static, compact = sites
    assert not (compact.output / "city" / "1").exists(), "no file per city"
    for city in records()[::23]:
        city_id = city["_id"]
        browser.get((static.http if mode == "http" else static.file) + f"city/{city_id % 1000}/{city_id}.html")
        expected = page_facts(browser, "main")
        open_compact(browser, compact, mode, city_id)
        got = page_facts(browser, "#cityView")
        assert got == expected, city
        # Its links lead to the compact pages: neighbours and nearest places to city.html?id=…, rows of lists.
        hrefs = browser.execute_script("return Array.from(document.querySelectorAll('#cityView a')).map(a => a.href)")
        assert any("city.html?id=" in h for h in hrefs) and any("/list/" in h for h in hrefs), hrefs
        assert not any("/city/" in h for h in hrefs), hrefs


@pytest.mark.parametrize("mode", ["http", "file"])
def test_links_from_lists_and_search_lead_to_city_html(browser, sites, mode):
    _, compact = sites
    open_home(browser, compact, mode, "ýmir")
    result = browser.find_element(By.CSS_SELECTOR, "#cityList li a")
    assert result.get_attribute("href").endswith("city.html?id=" + str(7 * 37 + 1))
    browser.get((compact.http if mode == "http" else compact.file) + "list/1.html")
    row = browser.find_element(By.CSS_SELECTOR, "[id^=cityCell_] a")
    assert "city.html?id=" in row.get_attribute("href")
    label = row.text
    row.click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "locatorMap"))
    assert label.startswith(browser.find_element(By.TAG_NAME, "h1").text)  # a row tells namesakes apart
    browser.find_element(By.PARTIAL_LINK_TEXT, "›").click()  # the next city, on the same page
    wait(browser).until(lambda b: b.find_elements(By.ID, "locatorMap"))
    assert "city.html?id=" in browser.current_url


@pytest.mark.parametrize("query", ["?id=999999", "?id=abc", "", "?id=1e3"])
def test_an_unknown_or_junk_id_says_so(browser, sites, query):
    _, compact = sites
    browser.get(compact.http + "city.html" + query)
    wait(browser).until(lambda b: b.find_element(By.ID, "cityMissing").is_displayed())
    assert not browser.find_elements(By.ID, "locatorMap")
