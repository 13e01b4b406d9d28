"""The site as people use it: the adaptive layout (split view on wide windows, detail pages on narrow ones),
keyboard-only use, and accessibility checked with axe-core (axe-selenium-python) in headless Chromium."""
import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait
from test_search import labels, open_home, type_query



def test_wide_window_shows_the_selected_city_beside_the_results(wide, full_site):
    open_home(wide, full_site, "http")
    type_query(wide, "london, gb")
    wide.find_element(By.CSS_SELECTOR, "#cityList li a").click()
    panel = wide.find_element(By.ID, "cityDetail")
    wait(wide, 10).until(lambda b: panel.is_displayed())
    assert wide.current_url.split("/")[-1].startswith("index.html"), "the page was left"
    assert wide.find_element(By.ID, "detailName").text == "London, GB"
    assert wide.find_element(By.ID, "detailCoordinates").get_attribute("textContent") == "51.5085,\u00a0-0.1257"
    # The panel's map is the locator, drawn at build time: no frame from another host.
    wait(wide, 10).until(lambda b: b.find_element(By.ID, "detailLocatorImage").get_attribute("src").endswith("map/GB.png"))
    assert not wide.find_elements(By.TAG_NAME, "iframe")
    assert wide.find_element(By.ID, "detailLink").get_attribute("href").endswith("city/743/2643743.html")
    # The list and the panel are side by side.
    results, detail = wide.find_element(By.ID, "cityList").rect, panel.rect
    assert detail["x"] >= results["x"] + results["width"], (results, detail)
    # The URL carries the selection: opening it again shows the same city.
    assert "city=2643743" in wide.current_url
    wide.get(wide.current_url)
    wait(wide).until(lambda b: b.find_element(By.ID, "detailName").text == "London, GB")
    assert "selected" in wide.find_element(By.ID, "cityCell_2643743").get_attribute("class")


def test_wide_window_keyboard_selection_follows_the_highlight(wide, full_site):
    open_home(wide, full_site, "http")
    type_query(wide, "córdoba")
    box = wide.find_element(By.ID, "searchInput")
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ARROW_DOWN)
    assert wide.find_element(By.ID, "detailName").get_attribute("textContent") == labels(wide)[1]


def test_narrow_window_opens_the_detail_page(narrow, full_site):
    open_home(narrow, full_site, "http")
    type_query(narrow, "london, gb")
    assert not narrow.find_element(By.ID, "cityDetail").is_displayed()
    narrow.find_element(By.CSS_SELECTOR, "#cityList li a").click()
    wait(narrow).until(lambda b: b.current_url.endswith("city/743/2643743.html"))
    assert narrow.find_element(By.ID, "locatorMap").is_displayed()
    narrow.find_element(By.ID, "showMap").click()
    assert narrow.find_element(By.ID, "cityMap").get_attribute("src").endswith("marker=51.50853,-0.12574")


def test_keyboard_only_search_to_result_to_detail(wide, full_site):
    open_home(wide, full_site, "http")
    body = wide.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)  # the first focusable element is the site's home link; then the search box
    for _ in range(5):
        if wide.switch_to.active_element.get_attribute("id") == "searchInput":
            break
        wide.switch_to.active_element.send_keys(Keys.TAB)
    assert wide.switch_to.active_element.get_attribute("id") == "searchInput"
    wide.switch_to.active_element.send_keys("zürich")
    wait(wide).until(lambda b: b.execute_script("return window.citygenStats.last") == "zürich")
    wide.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    wait(wide).until(lambda b: "/city/" in b.current_url)
    assert wide.find_element(By.TAG_NAME, "h1").text.startswith("Zürich")


def violations(browser):
    """Every axe-core violation, of any impact."""
    axe = Axe(browser)
    axe.inject()
    results = axe.run()
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]]


@pytest.mark.parametrize("page", ["index.html?q=san", "list/1.html", "country/index.html", "country/AR/1.html",
                                  "city/860/707860.html", "favorites.html", "404.html"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(wide, full_site, page, scheme):
    wide.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        wide.get(full_site.http + page)
        if page.startswith("index"):
            wait(wide).until(lambda b: len(labels(b)) == 50)
            assert wide.find_element(By.ID, "cityDetail").is_displayed(), "the split view is open"
        assert wide.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
        assert violations(wide) == []
    finally:
        wide.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_dark_mode_follows_the_system(wide, full_site):
    colors = {}
    for scheme in ["light", "dark"]:
        wide.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        wide.get(full_site.http + "list/1.html")
        colors[scheme] = wide.execute_script("return getComputedStyle(document.body).backgroundColor")
    wide.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert colors["light"] != colors["dark"], colors


# Every kind of page, with the site that has it: the region pages need places.
PAGE_KINDS = [("full_site", "index.html"), ("full_site", "index.html?q=san"), ("full_site", "list/1.html"),
              ("full_site", "country/index.html"), ("full_site", "country/AR/1.html"), ("full_site", "city/860/707860.html"),
              ("full_site", "favorites.html"), ("full_site", "404.html"), ("places_full_site", "region/AR/05/1.html"),
              ("places_full_site", "city/743/2643743.html")]


@pytest.mark.parametrize("width", [390, 768])
@pytest.mark.parametrize("fixture, page", PAGE_KINDS)
def test_no_page_is_wider_than_a_narrow_window(browser, request, fixture, page, width):
    site = request.getfixturevalue(fixture)
    if not (site.output / page.split("?")[0]).exists():
        pytest.fail(f"{page} is not in the site")
    browser.set_window_size(width, 844)
    try:
        browser.get(site.http + page)
        # Images are laid out at their own size until they load: measure once each has.
        wait(browser).until(lambda b: b.execute_script(
            "return document.readyState === 'complete' && Array.from(document.images).every(function (i) { return i.complete; })"))
        if "?q=" in page:
            wait(browser).until(lambda b: len(labels(b)) == 50)
        window, document = browser.execute_script(
            "return [window.innerWidth, document.documentElement.scrollWidth]")
        assert document <= window, f"{page} at {width} px is {document} px wide"
    finally:
        browser.set_window_size(1280, 900)
