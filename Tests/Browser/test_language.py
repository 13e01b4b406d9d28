"""A Spanish site (SPEC §5 "Language") in Chromium: the full snapshot with GeoNames' own files as Debian installs them
(libtimezonemap-data's places, libgeonames-common's Spanish names written as an alternate names table). Search by the
shown names and by the source's gives what `citygen search` gives, over HTTP and from file://; the search UI and the
script's own words are the Spanish table's; axe finds nothing."""
import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, wait
from test_layout import violations
from test_search import labels_up_to, open_home


def words(code):
    """The shipped table of `code`, read as the flat YAML map it is (key: text, quotes around some texts)."""
    table = {}
    for line in (REPO / "Sources/CityGenKit/Resources/Strings" / f"{code}.yml").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#") and ": " in line:
            key, text = line.split(": ", 1)
            if text.startswith('"') and text.endswith('"'):
                text = text[1:-1].replace('\\"', '"')
            table[key] = text
    return table


@pytest.mark.parametrize("mode", ["http", "file"])
@pytest.mark.parametrize("query", ["londres", "nueva york", "colonia", "london", "LONDRES", "córdoba", "москва", "...", "zzzzqx"])
def test_search_by_the_shown_and_the_source_names_agrees_with_citygen_search(browser, spanish_site, mode, query):
    expected = spanish_site.search(query, "--limit", "50")
    open_home(browser, spanish_site, mode, query)
    if not expected:
        assert browser.find_element(By.ID, "emptyMessage").is_displayed()
        return
    # A row found by another name (the source's, on this site) shows it after the label: `Londres, GB — London`.
    shown = labels_up_to(browser, len(expected))
    assert [label.split(" \u2014 ")[0] for label in shown] == expected
    if query == "london":
        assert any(" \u2014 London" in label for label in shown), "rows found by the source's name say it"


def test_the_spanish_names_are_found_by_both_names(spanish_site):
    london = spanish_site.names[2643743]
    assert any(line.startswith(f"{london}, GB") for line in spanish_site.search("londres", "--limit", "20"))
    assert f"{spanish_site.names[5128581]}, US" in spanish_site.search("nueva york")
    assert any(line.startswith(f"{london}, GB") for line in spanish_site.search("london", "--limit", "400"))


def test_the_search_ui_and_the_script_speak_spanish(wide, spanish_site):
    spanish = words("es")
    open_home(wide, spanish_site, "http", "londres")
    assert wide.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    box = wide.find_element(By.ID, "searchInput")
    assert box.get_attribute("placeholder") == spanish["search.placeholder"]
    assert wide.find_element(By.CSS_SELECTOR, "label[for=searchInput]").text.startswith(spanish["search.label"].split("{{{")[0].strip())
    assert wide.find_element(By.ID, "loadMore").text in ("", spanish["search.loadMore"])
    toggle = wide.find_element(By.CSS_SELECTOR, "#cityList button.favToggle")
    assert toggle.text.endswith(spanish["favorite.save"]), toggle.text
    assert toggle.get_attribute("title") == spanish["favorite.saveTitle"]
    toggle.click()
    wait(wide).until(lambda b: b.find_element(By.CSS_SELECTOR, "#cityList button.favToggle").text.endswith(spanish["favorite.saved"]))
    toggle.click()
    # A detail page: its words, its local time as Intl writes it in Spanish.
    wide.get(spanish_site.http + "city/743/2643743.html")
    assert wide.find_element(By.TAG_NAME, "h1").text.startswith(spanish_site.names[2643743])
    wait(wide).until(lambda b: b.find_element(By.ID, "localTime").text != "")
    assert spanish["city.localTime"].split("{{")[0].strip() in wide.find_element(By.ID, "localTime").text


@pytest.mark.parametrize("page", ["index.html?q=londres", "city/743/2643743.html", "list/1.html", "country/GB/1.html"])
def test_axe_finds_no_violations_in_spanish(wide, spanish_site, page):
    wide.get(spanish_site.http + page)
    assert wide.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert violations(wide) == []
