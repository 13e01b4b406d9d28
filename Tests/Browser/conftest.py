"""Fixtures for the browser tests: built sites (the challenge's 5 cities, the full data set), a preview
server for each (`citygen serve`), and headless Chromium through selenium."""
import gettext
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
CITYGEN = Path(os.environ.get("CITYGEN_BIN", REPO / ".build" / "debug" / "citygen"))

CHALLENGE = [
    {"_id": 1, "name": "Alabama", "country": "US", "coord": {"lat": 32.5, "lon": -86.7}},
    {"_id": 2, "name": "Albuquerque", "country": "US", "coord": {"lat": 35.1, "lon": -106.6}},
    {"_id": 3, "name": "Anaheim", "country": "US", "coord": {"lat": 33.8, "lon": -117.9}},
    {"_id": 4, "name": "Arizona", "country": "US", "coord": {"lat": 34.2, "lon": -111.6}},
    {"_id": 5, "name": "Sydney", "country": "AU", "coord": {"lat": -33.9, "lon": 151.2}},
]
FAVORITES = [707860, 3435910, "Łódź, PL"]
# GeoNames' own files as Debian's libtimezonemap-data installs them (scripts/test installs it).
GEONAMES = Path("/usr/share/libtimezonemap/ui")
PLACES = f"""places:
  cities: {GEONAMES}/cities15000.txt
  admin1: {GEONAMES}/admin1Codes.txt
  countries: {GEONAMES}/countryInfo.txt
"""



def alternate_names_rows(names, language="es"):
    """GeoNames' names as alternateNamesV2.txt rows, with rows SPEC §1b's rule passes over (historic, colloquial,
    codes that are no language, another language, not preferred)."""
    rows, n = [], 0
    other = "de" if language != "de" else "fr"
    for place, name in sorted(names.items()):
        for code, text, flags in [(language, "Historic " + name, "11010"), (language, "Colloquial " + name, "11100"), ("post", "28001", "11000"),
                                  (other, "Other " + name, "11000"), (language, "Plain " + name, "00000"), (language, name, "11000")]:
            n += 1
            preferred, short, colloquial, historic = ("1" if f == "1" else "" for f in flags[:4])
            rows.append("\t".join([str(n), str(place), code, text, preferred, short, colloquial, historic, "", ""]))
    return "\n".join(rows) + "\n"


def citygen(*args, cwd):
    return subprocess.run([str(CITYGEN), *args], cwd=cwd, capture_output=True, text=True, timeout=900)


class Site:
    """A built site and its preview server."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.output = folder / "Output"
        self.server = subprocess.Popen(
            [str(CITYGEN), "serve", "--port", "0"], cwd=folder, stderr=subprocess.PIPE, text=True)
        line = self.server.stderr.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"citygen serve said: {line!r}"
        self.http = f"http://127.0.0.1:{match.group(1)}/"
        self.file = self.output.as_uri() + "/"

    def search(self, query, *args):
        """What `citygen search` prints for query: the reference the page must agree with."""
        result = citygen("search", query, *args, cwd=self.folder)
        return [line for line in result.stdout.splitlines()]

    def close(self):
        self.server.terminate()
        self.server.wait(timeout=10)


def text_of(driver, by, value):
    """The text of the element, or "" while the page reloads under it: Chromium reports a node of the old document
    as a plain WebDriverException ("does not belong to the document"), not as a stale element."""
    try:
        return driver.find_element(by, value).text
    except StaleElementReferenceException:
        return ""
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return ""
        raise


def wait(driver, timeout=20):
    """A WebDriverWait that looks every 20 ms: the default half second would dominate a test that waits per keystroke.
    An element gone stale between finding and reading it (the page reloaded, as the live preview's do) is "not yet"."""
    return WebDriverWait(driver, timeout, poll_frequency=0.02, ignored_exceptions=[StaleElementReferenceException])


def build_site(records=None, config=""):
    folder = Path(tempfile.mkdtemp(prefix="citygen-browser-"))
    # The default places are GeoNames' own, downloaded: a site has places only where its test names files.
    if "places:" not in config:
        config += "\nplaces: none\n"
    (folder / "citygen.yml").write_text(config, encoding="utf-8")
    if records is None:
        source = str(SHARED / "data" / "cities.json.gz")
    else:
        source = str(folder / "cities.json")
        Path(source).write_text(json.dumps(records), encoding="utf-8")
    result = citygen("build", "--source", source, "--quiet", cwd=folder)
    assert result.returncode == 0, result.stderr
    return Site(folder)


@pytest.fixture(scope="session")
def challenge_site():
    site = build_site(CHALLENGE)
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def places_full_site():
    """The full snapshot with GeoNames' cities15000.txt."""
    if not (GEONAMES / "cities15000.txt").exists():
        pytest.fail("libtimezonemap-data is not installed (scripts/test installs it)")
    site = build_site(None, PLACES)
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def full_site():
    config = "favorites:\n" + "".join(f"  - {json.dumps(f, ensure_ascii=False)}\n" for f in FAVORITES)
    kept = os.environ.get("CITYGEN_KEEP_FULL_SITE")  # developers: a folder to build once and reuse across runs
    if kept and (Path(kept) / "Output" / ".citygen-manifest").exists():
        site = Site(Path(kept))
    else:
        started = time.monotonic()
        site = build_site(None, config)
        print(f"\nbuilt the full site in {time.monotonic() - started:.1f} s")
        if kept:
            shutil.rmtree(kept, ignore_errors=True)
            shutil.move(str(site.folder), kept)
            site.close()
            site = Site(Path(kept))
    yield site
    site.close()
    if not kept:
        shutil.rmtree(site.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,900", "--allow-file-access-from-files"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture
def wide(browser):
    """The browser at 1280×900 (the split view's width)."""
    browser.set_window_size(1280, 900)
    yield browser
    browser.set_window_size(1280, 900)


@pytest.fixture
def narrow(browser):
    """The browser at a phone's 390×844."""
    browser.set_window_size(390, 844)
    yield browser
    browser.set_window_size(1280, 900)


def geonames_names(language):
    """libgeonames-common's names in `language` by geonameid."""
    catalog_file = Path(f"/usr/share/locale/{language}/LC_MESSAGES/geonames.mo")
    if not catalog_file.exists() or not (GEONAMES / "cities15000.txt").exists():
        pytest.fail("libgeonames-common or libtimezonemap-data is not installed (scripts/test installs them)")
    catalog = gettext.GNUTranslations(catalog_file.open("rb"))._catalog
    return {int(k): v for k, v in catalog.items() if isinstance(k, str) and k.isdigit()}


def names_table(*languages):
    """libgeonames-common's names in each of `languages` (by language, by geonameid), and one alternate names table
    of them all in a new folder."""
    names = {language: geonames_names(language) for language in languages}
    table = Path(tempfile.mkdtemp(prefix="citygen-names-")) / "alternateNamesV2.txt"
    table.write_text("".join(alternate_names_rows(names[language], language) for language in languages), encoding="utf-8")
    return names, table


def spanish_names_table():
    """libgeonames-common's Spanish names by geonameid, and an alternate names table of them in a new folder."""
    names, table = names_table("es")
    return names["es"], table


@pytest.fixture(scope="session")
def spanish_site():
    """The full snapshot in Spanish, HTML only, with GeoNames' places and libgeonames-common's Spanish names."""
    names, table = spanish_names_table()
    site = build_site(None, f"language: es\nformats: [html]\n{PLACES}  names: {table}\n")  # HTML is all a browser reads
    site.names = names
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)
    shutil.rmtree(table.parent, ignore_errors=True)
