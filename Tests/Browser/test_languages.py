"""A site in two languages (SPEC §5 "Language", §6 `languages`, §7, §8): `languages: [es, en]`, Spanish at the root
and English in `en/`.

- On the snapshot's cities that GeoNames' cities15000.txt lists (about 25,000, where the Spanish names are; the full
  snapshot's two languages are the end-to-end test's), with its places and Spanish names (as test_language.py makes
  them), in Chromium over HTTP
  and from file://: the `#languages` switcher of London's Spanish page (Londres) opens its English twin (`lang="en"`,
  the source's name, `en/city/…`) and back; the head's `<link rel="alternate" hreflang>` name the same pages.
- Each language's search UI (the root's `index.html`, `en/index.html`) shows what `citygen search --output` gives for
  that language's folder.
- On a small site with a base URL (the snapshot's first 1,000 cities: LinkChecker walks 2,000 HTML pages in about
  20 s, 5,000 cities took 80 s): the sitemap index and its files, read with lxml, list every HTML page but the 404s,
  each `<url>` with an `xhtml:link` per language and x-default naming existing files of the same page, as the page's
  own head does; every Markdown page ends with its language line linking its twin; LinkChecker, walking the site
  from `index.html` over file://, finds no broken link and reaches every page."""
import csv
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from lxml import etree
from selenium.webdriver.common.by import By

from conftest import GEONAMES, PLACES, build_site, spanish_names_table, wait
from test_search import labels_up_to, type_query, wait_idle
from test_top_matches import snapshot_records

LANGUAGES = {"es": ("", "Español"), "en": ("en/", "English")}  # code → folder under Output, the switcher's name
LONDON = 2643743
BASE = "https://example.org/site/"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def two_site():
    """The snapshot's cities of cities15000.txt with their places and GeoNames' Spanish names, in Spanish and English
    (HTML: what a browser reads)."""
    names, table = spanish_names_table()
    listed = {int(line.split("\t", 1)[0]) for line in (GEONAMES / "cities15000.txt").read_text(encoding="utf-8").splitlines() if line}
    records = [r for r in snapshot_records() if r["_id"] in listed]
    site = build_site(records, f"languages: [es, en]\nformats: [html]\n{PLACES}  names: {table}\n")
    site.names = names
    site.source = {r["_id"]: r for r in records}
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)
    shutil.rmtree(table.parent, ignore_errors=True)


def city_path(city):
    return f"city/{city % 1000}/{city}.html"


def alternates(browser):
    """The head's alternates, hreflang → absolute URL as the browser resolves it."""
    return browser.execute_script("""return Object.fromEntries(Array.from(document.querySelectorAll(
        'head link[rel=alternate][hreflang]')).map(l => [l.hreflang, l.href]))""")


def shows_language(browser, base, code, title):
    """The page is the `code` twin: its URL, `<html lang>`, h1, the switcher's current entry and its other links."""
    page = base + LANGUAGES[code][0] + city_path(LONDON)
    assert browser.current_url == page
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == code
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith(title)
    current = browser.find_elements(By.CSS_SELECTOR, "#languages [aria-current=page]")
    assert [(c.tag_name, c.text, c.get_attribute("lang")) for c in current] == [("span", LANGUAGES[code][1], code)]
    links = browser.find_elements(By.CSS_SELECTOR, "#languages a")
    assert {(a.get_attribute("hreflang"), a.get_attribute("lang"), a.text) for a in links} == \
        {(other, other, name) for other, (_, name) in LANGUAGES.items() if other != code}
    assert alternates(browser) == {**{other: base + folder + city_path(LONDON) for other, (folder, _) in LANGUAGES.items()},
                                   "x-default": base + city_path(LONDON)}


@pytest.mark.parametrize("mode", ["http", "file"])
def test_the_switcher_goes_to_the_twin_and_back(browser, two_site, mode):
    base = two_site.http if mode == "http" else two_site.file
    source = two_site.source[LONDON]
    spanish, english = f"{two_site.names[LONDON]}, {source['country']}", f"{source['name']}, {source['country']}"
    assert spanish != english, "London's Spanish name is not the source's"
    browser.get(base + city_path(LONDON))
    shows_language(browser, base, "es", spanish)
    browser.find_element(By.CSS_SELECTOR, "#languages a[hreflang=en]").click()
    wait(browser).until(lambda b: b.current_url.endswith("en/" + city_path(LONDON)))
    shows_language(browser, base, "en", english)
    assert (two_site.output / "en" / city_path(LONDON)).exists()
    browser.find_element(By.CSS_SELECTOR, "#languages a[hreflang=es]").click()
    wait(browser).until(lambda b: not b.current_url.endswith("en/" + city_path(LONDON)))
    shows_language(browser, base, "es", spanish)


ROME = 3169070


def own_favorites(browser):
    """The favorites page's list of the visitor's own, once it shows: each row's link text."""
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#visitorFavoriteList li"))
    return [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#visitorFavoriteList li > a")]


@pytest.mark.parametrize("mode", ["http", "file"])
def test_a_city_starred_in_spanish_is_starred_in_english_under_its_english_name(browser, two_site, mode):
    base = two_site.http if mode == "http" else two_site.file
    source = two_site.source
    browser.get(base + "en/" + city_path(LONDON))
    wait(browser).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    browser.execute_script("localStorage.clear()")
    # What an older site saved on its English pages: an array of English rows under the key of en/.
    old_key = "citygen:favorites:" + base + "en/"
    rome = [ROME, source[ROME]["name"], "IT", source[ROME]["coord"]["lat"], source[ROME]["coord"]["lon"]]
    browser.execute_script("localStorage.setItem(arguments[0], JSON.stringify([arguments[1]]))", old_key, rome)

    browser.get(base + city_path(LONDON))  # Londres, on the Spanish site
    wait(browser).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    browser.find_element(By.ID, "favoriteToggle").click()
    assert browser.find_element(By.ID, "favoriteToggle").get_attribute("aria-pressed") == "true"

    browser.get(base + "en/" + city_path(LONDON))
    wait(browser).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    assert browser.find_element(By.ID, "favoriteToggle").get_attribute("aria-pressed") == "true", "one store for both"
    stored = browser.execute_script("return JSON.parse(localStorage.getItem(arguments[0]))", "citygen:favorites:" + base)
    assert stored["ids"] == [LONDON, ROME], "the older English store carried over"
    assert browser.execute_script("return localStorage.getItem(arguments[0])", old_key) is None
    browser.get(base + "en/favorites.html")
    english = [f"{source[LONDON]['name']}, GB", f"{source[ROME]['name']}, IT"]
    assert own_favorites(browser) == english
    browser.get(base + "favorites.html")
    spanish = sorted([f"{two_site.names[LONDON]}, GB", f"{two_site.names[ROME]}, IT"])
    if mode == "http":  # read from the Spanish detail page; a file:// page cannot read another
        wait(browser).until(lambda b: own_favorites(b) == spanish)
    else:
        assert own_favorites(browser) == [f"{two_site.names[LONDON]}, GB", f"{source[ROME]['name']}, IT"]

    browser.get(base + "en/" + city_path(LONDON))
    wait(browser).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    browser.find_element(By.ID, "favoriteToggle").click()
    browser.get(base + city_path(LONDON))
    wait(browser).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    assert browser.find_element(By.ID, "favoriteToggle").get_attribute("aria-pressed") == "false", "unstarred in English, in Spanish too"


@pytest.mark.parametrize("mode", ["http", "file"])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_each_language_searches_its_own_index(browser, two_site, mode, code):
    folder = LANGUAGES[code][0]
    browser.get((two_site.http if mode == "http" else two_site.file) + folder + "index.html")
    wait_idle(browser)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == code
    source = two_site.source[LONDON]
    spanish, english = f"{two_site.names[LONDON]}, {source['country']}", f"{source['name']}, {source['country']}"
    answers = {}
    for query in ["londres", "london", "roma", "rome", "CÓRDOBA", "nueva york", "zzzzqx"]:
        type_query(browser, query)
        expected = two_site.search(query, "--limit", "50", "--output", "Output/" + folder)
        answers[query] = expected
        if not expected:
            assert browser.find_element(By.ID, "emptyMessage").is_displayed(), query
            continue
        # A row found by another name shows it after the label: `Londres, GB — London`.
        assert [label.split(" \u2014 ")[0] for label in labels_up_to(browser, len(expected))] == expected, query
    # Each folder's index names London in its own language: `Londres, GB` in Spanish, the source's name in English.
    shown, other = (spanish, english) if code == "es" else (english, spanish)
    assert shown in answers["londres" if code == "es" else "london"]
    assert not any(other in labels for labels in answers.values()), answers


@pytest.fixture(scope="module")
def base_site():
    """The snapshot's first 1,000 cities in Spanish and English, with a base URL (HTML and Markdown)."""
    site = build_site(snapshot_records()[:1000], f"languages: [es, en]\nbaseURL: {BASE}\n")
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


def local(url):
    assert url.startswith(BASE), url
    return url[len(BASE):]


def head_alternates(path: Path):
    return dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', path.read_text(encoding="utf-8")))


def test_the_sitemap_lists_every_page_with_its_alternates(base_site):
    out = base_site.output
    index = etree.parse(str(out / "sitemap.xml")).getroot()
    assert index.tag == SITEMAP + "sitemapindex"
    files = [local(loc.text) for loc in index.iter(SITEMAP + "loc")]
    assert files and all(re.fullmatch(r"sitemap-\d+\.xml", f) for f in files), files
    listed = []
    for name in files:
        urlset = etree.parse(str(out / name)).getroot()
        assert urlset.tag == SITEMAP + "urlset" and urlset.nsmap.get("xhtml") == XHTML.strip("{}")
        for url in urlset.findall(SITEMAP + "url"):
            page = local(url.findtext(SITEMAP + "loc"))
            listed.append(page)
            links = {link.get("hreflang"): link.get("href") for link in url.findall(XHTML + "link")
                     if link.get("rel") == "alternate"}
            assert len(links) == len(url.findall(XHTML + "link")) == len(LANGUAGES) + 1, (page, links)
            twin = page[3:] if page.startswith("en/") else page  # the page's path within its language's root
            assert links == {**{code: BASE + folder + twin for code, (folder, _) in LANGUAGES.items()},
                             "x-default": BASE + twin}, page
            assert all((out / local(href)).is_file() for href in links.values()), page
            assert head_alternates(out / page) == links, page
    pages = sorted(str(p.relative_to(out)) for p in out.rglob("*.html") if p.name != "404.html")
    assert sorted(listed) == pages
    assert len(pages) > 2 * 1000


def test_markdown_pages_end_with_their_language_line(base_site):
    out = base_site.output.resolve()
    lines = {"es": "Idiomas: **Español** · [English]({})", "en": "Languages: [Español]({}) · **English**"}
    pages = sorted(out.rglob("*.md"))
    assert len(pages) > 2 * 1000
    for page in pages:
        path = page.relative_to(out)
        code, inner = ("en", Path(*path.parts[1:])) if path.parts[0] == "en" else ("es", path)
        last = page.read_text(encoding="utf-8").rstrip("\n").splitlines()[-1]
        before, after = lines[code].split("{}")
        match = re.fullmatch(re.escape(before) + r"([^)\s]+)" + re.escape(after), last)
        assert match, (str(path), last)
        twin = (page.parent / match.group(1)).resolve()
        assert twin == (out / inner if code == "en" else out / "en" / inner) and twin.is_file(), (str(path), last)


def test_linkchecker_walks_the_site_and_finds_no_broken_link(base_site):
    if not shutil.which("linkchecker"):
        pytest.fail("Debian's linkchecker is not installed (scripts/test installs it)")
    # As root, LinkChecker drops to `nobody`: the site's temporary folder, and the tests' own temporary folder it is in
    # (scripts/test makes one, readable to its owner alone), must be readable to it.
    temporary = Path(tempfile.gettempdir()).resolve()
    for folder in [base_site.folder.resolve(), *base_site.folder.resolve().parents]:
        if folder == temporary or temporary in folder.parents:
            os.chmod(folder, os.stat(folder).st_mode | 0o055)
    result = subprocess.run(["linkchecker", "--no-status", "--verbose", "--output=csv", "--recursion-level=-1",
                             (base_site.output / "index.html").as_uri()], capture_output=True, text=True, timeout=300)
    rows = list(csv.DictReader((line for line in result.stdout.splitlines() if not line.startswith("#")), delimiter=";"))
    broken = [(r["url"], r["parentname"], r["result"]) for r in rows if r["valid"] != "True"]
    assert broken == [] and result.returncode == 0, (broken[:20], result.stderr[-2000:])
    # It walked the whole site: both languages' pages (the 404 pages are linked from nowhere) and the shared files.
    reached = {r["url"] for r in rows}
    root = base_site.output.as_uri() + "/"
    pages = {root + str(p.relative_to(base_site.output)) for p in base_site.output.rglob("*.html") if p.name != "404.html"}
    assert pages - reached == set()
    assert {root + "assets/style.css", root + "map/world.png"} <= reached


@pytest.mark.parametrize("mode", ["http", "file"])
def test_the_compact_sites_switcher_keeps_the_city(browser, mode):
    """A compact site in two languages (the cloudflare-pages preset): `city.html?id=N`'s switcher opens city N's view
    in the other language, not an empty one."""
    records = snapshot_records()[:200]
    site = build_site(records, "languages: [es, en]\nhost: cloudflare-pages\n")
    try:
        city = records[7]
        base = site.http if mode == "http" else site.file
        browser.get(base + f"city.html?id={city['_id']}")
        wait(browser).until(lambda b: b.find_element(By.TAG_NAME, "h1").text.startswith(city["name"]))
        link = browser.find_element(By.CSS_SELECTOR, "#languages a[hreflang=en]")
        assert link.get_attribute("href") == base + f"en/city.html?id={city['_id']}"
        link.click()
        wait(browser).until(lambda b: b.current_url == base + f"en/city.html?id={city['_id']}")
        wait(browser).until(lambda b: b.find_element(By.TAG_NAME, "h1").text.startswith(city["name"]))
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    finally:
        site.close()
        shutil.rmtree(site.folder, ignore_errors=True)
