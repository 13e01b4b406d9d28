"""Every reader's language in Chromium (SPEC §5 "Language"): a site of the snapshot's cities that GeoNames'
cities15000.txt lists, with its places, in Russian (at the root), Arabic (`ar/`) and Persian (`fa/`, a user's table:
citygen ships none), with libgeonames-common's names in the three. A number the script writes (a result's
population, the split view's coordinates) is the page's for the same value, in each language's digits and marks;
search finds a city by a Cyrillic and an Arabic prefix; Arabic and Persian pages read right to left, Russian ones
left to right."""
import shutil
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import GEONAMES, PLACES, build_site, names_table, wait
from test_search import type_query
from test_top_matches import snapshot_records

LONDON, MOSCOW, CAIRO = 2643743, 524901, 360630
FOLDERS = {"ru": "", "ar": "ar/", "fa": "fa/"}


@pytest.fixture(scope="module")
def readers_site():
    names, table = names_table("ru", "ar", "fa")
    persian = Path(tempfile.mkdtemp(prefix="citygen-fa-")) / "fa.yml"
    persian.write_text("site.title: شهرهای جهان\ncity.population: جمعیت\n", encoding="utf-8")
    listed = {int(line.split("\t", 1)[0]) for line in (GEONAMES / "cities15000.txt").read_text(encoding="utf-8").splitlines() if line}
    records = [r for r in snapshot_records() if r["_id"] in listed]
    site = build_site(records, f"languages: [ru, ar, fa]\nformats: [html]\nstrings:\n  fa: {persian}\n{PLACES}  names: {table}\n")
    site.names = names
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)
    shutil.rmtree(table.parent, ignore_errors=True)
    shutil.rmtree(persian.parent, ignore_errors=True)


def city_path(city):
    return f"city/{city % 1000}/{city}.html"


@pytest.mark.parametrize("code", list(FOLDERS))
def test_a_number_the_script_writes_is_the_pages_number(wide, readers_site, code):
    base = readers_site.http + FOLDERS[code]
    wide.get(base + city_path(LONDON))
    population = wide.find_element(By.ID, "population").text
    coordinates = wide.find_element(By.ID, "coordinates").text.split(" (")[0]
    assert population and coordinates
    if code == "fa":
        assert population[0] in "۰۱۲۳۴۵۶۷۸۹", f"Persian digits on the page: {population}"
    wide.get(base + "index.html")
    type_query(wide, readers_site.names[code][LONDON])
    row = wait(wide).until(lambda b: b.find_elements(By.CSS_SELECTOR, f"#cityCell_{LONDON} .facts"))[0]
    assert population in row.text, f"{code}: the result says {row.text!r}, the page {population!r}"
    wide.find_element(By.CSS_SELECTOR, f"#cityCell_{LONDON}").click()
    wait(wide).until(lambda b: b.find_element(By.ID, "detailName").text.startswith(readers_site.names[code][LONDON]))
    assert wide.find_element(By.ID, "detailCoordinates").text == coordinates, code


@pytest.mark.parametrize("code, query, city", [("ru", "моск", MOSCOW), ("ar", "القاه", CAIRO), ("ru", "МОСКВА", MOSCOW)])
def test_search_finds_a_city_by_a_prefix_in_its_script(wide, readers_site, code, query, city):
    wide.get(readers_site.http + FOLDERS[code] + "index.html")
    type_query(wide, query)
    first = wide.find_elements(By.CSS_SELECTOR, "#cityList > li")[0]
    assert first.get_attribute("id") == f"cityCell_{city}", first.text
    assert first.text.startswith(readers_site.names[code][city])


def test_arabic_and_persian_pages_read_right_to_left_and_russian_ones_left_to_right(wide, readers_site):
    for code, direction in [("ru", "ltr"), ("ar", "rtl"), ("fa", "rtl")]:
        for page in ["index.html", city_path(LONDON), "country/GB/1.html"]:
            wide.get(readers_site.http + FOLDERS[code] + page)
            assert wide.execute_script("return getComputedStyle(document.body).direction") == direction, f"{code} {page}"


def test_an_arabic_maps_labels_are_its_names_and_read_right_to_left(wide, readers_site):
    """The map to explore in Arabic: Cairo's label is libgeonames-common's Arabic name, its first letter drawn at
    its right end, and the list of places in view has it; Moscow's Russian label reads left to right."""
    for code, direction, city, view in [("ar", "rtl", CAIRO, "#6/30.0444/31.2357"), ("ru", "ltr", MOSCOW, "#6/55.7522/37.6156")]:
        wide.get(readers_site.http + FOLDERS[code] + "map.html" + view)
        name = readers_site.names[code][city]
        script = """var a = Array.from(document.querySelectorAll('#exploreMap .map-label a')).find(a => a.textContent === arguments[0]);
            if (!a) return null;
            var text = a.firstChild, first = document.createRange(), last = document.createRange();
            first.setStart(text, 0); first.setEnd(text, 1);
            last.setStart(text, text.length - 1); last.setEnd(text, text.length);
            return [getComputedStyle(a).direction, first.getBoundingClientRect().left, last.getBoundingClientRect().left];"""
        wait(wide).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#exploreMap .map-label a"))
        found = wide.execute_script(script, name)
        assert found, (code, name, [a.text for a in wide.find_elements(By.CSS_SELECTOR, "#exploreMap .map-label a")][:20])
        assert found[0] == direction, (code, found)
        assert (found[1] > found[2]) == (direction == "rtl"), f"{code}: the first letter at {found[1]}, the last at {found[2]}"
        listed = [a.text for a in wide.find_elements(By.CSS_SELECTOR, "#mapPlaces a")]
        assert any(text.startswith(name) for text in listed), listed[:5]
