"""The visitor's own favorites (SPEC §6, §7) in headless Chromium, over HTTP and from file://: ★ toggles on list
rows, detail pages and search results, kept in localStorage per site by id, shown by the favorites-only filter (with no
index request) and on the favorites page with the lines for citygen.yml; junk or unusable storage is not fatal."""
import pytest
from selenium.webdriver.common.by import By

from conftest import wait

MODES = ["http", "file"]
# Per site: the folder of its home page, where the header's title leads.
STORAGE_KEY = "return 'citygen:favorites:' + document.querySelector('body > header a').href.replace(/[^\\/]*([?#].*)?$/, '')"


def base(site, mode):
    return site.http if mode == "http" else site.file


def open_page(browser, site, mode, path):
    browser.get(base(site, mode) + path)
    wait(browser).until(lambda b: b.execute_script("return !!window.citygenFavorites"))


def forget(browser, site, mode):
    open_page(browser, site, mode, "list/1.html")
    browser.execute_script("localStorage.clear()")


def toggle(browser, selector):
    button = browser.find_element(By.CSS_SELECTOR, selector)
    assert button.is_displayed()
    button.click()
    return button


@pytest.mark.parametrize("mode", MODES)
def test_toggle_on_a_list_row_and_a_detail_page_survives_a_reload(browser, challenge_site, mode):
    forget(browser, challenge_site, mode)
    open_page(browser, challenge_site, mode, "list/1.html")
    button = browser.find_element(By.CSS_SELECTOR, "#cityCell_1 button.favToggle")
    assert button.get_attribute("aria-pressed") == "false" and "Save" in button.text
    toggle(browser, "#cityCell_1 button.favToggle")
    assert button.get_attribute("aria-pressed") == "true" and "Saved" in button.text
    browser.refresh()
    wait(browser).until(lambda b: b.find_element(
        By.CSS_SELECTOR, "#cityCell_1 button.favToggle").get_attribute("aria-pressed") == "true")
    assert browser.find_element(By.CSS_SELECTOR, "#cityCell_2 button.favToggle").get_attribute("aria-pressed") == "false"

    open_page(browser, challenge_site, mode, "city/5/5.html")  # Sydney, from its own page
    assert browser.find_element(By.ID, "favoriteToggle").get_attribute("aria-pressed") == "false"
    toggle(browser, "#favoriteToggle")
    browser.refresh()
    wait(browser).until(lambda b: b.find_element(By.ID, "favoriteToggle").get_attribute("aria-pressed") == "true")
    saved = browser.execute_script("return JSON.parse(localStorage.getItem(arguments[0]))", browser.execute_script(STORAGE_KEY))
    assert saved["ids"] == [1, 5] and [entry[0] for entry in saved["rows"]["en"]] == [1, 5], saved


@pytest.mark.parametrize("mode", MODES)
def test_filter_and_favorites_page_show_the_visitors_own(browser, challenge_site, mode):
    forget(browser, challenge_site, mode)
    open_page(browser, challenge_site, mode, "list/1.html")
    toggle(browser, "#cityCell_1 button.favToggle")
    open_page(browser, challenge_site, mode, "city/5/5.html")
    toggle(browser, "#favoriteToggle")

    open_page(browser, challenge_site, mode, "index.html")
    wait(browser).until(lambda b: b.execute_script("return window.citygenStats.timings.length > 0"))
    shards = "return performance.getEntriesByType('resource').filter(e => e.name.indexOf('shards') >= 0).length"
    before = browser.execute_script(shards)
    browser.find_element(By.ID, "favoritesOnly").click()
    wait(browser).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#cityList li")) == 2)
    rows = browser.find_elements(By.CSS_SELECTOR, "#cityList li")
    assert [row.find_element(By.TAG_NAME, "a").text for row in rows] == ["Alabama, US", "Sydney, AU"]
    assert all("saved in this browser" in row.text for row in rows)
    assert all(row.find_element(By.CSS_SELECTOR, "button.favToggle").get_attribute("aria-pressed") == "true" for row in rows)
    assert browser.execute_script(shards) == before, "the favorites filter reads no index file"

    open_page(browser, challenge_site, mode, "favorites.html")
    section = browser.find_element(By.ID, "visitorFavorites")
    assert section.is_displayed()
    assert [a.text for a in section.find_elements(By.CSS_SELECTOR, "#visitorFavoriteList a")] == ["Alabama, US", "Sydney, AU"]
    assert browser.find_element(By.ID, "favoritesYAML").text == "favorites:\n  - 1  # Alabama, US\n  - 5  # Sydney, AU"
    link = section.find_element(By.CSS_SELECTOR, "#ownCell_5 a").get_attribute("href")
    assert link.endswith("city/5/5.html")
    toggle(browser, "#ownCell_1 button.favToggle")  # removed there, gone everywhere
    assert [a.text for a in section.find_elements(By.CSS_SELECTOR, "#visitorFavoriteList a")] == ["Sydney, AU"]


@pytest.mark.parametrize("mode", MODES)
def test_full_or_disabled_storage_is_said_and_the_page_works(browser, challenge_site, mode):
    forget(browser, challenge_site, mode)
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };")})
    try:
        open_page(browser, challenge_site, mode, "list/1.html")
        button = toggle(browser, "#cityCell_1 button.favToggle")
        assert button.get_attribute("aria-pressed") == "false", "nothing was saved, so nothing shows as saved"
        status = browser.find_element(By.ID, "favoritesStatus")
        assert status.is_displayed() and "cannot be saved" in status.text
        assert len(browser.find_elements(By.CSS_SELECTOR, "#cityList li, main li")) >= 2, "the page still lists its cities"
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


@pytest.mark.parametrize("mode", MODES)
def test_junk_in_storage_is_ignored(browser, challenge_site, mode):
    forget(browser, challenge_site, mode)
    key = browser.execute_script(STORAGE_KEY)
    for junk in ["{not json", "42", '[[1,"x"],"y",[2,"B","US",1,"a"]]', '{"1": [1, "A", "US", 1, 2]}',
                 '{"ids": [1], "rows": {"en": [[1, "x"]]}}', '{"ids": "1", "rows": 1}', '{"ids": [1], "rows": {"en": 5}}']:
        browser.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, junk)
        open_page(browser, challenge_site, mode, "list/1.html")
        assert browser.find_element(By.CSS_SELECTOR, "#cityCell_1 button.favToggle").get_attribute("aria-pressed") == "false", junk
        assert not browser.find_elements(By.ID, "favoritesStatus"), junk
    toggle(browser, "#cityCell_1 button.favToggle")
    assert browser.find_element(By.CSS_SELECTOR, "#cityCell_1 button.favToggle").get_attribute("aria-pressed") == "true"
