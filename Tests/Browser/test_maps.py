"""Maps drawn at build time (SPEC §5): every image read back with Pillow and held to its budget, the country
windows checked against the data, the locator's marker placed in Chromium (HTTP and file://, wide and narrow,
light and dark), the split view's locator, and the OpenStreetMap viewer loaded only when the visitor asks."""
import gzip
import json
import random
import re
import shutil

import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from conftest import CHALLENGE, SHARED, build_site, citygen, wait
from test_search import open_home, type_query
from test_validators import vnu

PADDING = 0.08  # a fitted window adds 8 % of its span on each side
VIEWER = ("https://www.openstreetmap.org/export/embed.html?bbox=-0.20574,51.45853,-0.04574,51.55853"
          "&layer=mapnik&marker=51.50853,-0.12574")


@pytest.fixture(scope="module")
def data():
    """The snapshot's records by id, read here, apart from citygen."""
    return {r["_id"]: r for r in json.load(gzip.open(SHARED / "data" / "cities.json.gz"))}


@pytest.fixture(scope="module")
def maps(full_site):
    """Each country's maps, main first: [file, west, span, south, north, width, height] each."""
    found = {}
    for file in (full_site.output / "search" / "maps").glob("*.json"):
        found.update(json.loads(file.read_text(encoding="utf-8"))["maps"])
    return found


@pytest.fixture(scope="module")
def windows(maps):
    """Each country's main map."""
    return {code: parts[0] for code, parts in maps.items()}


def locator(maps, city):
    """A city's locator (SPEC §5): the first of its country's maps that holds it."""
    lat, lon = city["coord"]["lat"], city["coord"]["lon"]
    for window in maps[city["country"]]:
        x, y = project(window, lat, lon)
        if 0 <= x <= 1 and 0 <= y <= 1:
            return window
    return maps[city["country"]][0]


def is_dot(rgba):
    """A dot's colour, amber to crimson: red well above blue, unlike water, land, coasts and borders."""
    return rgba[3] > 0 and rgba[0] - rgba[2] > 80


def project(window, lat, lon):
    """Where (lat, lon) lies on a map of `window` ([file, west, span, south, north, width, height]), as fractions of
    its width and height: equirectangular, longitudes eastwards from `west`."""
    _, west, span, south, north, _, _ = window
    east = (lon - west) % 360
    if east > span and east - 360 > -span:
        east -= 360
    return east / span, (north - lat) / (north - south)


def shortest_interval(longitudes):
    """The shortest arc of the circle of longitudes that holds them all: (west, span)."""
    lons = sorted(((lon + 180) % 360) - 180 for lon in longitudes)
    gap, west = lons[0] + 360 - lons[-1], lons[0]
    for a, b in zip(lons, lons[1:]):
        if b - a > gap:
            gap, west = b - a, b
    return west, 360 - gap


def test_every_map_decodes_and_keeps_to_its_budget(full_site, maps, data):
    folder = full_site.output / "map"
    files = sorted(f for f in folder.iterdir() if f.is_file())  # tiles/ and dots/: the map to explore's (below)
    total = sum(f.stat().st_size for f in files)
    assert total <= 30_000_000, total
    world = Image.open(folder / "world.png")
    world.load()
    assert world.width >= 1200 and world.height == world.width // 2 and world.mode == "P", (world.size, world.mode)
    assert (folder / "world.png").stat().st_size <= 400_000
    codes = {r["country"] for r in data.values()}
    listed = [window[0] for parts in maps.values() for window in parts]
    assert {f.name for f in files} == {"world.png"} | {path.removeprefix("map/") for path in listed}
    assert {(c or "none") + ".png" for c in codes} <= {f.name for f in files}, "every country has its main map"
    for code, parts in maps.items():
        for window in parts:
            path = full_site.output / window[0]
            assert path.stat().st_size <= 120_000, path
            image = Image.open(path)
            image.load()  # decodes every row
            assert image.size == (window[5], window[6]) and image.mode == "P", (code, image.size)
            assert max(image.size) == 480
    print(f"\nmaps: {len(files)} files, {total:,} bytes; world {(folder / 'world.png').stat().st_size:,} bytes")


def test_every_tile_of_the_map_to_explore_decodes_and_is_one_map_html_says_exists(full_site):
    """map/tiles/ (the ground) and map/dots/ (the cities at the smallest zooms): each a 256-pixel PNG that Pillow
    decodes, and the files are exactly those whose bits map.html's data sets (one hex digit for four tiles)."""
    import json
    page = (full_site.output / "map.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="mapData">(.*?)</script>', page, re.S)[1])

    def listed(bits_by_zoom):
        out = set()
        for z, bits in enumerate(bits_by_zoom):
            n = 1 << z
            for i in range(n * n):
                if (int(bits[i >> 2], 16) >> (3 - (i & 3))) & 1:
                    out.add(f"{z}/{i % n}/{i // n}.png")
        return out

    for folder, key, total_budget in [("tiles", "exist", 3_000_000), ("dots", "dotsExist", 500_000)]:
        root = full_site.output / "map" / folder
        files = {str(p.relative_to(root)) for p in root.glob("*/*/*.png")}
        assert files == listed(data[key]), (folder, len(files), len(listed(data[key])))
        total = 0
        for name in files:
            image = Image.open(root / name)
            image.load()
            assert image.size == (256, 256), (folder, name, image.size)
            total += (root / name).stat().st_size
        assert total <= total_budget, (folder, total)
        print(f"\nmap/{folder}: {len(files)} tiles, {total:,} bytes")


def test_every_region_page_shows_its_own_map_within_budget(places_full_site):
    """With places, each region's first page shows `#regionMap`, its own image (`map/<CC>/<code>.png`, 320 pixels on
    the longer side), which decodes; all maps together stay within 30 MB and each within 120 KB."""
    site = places_full_site.output
    pattern = re.compile(r'<img id="regionMap" class="country-map" src="\.\./\.\./\.\./(map/[A-Z]{2}/[A-Za-z0-9]+\.png)" '
                         r'alt="Map of [^"]+: its [\d,]+ places?" width="(\d+)" height="(\d+)">')
    shown = {}
    for page in (site / "region").glob("*/*/1.html"):
        found = pattern.search(page.read_text(encoding="utf-8"))
        assert found, page
        country, code = page.parts[-3], page.parts[-2]
        assert found[1] == f"map/{country}/{code}.png", page
        shown[found[1]] = (int(found[2]), int(found[3]))
    images = {str(p.relative_to(site)) for p in (site / "map").glob("*/*.png")}
    assert len(shown) > 2000 and set(shown) == images, (len(shown), len(images))
    for path, size in shown.items():
        assert (site / path).stat().st_size <= 120_000, path
        image = Image.open(site / path)
        image.load()
        assert image.size == size and max(size) == 320 and image.mode == "P", (path, image.size)
    total = sum(p.stat().st_size for p in (site / "map").rglob("*.png"))
    assert total <= 30_000_000, total
    print(f"\nregion maps: {len(shown)}, all maps {total:,} bytes")


@pytest.mark.parametrize("city_id", [2643743, 2198148, 2127202, 5856195, 6295630])  # London, Suva, Anadyr, Honolulu, Earth (no country)
def test_a_citys_pixel_is_drawn_on_the_world_map_and_its_countrys(full_site, maps, data, city_id):
    city = data[city_id]
    lat, lon = city["coord"]["lat"], city["coord"]["lon"]
    world = Image.open(full_site.output / "map" / "world.png").convert("RGBA")
    x, y = int((lon + 180) / 360 * world.width), int((90 - lat) / 180 * world.height)
    assert is_dot(world.getpixel((min(x, world.width - 1), min(y, world.height - 1)))), (city["name"], x, y)
    window = locator(maps, city)
    country = Image.open(full_site.output / window[0]).convert("RGBA")
    fx, fy = project(window, lat, lon)
    assert 0 <= fx <= 1 and 0 <= fy <= 1, (city["name"], fx, fy)
    px, py = min(int(fx * country.width), country.width - 1), min(int(fy * country.height), country.height - 1)
    assert is_dot(country.getpixel((px, py))), (city["name"], px, py)
    assert country.getpixel((0, 0))[3] == 255, "the ground is opaque to the edges"


def test_land_water_and_borders_read_back_with_pillow(full_site, windows):
    """The ground under the dots: open sea is water, a border runs between France and Spain (Natural Earth)."""
    world = Image.open(full_site.output / "map" / "world.png").convert("RGBA")
    pacific, atlantic = world.getpixel((int(30 / 360 * world.width), world.height // 2)), world.getpixel((int(150 / 360 * world.width), world.height // 2))
    assert pacific == atlantic and pacific[2] > pacific[0], (pacific, atlantic)  # -150° and -30° on the equator: water, bluish
    gb = Image.open(full_site.output / windows["GB"][0]).convert("RGBA")
    fx, fy = project(windows["GB"], 55.0, 1.5)
    assert 0 <= fx < 1 and 0 <= fy < 1, (fx, fy)
    assert gb.getpixel((int(fx * gb.width), int(fy * gb.height))) == pacific, "the North Sea on Great Britain's map"
    fr = Image.open(full_site.output / windows["FR"][0]).convert("RGBA")
    x, top = project(windows["FR"], 43.3, -0.36667)
    _, bottom = project(windows["FR"], 42.4, -0.36667)
    column = [fr.getpixel((int(x * fr.width), y)) for y in range(int(top * fr.height), min(fr.height, int(bottom * fr.height) + 1))]
    grey = [p for p in column if abs(p[0] - p[1]) < 30 and abs(p[1] - p[2]) < 30 and p[0] < 160]
    assert grey, f"a border pixel between Pau and Jaca: {column}"


@pytest.mark.parametrize("code,span", [("FJ", 4.1), ("NZ", 15.8)])
def test_country_windows_are_the_shortest_interval_padded(windows, data, code, span):
    """A main map across the antimeridian spans the shortest interval of its country's longitudes, padded. (Kiribati's
    main map shows the Gilbert Islands, its main cluster, and its other islands are outlying parts: `CountryFrames`.)"""
    west, shortest = shortest_interval([r["coord"]["lon"] for r in data.values() if r["country"] == code])
    assert round(shortest, 1) == span  # min/max longitude would give 333–359°
    _, window_west, window_span, *_ = windows[code]
    assert abs(window_span - shortest * (1 + 2 * PADDING)) < 1e-4, (window_span, shortest)
    middle = (west + shortest / 2 + 180) % 360 - 180
    window_middle = (window_west + window_span / 2 + 180) % 360 - 180
    assert abs((middle - window_middle + 180) % 360 - 180) < 1e-4, (middle, window_middle)


def marker_offset(browser, image_css, marker_id, window, lat, lon):
    """How far (x, y in CSS pixels) the marker's centre lies from the city's projected position on the image."""
    wait(browser).until(lambda b: b.execute_script(
        "var i = document.querySelector(arguments[0]); return i && i.complete && i.naturalWidth > 0", image_css))
    i_left, i_top, i_width, i_height, m_x, m_y = browser.execute_script("""
        var i = document.querySelector(arguments[0]).getBoundingClientRect(), m = document.getElementById(arguments[1]).getBoundingClientRect();
        return [i.left, i.top, i.width, i.height, m.left + m.width / 2, m.top + m.height / 2];""", image_css, marker_id)
    fx, fy = project(window, lat, lon)
    return abs(i_left + fx * i_width - m_x), abs(i_top + fy * i_height - m_y)


def color_scheme(browser, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.mark.parametrize("mode", ["http", "file"])
def test_the_marker_sits_on_the_city_on_twenty_detail_pages(browser, full_site, maps, data, mode):
    ids = random.Random(27).sample(sorted(data), 19) + [146839]  # and Akrotiri, GB, on the map of its part
    root = full_site.http if mode == "http" else full_site.file
    try:
        for n, city_id in enumerate(ids):
            city = data[city_id]
            for k, size in enumerate([(1280, 900), (390, 844)]):
                color_scheme(browser, "dark" if (n + k) % 2 else "light")
                browser.set_window_size(*size)
                browser.get(f"{root}city/{city_id % 1000}/{city_id}.html")
                window = locator(maps, city)
                assert browser.find_element(By.CSS_SELECTOR, "#locatorMap img").get_attribute("src").endswith(window[0])
                dx, dy = marker_offset(browser, "#locatorMap img", "locatorMarker", window, city["coord"]["lat"], city["coord"]["lon"])
                assert dx <= 2 and dy <= 2, (city_id, city["name"], size, dx, dy)
    finally:
        color_scheme(browser, "light")
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("mode", ["http", "file"])
def test_the_split_view_shows_the_locator_of_the_highlighted_city(wide, full_site, windows, data, mode):
    open_home(wide, full_site, mode)
    type_query(wide, "suva, fj")
    wait(wide).until(lambda b: b.find_element(By.ID, "detailLocatorImage").get_attribute("src").endswith("map/FJ.png"))
    suva = data[2198148]
    dx, dy = marker_offset(wide, "#detailLocatorImage", "detailMarker", windows["FJ"], suva["coord"]["lat"], suva["coord"]["lon"])
    assert dx <= 2 and dy <= 2, (dx, dy)
    type_query(wide, "london, gb")
    wait(wide).until(lambda b: b.find_element(By.ID, "detailLocatorImage").get_attribute("src").endswith("map/GB.png"))
    assert wide.find_element(By.ID, "detailLocatorImage").get_attribute("alt").startswith("London, GB on the map")


def test_no_request_leaves_the_site_before_the_viewer_is_asked_for(browser, full_site):
    for page in ["index.html?q=london", "country/GB/1.html", "list/1.html", "city/743/2643743.html"]:
        browser.get(full_site.http + page)
        wait(browser).until(lambda b: b.execute_script("return document.readyState") == "complete")
        names = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert names and all(name.startswith(full_site.http) for name in names), (page, names)
        assert not browser.find_elements(By.TAG_NAME, "iframe"), page
    link = browser.find_element(By.ID, "showMap")
    assert link.tag_name == "a" and link.text == "Interactive map (openstreetmap.org)"
    assert link.get_attribute("href") == VIEWER
    link.click()
    frame = browser.find_element(By.ID, "cityMap")
    assert frame.get_attribute("src") == VIEWER
    assert frame.get_attribute("title") == "Map of London, GB"
    assert browser.current_url == full_site.http + "city/743/2643743.html", "the viewer opens in the page"
    assert not browser.find_elements(By.ID, "showMap"), "the viewer takes the link's place"
    assert browser.find_element(By.ID, "osmLink").is_displayed()


@pytest.mark.parametrize("mode", ["http", "file"])
def test_without_javascript_the_viewer_link_opens_the_viewer(browser, full_site, mode):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get((full_site.http if mode == "http" else full_site.file) + "city/743/2643743.html")
        assert not browser.find_elements(By.TAG_NAME, "iframe")
        link = browser.find_element(By.ID, "showMap")
        assert link.is_displayed() and link.get_attribute("href") == VIEWER
        link.click()
        # No network here: the viewer does not load, but the browser went to its URL.
        wait(browser).until(
            lambda b: b.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"][-1]["url"] == VIEWER)
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_the_home_page_shows_the_world_map_and_a_country_page_its_map(browser, full_site):
    browser.get(full_site.http + "index.html")
    world = browser.find_element(By.ID, "worldMap")
    assert world.get_attribute("src").endswith("map/world.png") and "Map of the world" in world.get_attribute("alt")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", world) == 1200
    browser.get(full_site.http + "country/FJ/1.html")
    assert browser.find_element(By.ID, "countryMap").get_attribute("src").endswith("map/FJ.png")
    assert "![Map of Fiji (FJ)" in (full_site.output / "country" / "FJ" / "1.md").read_text(encoding="utf-8")
    assert "](map/world.png)" in (full_site.output / "index.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("mode", ["none", "embed"])
def test_each_map_setting_passes_the_link_check_and_the_validator(mode):
    site = build_site(CHALLENGE, f"map: {mode}\n")
    try:
        check = citygen("check", cwd=site.folder)
        assert check.returncode == 0, check.stdout + check.stderr
        pages = sorted(site.output.glob("city/*/*.html")) + [site.output / "index.html", site.output / "country" / "US" / "1.html"]
        result = vnu(pages)
        assert result.returncode == 0 and result.stderr.strip() == "", result.stderr[:4000]
        detail = (site.output / "city" / "1" / "1.html").read_text(encoding="utf-8")
        assert ('id="cityMap"' in detail) == (mode == "embed") and 'id="showMap"' not in detail
        markdown = (site.output / "city" / "1" / "1.md").read_text(encoding="utf-8")
        assert ("openstreetmap.org/export/embed.html" in markdown) == (mode == "embed")
        assert 'id="locatorMap"' in detail
    finally:
        site.close()
        shutil.rmtree(site.folder, ignore_errors=True)
