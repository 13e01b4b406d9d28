"""A site in a language written right to left (SPEC §5 "Language"): Arabic, with a user's table of a few words (the
rest English, as citygen fills a table), built from the challenge's cities, in Chromium at 1280 px: every page says
`dir="rtl"` and its layout mirrors (the header's title at the right and its search, on every page but home, at the left, the trail's ★ at its
left end, a city page's facts right of its maps, a list row's ★ at its left), and axe finds no violation."""
import shutil
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import CHALLENGE, build_site, wait
from test_layout import violations

ARABIC = """site.title: مدن العالم
favorite.save: احفظ
favorite.saved: محفوظة
trail.home: الرئيسية
"""


@pytest.fixture(scope="module")
def arabic_site():
    folder = Path(tempfile.mkdtemp(prefix="citygen-ar-"))
    (folder / "ar.yml").write_text(ARABIC, encoding="utf-8")
    site = build_site(CHALLENGE, f"language: ar\nstrings:\n  ar: {folder / 'ar.yml'}\n")
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)


def box(browser, selector):
    return browser.find_element(By.CSS_SELECTOR, selector).rect


def test_every_page_reads_right_to_left_and_its_layout_mirrors(wide, arabic_site):
    for page in ["index.html", "list/1.html", "city/5/5.html", "country/US/1.html", "favorites.html"]:
        wide.get(arabic_site.http + page)
        assert wide.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl", page
        assert wide.execute_script("return getComputedStyle(document.body).direction") == "rtl", page
        if page == "index.html":
            continue  # the home page's own box is its search
        wait(wide).until(lambda b: b.find_elements(By.CSS_SELECTOR, "body > header .site-search"))
        title, search = box(wide, "body > header > a"), box(wide, "body > header .site-search")
        assert title["x"] > search["x"] + search["width"] - 1, f"{page}: the title at the right, the search at the left"

    wide.get(arabic_site.http + "city/5/5.html")  # Sydney
    wait(wide).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    assert wide.find_element(By.ID, "favoriteToggle").text.endswith("احفظ")
    toggle, home = box(wide, "nav.trail > #favoriteToggle"), box(wide, "nav.trail > a")
    assert toggle["x"] + toggle["width"] <= home["x"], "the ★ ends the trail: at its left"
    facts, maps = box(wide, "div[data-city] > div:first-child"), box(wide, "div[data-city] > div + div")
    assert facts["x"] >= maps["x"] + maps["width"] - 1, "the facts come first: at the right"

    wide.get(arabic_site.http + "list/1.html")
    wait(wide).until(lambda b: b.find_element(By.CSS_SELECTOR, "#cityCell_1 button.favToggle").is_displayed())
    star, link = box(wide, "#cityCell_1 button.favToggle"), box(wide, "#cityCell_1 > a")
    assert star["x"] + star["width"] <= link["x"], "a row's ★ at its left end"


def test_axe_finds_no_violation_on_an_arabic_city_page(wide, arabic_site):
    wide.get(arabic_site.http + "city/5/5.html")
    wait(wide).until(lambda b: b.find_elements(By.ID, "favoriteToggle"))
    assert violations(wide) == []
