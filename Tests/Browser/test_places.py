"""Places in Chromium (SPEC §1b, §5): a detail page built with GeoNames' own files as Debian's libtimezonemap-data
installs them shows the time now in the city's zone, written by the page's script, while the page's bytes hold no
time at all; the same on a compact site's viewer and from file://. Look-alikes are told apart by their region in
search results and the split view, as on pages."""
import datetime
import re
import shutil
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By

from conftest import GEONAMES, PLACES, build_site, wait
from test_search import open_home

IDS = [2643743, 2147714, 5128581]  # London, Sydney, New York City: three zones far apart


def rows():
    """The rows of IDS in GeoNames' table, read here, apart from citygen."""
    found = {}
    for line in (GEONAMES / "cities15000.txt").read_text(encoding="utf-8").splitlines():
        f = line.split("\t")
        if len(f) == 19 and int(f[0]) in IDS:
            found[int(f[0])] = f
    return found


@pytest.fixture(scope="module")
def geonames():
    if not (GEONAMES / "cities15000.txt").exists():
        pytest.fail("libtimezonemap-data is not installed (scripts/test installs it)")
    return rows()


def records(geonames):
    return [{"_id": i, "name": f[1], "country": f[8], "coord": {"lat": float(f[4]), "lon": float(f[5])}}
            for i, f in sorted(geonames.items())]


@pytest.fixture(scope="module")
def places_site(geonames):
    site = build_site(records(geonames), PLACES)
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def compact_places_site(geonames):
    site = build_site(records(geonames), PLACES + "host: gitlab-pages\n")
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


def shown_time(browser):
    """The `#localTime` text once the script has filled it."""
    wait(browser, 10).until(lambda b: b.find_element(By.ID, "localTime").text)
    return browser.find_element(By.ID, "localTime").text


def assert_now_in(zone, text):
    """`text` is "(local time Tue 09:05 PM)" for now in `zone` (as Intl writes English: the 12-hour clock), give or
    take the minute the page took."""
    match = re.fullmatch(r"\(local time (\w{3}) (\d\d):(\d\d)\s(AM|PM)\)", text)
    assert match, text
    now = datetime.datetime.now(ZoneInfo(zone))
    candidates = {(t.strftime("%a"), t.strftime("%I"), t.strftime("%M"), t.strftime("%p"))
                  for t in (now - datetime.timedelta(minutes=1), now, now + datetime.timedelta(minutes=1))}
    assert match.groups() in candidates, (zone, text, now)


def city_path(i):
    return f"city/{i % 1000}/{i}.html"


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_a_detail_page_shows_the_time_now_in_its_zone(browser, places_site, geonames, scheme):
    for i, row in geonames.items():
        zone = row[17]
        page = (places_site.output / city_path(i)).read_text(encoding="utf-8")
        # The bytes name the zone and hold no time: the build does not depend on the clock.
        assert f'<data id="timeZone" value="{zone}">' in page and 'id="localTime"' not in page, "the script puts it in"
        browser.get((places_site.http if scheme == "http" else places_site.file) + city_path(i))
        assert browser.find_element(By.ID, "timeZone").get_attribute("value") == zone
        assert_now_in(zone, shown_time(browser))
        assert browser.find_element(By.ID, "population").text == f"{int(row[14]):,}"


def test_the_compact_viewer_shows_the_time_too(browser, compact_places_site, geonames):
    i = 2147714
    browser.get(compact_places_site.http + f"city.html?id={i}")
    assert_now_in(geonames[i][17], shown_time(browser))


def test_without_the_script_no_time_is_shown(places_site, geonames):
    # What a reader without JavaScript (or a Markdown reader) gets: the zone, and no stale time.
    for i, row in geonames.items():
        md = (places_site.output / city_path(i).replace(".html", ".md")).read_text(encoding="utf-8")
        line = next(line for line in md.splitlines() if line.startswith("- Time zone: "))
        # The zone's name, then its id; Markdown escapes the id's punctuation (America/New\\_York): unescaped, it is the
        # zone and nothing else.
        assert re.sub(r"\\(.)", r"\1", line.removeprefix("- Time zone: ")).endswith(f" ({row[17]})"), line
        assert "local time" not in md


def springfields():
    """Every `Springfield, US` of GeoNames' table, with its state's name from the admin-1 file: read here."""
    states = dict(line.split("\t")[:2] for line in (GEONAMES / "admin1Codes.txt").read_text(encoding="utf-8").splitlines()
                  if "\t" in line)
    found = {}
    for line in (GEONAMES / "cities15000.txt").read_text(encoding="utf-8").splitlines():
        f = line.split("\t")
        if len(f) == 19 and f[1] == "Springfield" and f[8] == "US":
            found[int(f[0])] = (f, states[f"US.{f[10]}"])
    return found


@pytest.fixture(scope="module")
def springfield_site(geonames):
    found = springfields()
    records = [{"_id": i, "name": f[1], "country": f[8], "coord": {"lat": float(f[4]), "lon": float(f[5])}}
               for i, (f, _) in sorted(found.items())]
    site = build_site(records, PLACES)
    yield site, {i: state for i, (_, state) in found.items()}
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_search_results_and_the_split_view_tell_look_alikes_apart_by_state(wide, springfield_site, scheme):
    site, states = springfield_site
    assert len(states) > 3 and len(set(states.values())) == len(states), "one Springfield a state in the file"
    open_home(wide, site, scheme, "springfield")
    shown = {int(li.get_attribute("id").removeprefix("cityCell_")): li.find_element(By.TAG_NAME, "a").text
             for li in wide.find_elements(By.CSS_SELECTOR, "#cityList li")}
    assert shown == {i: f"Springfield, US ({state})" for i, state in states.items()}
    # The split view names the chosen city as its row does.
    first = wide.find_element(By.CSS_SELECTOR, "#cityList li")
    first.find_element(By.TAG_NAME, "a").click()
    wait(wide, 10).until(lambda b: b.find_element(By.ID, "detailName").text)
    assert wide.find_element(By.ID, "detailName").text == shown[int(first.get_attribute("id").removeprefix("cityCell_"))]


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_favorites_keep_the_state_that_tells_them_apart_and_an_older_store_reads_as_today(wide, springfield_site, scheme):
    site, states = springfield_site
    older, starred = sorted(states)[:2]
    open_home(wide, site, scheme)
    root = site.http if scheme == "http" else site.file
    key = "citygen:favorites:" + root
    f = springfields()[older][0]
    # The previous store's row: the name of the state that tells the city apart where the distinction's code is now.
    wide.execute_script("localStorage.clear(); localStorage.setItem(arguments[0], JSON.stringify(arguments[1]))", key,
                        {"ids": [older], "rows": {"en": [[older, "Springfield", "US", float(f[4]), float(f[5]), 0, states[older]]]}})
    wide.get(root + city_path(starred))
    wait(wide).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    wide.find_element(By.ID, "favoriteToggle").click()
    saved = wide.execute_script("return JSON.parse(localStorage.getItem(arguments[0]))", key)
    assert saved["ids"] == sorted([older, starred]), saved
    rows = {r[0]: r for r in saved["rows"]["en"]}
    assert rows[starred][5:] == [0, 3, states[starred]], "the saved row names the state in its own column"
    assert rows[older][5:] == [0, 3, states[older]], "the older row is written as today's"

    open_home(wide, site, scheme)
    wide.find_element(By.ID, "favoritesOnly").click()
    wait(wide).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#cityList li")) == 2)
    shown = {int(li.get_attribute("id").removeprefix("cityCell_")): li.find_element(By.TAG_NAME, "a").text
             for li in wide.find_elements(By.CSS_SELECTOR, "#cityList li")}
    assert shown == {i: f"Springfield, US ({states[i]})" for i in (older, starred)}
