"""The map to explore (map.html, SPEC §5 and §7), in Chromium over HTTP and file://: the world at first, pan and zoom by
keyboard, wheel and drag, the view kept in the address, labels of the largest places that never overlap, a scale
bar in the language's digits, nothing from another host; without a script, the world map and the largest places."""
import re
from html.parser import HTMLParser

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait


def base(site, scheme):
    return site.http if scheme == "http" else site.file


def open_map(browser, site, scheme, hash_=""):
    browser.get(base(site, scheme) + "map.html" + hash_)
    wait(browser).until(lambda b: b.execute_script("return !!window.citygenMap && document.querySelectorAll('.map-label').length > 0"))
    wait(browser).until(lambda b: b.execute_script(
        "return Array.from(document.querySelectorAll('#exploreMap img.leaflet-tile')).every(i => i.complete)"))


def view(browser):
    return browser.execute_script("var m = window.citygenMap, c = m.getCenter(); return [m.getZoom(), c.lat, c.lng]")


def labels(browser):
    """The labels' boxes on screen, and their texts."""
    return browser.execute_script("""return Array.from(document.querySelectorAll('.map-label a')).map(a => {
        var r = a.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, a.textContent]; });""")


def requests(browser):
    return browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")


@pytest.mark.parametrize("scheme", ["http", "file"])
@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_the_world_at_first_with_labels_that_never_overlap_and_nothing_from_another_host(browser, places_full_site, scheme, size):
    browser.set_window_size(*size)
    try:
        open_map(browser, places_full_site, scheme)
        zoom, lat, lon = view(browser)
        width = browser.execute_script("return document.getElementById('exploreMap').clientWidth")
        assert 256 * 2 ** zoom <= width < 256 * 2 ** (zoom + 1), "the whole world across the map, as large as fits"
        boxes = labels(browser)
        assert len(boxes) >= 5
        for i, a in enumerate(boxes):
            for b in boxes[:i]:
                assert not (a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1), (a, b)
        listed = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#mapPlaces a")]
        assert len(listed) == len(boxes) and all(", " in t for t in listed), listed
        tiles = browser.find_elements(By.CSS_SELECTOR, "#exploreMap img.leaflet-tile")
        assert any("/map/tiles/" in (t.get_attribute("src") or "") for t in tiles)
        scale = browser.find_element(By.ID, "mapScale").text
        assert re.fullmatch(r"[\d,]+ (km|m)", scale), scale
        origin = base(places_full_site, scheme)
        assert all(url.startswith(origin) or url.startswith("data:") for url in requests(browser)), requests(browser)
    finally:
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_keyboard_and_wheel_zoom_in_with_more_labels_a_drag_pans_and_the_address_keeps_the_view(wide, places_full_site, scheme):
    open_map(wide, places_full_site, scheme, "#3/50/10")
    zoom, lat, lon = view(wide)
    assert (zoom, round(lat), round(lon)) == (3, 50, 10)
    before = len(labels(wide))
    box = wide.find_element(By.ID, "exploreMap")
    wide.execute_script("arguments[0].focus()", box)
    assert wide.execute_script("return document.activeElement === arguments[0]", box), "the map takes the keyboard's focus"
    ActionChains(wide).send_keys("=").perform()  # the key of + (with Shift, Leaflet zooms three levels)
    wait(wide).until(lambda b: view(b)[0] == 4)
    ActionChains(wide).scroll_from_origin(ScrollOrigin.from_element(box), 0, -300).perform()
    wait(wide).until(lambda b: view(b)[0] > 4)
    wait(wide).until(lambda b: re.fullmatch(r"#[\d.]+/-?[\d.]+/-?[\d.]+", b.execute_script("return location.hash")))
    assert len(labels(wide)) > before, "more labels closer in"
    # The arrow keys pan; a drag pans.
    zoom, lat, lon = view(wide)
    ActionChains(wide).send_keys(Keys.ARROW_RIGHT).perform()
    wait(wide).until(lambda b: view(b)[2] > lon)
    zoom, lat, lon = view(wide)
    ActionChains(wide).click_and_hold(box).move_by_offset(-200, 0).move_by_offset(-100, 0).release().perform()
    wait(wide).until(lambda b: view(b)[2] > lon + 0.1)
    # The address keeps the view: a reload opens it again.
    kept = wide.execute_script("return location.hash")
    zoom, lat, lon = view(wide)
    wide.refresh()
    wait(wide).until(lambda b: b.execute_script("return !!window.citygenMap"))
    again = view(wide)
    assert again[0] == zoom and abs(again[1] - lat) < 1e-3 and abs(again[2] - lon) < 1e-3, (kept, again)


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.images, self.links, self.scripts, self.inside = [], [], [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs.get("src"))
        if tag == "ul" and attrs.get("id") == "mapPlaces":
            self.inside = "places"
        if tag == "a" and self.inside == "places":
            self.links.append(attrs["href"])
        if tag == "script" and "src" in attrs:
            self.scripts.append(attrs["src"])

    def handle_endtag(self, tag):
        if tag == "ul":
            self.inside = None


def test_without_a_script_the_page_shows_the_world_map_and_the_largest_places_as_links(places_full_site):
    page = _Page()
    page.feed((places_full_site.output / "map.html").read_text(encoding="utf-8"))
    assert page.images == ["map/world.png"]
    assert len(page.links) == 20 and all((places_full_site.output / link).exists() for link in page.links), page.links
    assert page.scripts == ["assets/search.js", "assets/leaflet/leaflet.js", "assets/map.js"]
    assert (places_full_site.output / "assets/leaflet/LICENSE").read_text(encoding="utf-8").count("BSD-2-clause") >= 1
    home = (places_full_site.output / "index.html").read_text(encoding="utf-8")
    assert 'href="map.html"' in home, "the home page links the map"


LONDON = 2643743
BUENOS_AIRES = (-34.6037, -58.3816)


@pytest.mark.parametrize("scheme", ["http", "file"])
@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_an_id_centres_its_city_with_its_marker_and_card_whose_link_opens_its_page(browser, places_full_site, scheme, size):
    browser.set_window_size(*size)
    try:
        browser.get(base(places_full_site, scheme) + f"map.html?id={LONDON}")
        wait(browser).until(lambda b: b.find_elements(By.ID, "mapMarker") and not b.find_element(By.ID, "mapCard").get_attribute("hidden"))
        box = browser.find_element(By.ID, "exploreMap").rect
        marker = browser.find_element(By.ID, "mapMarker").rect
        centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert abs(marker["x"] + marker["width"] / 2 - centre[0]) <= 2 and abs(marker["y"] + marker["height"] / 2 - centre[1]) <= 2, (marker, box)
        card = browser.find_element(By.ID, "mapCard")
        assert card.find_element(By.TAG_NAME, "h2").text == "London, GB"
        assert "England" in card.text
        assert card.find_element(By.CSS_SELECTOR, "button.favToggle").get_attribute("aria-pressed") == "false"
        card.find_element(By.ID, "mapCardLink").click()
        wait(browser).until(lambda b: f"/{LONDON}.html" in b.current_url)
        assert browser.find_element(By.TAG_NAME, "h1").text.startswith("London")
    finally:
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_clicking_a_dot_or_a_label_opens_its_card(wide, places_full_site, scheme):
    import json
    open_map(wide, places_full_site, scheme, "#9/51.5085/-0.1257")
    points = []
    for f in (places_full_site.output / "search" / "points").glob("[0-9]*.js"):
        text = f.read_text(encoding="utf-8")
        points += json.loads(text[text.index(",") + 1:text.rindex(")")])["points"]
    # A dot without a label: a place in view where nothing covers the map (its tiles take no pointer).
    south, west, north, east = wide.execute_script("var b = window.citygenMap.getBounds(); return [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()]")
    for p in [p for p in points if south < p[3] < north and west < p[4] < east][::-1][:300]:
        at = wide.execute_script("""var m = window.citygenMap, a = m.latLngToContainerPoint([arguments[0], arguments[1]]),
            box = document.getElementById('exploreMap').getBoundingClientRect(), x = box.left + a.x, y = box.top + a.y;
            if (a.x < 20 || a.y < 20 || a.x > box.width - 20 || a.y > box.height - 20) return null;
            var hit = document.elementFromPoint(x, y); return hit && hit.id === 'exploreMap' ? [x, y] : null;""", p[3], p[4])
        if at:
            break
    assert at, "an unlabelled dot in view"
    wide.execute_script("""var e = new MouseEvent('click', {clientX: arguments[0], clientY: arguments[1], bubbles: true});
        document.elementFromPoint(arguments[0], arguments[1]).dispatchEvent(e);""", at[0], at[1])
    wait(wide).until(lambda b: not b.find_element(By.ID, "mapCard").get_attribute("hidden"))
    assert wide.find_element(By.CSS_SELECTOR, "#mapCard h2").text == f"{p[1]}, {p[2]}"
    # A label opens its place's card too.
    label = wide.find_elements(By.CSS_SELECTOR, ".map-label a")[0]
    name = label.text
    label.click()
    wait(wide).until(lambda b: b.find_element(By.CSS_SELECTOR, "#mapCard h2").text.startswith(name + ", "))
    assert "/map.html" in wide.current_url


def test_near_me_lists_the_ten_cities_nearest_the_visitors_position(wide, places_full_site):
    import gzip
    import json
    import math
    from conftest import SHARED
    wide.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": places_full_site.http.rstrip("/")})
    wide.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": BUENOS_AIRES[0], "longitude": BUENOS_AIRES[1], "accuracy": 10})
    open_map(wide, places_full_site, "http")
    wide.find_element(By.ID, "nearMe").click()
    wait(wide).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#nearList li")) == 10)
    shown = [int(li.get_attribute("id").removeprefix("nearCell_")) for li in wide.find_elements(By.CSS_SELECTOR, "#nearList li")]

    def km(lat, lon):
        r = math.pi / 180
        h = math.sin((lat - BUENOS_AIRES[0]) * r / 2) ** 2 + math.cos(BUENOS_AIRES[0] * r) * math.cos(lat * r) * math.sin((lon - BUENOS_AIRES[1]) * r / 2) ** 2
        return 2 * 6371.0088 * math.asin(min(1, math.sqrt(h)))
    records = json.loads(gzip.decompress((SHARED / "data" / "cities.json.gz").read_bytes()))
    expected = [r["_id"] for r in sorted(records, key=lambda r: km(r["coord"]["lat"], r["coord"]["lon"]))[:10]]
    assert shown == expected
    assert wide.execute_script("return window.citygenMap.getZoom()") == 10
    wide.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})


@pytest.mark.parametrize("hash_", ["", "#8/51.5085/-0.1257"])
def test_axe_finds_no_violation_on_the_map(wide, places_full_site, hash_):
    from axe_selenium_python import Axe
    open_map(wide, places_full_site, "http", hash_)
    axe = Axe(wide)
    axe.inject()
    found = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in axe.run()["violations"]]
    assert found == []


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_a_locator_and_a_countrys_map_link_the_map_at_the_city_and_framed_on_the_country(wide, places_full_site, scheme):
    wide.get(base(places_full_site, scheme) + f"city/{LONDON % 1000}/{LONDON}.html")
    link = wait(wide).until(lambda b: b.find_elements(By.ID, "exploreLink"))[0]
    assert link.text == "Explore on the map"
    assert wide.execute_script("return document.getElementById('locatorMap').nextElementSibling.id") == "exploreLink"
    link.click()
    wait(wide).until(lambda b: b.find_elements(By.ID, "mapMarker") and not b.find_element(By.ID, "mapCard").get_attribute("hidden"))
    assert wide.current_url.endswith(f"map.html?id={LONDON}") or f"map.html?id={LONDON}#" in wide.current_url
    assert wide.find_element(By.CSS_SELECTOR, "#mapCard h2").text == "London, GB"

    wide.get(base(places_full_site, scheme) + "country/AR/1.html")
    link = wide.find_element(By.ID, "exploreLink")
    assert re.search(r"map\.html#[0-9.]+/-?[0-9.]+/-?[0-9.]+$", link.get_attribute("href")), link.get_attribute("href")
    link.click()
    wait(wide).until(lambda b: b.execute_script("return !!window.citygenMap"))
    # Argentina's main body in view, from the north (Salta) to the south (Ushuaia), and no further than a zoom out.
    inside = wide.execute_script("""var b = window.citygenMap.getBounds();
        return [[-24.78, -65.41], [-54.8, -68.3], [-34.6, -58.38]].every(p => b.contains(p)) && b.getNorth() - b.getSouth() < 80;""")
    assert inside, view(wide)
    assert any(text.startswith("Buenos Aires") for text in [a.text for a in wide.find_elements(By.CSS_SELECTOR, "#mapPlaces a")])


def test_a_spanish_map_says_its_words_names_and_numbers_in_spanish(wide, spanish_site):
    """The Spanish site's map: London's card under its Spanish name with the population in Spanish digits, the
    scale bar and the list's heading in Spanish, and the locator's link to the map in Spanish words."""
    name = spanish_site.names[LONDON]
    wide.get(spanish_site.http + f"city/{LONDON % 1000}/{LONDON}.html")
    link = wait(wide).until(lambda b: b.find_elements(By.ID, "exploreLink"))[0]
    assert link.text == "Explorar en el mapa"
    population = wide.find_element(By.ID, "population").text
    link.click()
    wait(wide).until(lambda b: not b.find_element(By.ID, "mapCard").get_attribute("hidden"))
    card = wide.find_element(By.ID, "mapCard")
    assert card.find_element(By.TAG_NAME, "h2").text == f"{name}, GB"
    assert population in card.text and "." in population, (population, card.text)
    assert wide.find_element(By.ID, "mapPlacesHeading").text == "Lugares a la vista"
    # (London's own label may yield to City of London's, which GeoNames gives more people.)
    assert wait(wide).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#mapPlaces a")) > 5)
    scale = wide.find_element(By.ID, "mapScale").text
    assert re.fullmatch(r"[\d.]+ (km|m)", scale), scale
