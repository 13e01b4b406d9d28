"""`citygen build --archive site.zim`, read by the real readers: python-libzim (every page byte-identical to a folder
build of the same options, titles, title and full-text indexes, metadata), `zimcheck -A`, `citygen check`, and
`kiwix-serve` with Chromium (the site's own search, a detail page's locator map, kiwix-serve's search)."""
import gzip
import io
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from libzim.reader import Archive
from libzim.search import Query, Searcher
from libzim.suggestion import SuggestionSearcher
from PIL import Image
from selenium.webdriver.common.by import By

from conftest import CITYGEN, SHARED, citygen, wait
from test_search import type_query

LONDON = 2643743  # London, GB


@pytest.fixture(scope="module")
def kiwix_build():
    """A folder build and a .zim of the same cities and options: the first 2,000 records and every London."""
    folder = Path(tempfile.mkdtemp(prefix="citygen-kiwix-"))
    records = json.load(gzip.open(SHARED / "data" / "cities.json.gz"))
    chosen = records[:2000] + [r for r in records[2000:] if r["name"] == "London"]
    (folder / "cities.json").write_text(json.dumps(chosen), encoding="utf-8")
    folder_build = citygen("build", "--source", "cities.json", "--places", "none", "--host", "kiwix", "--output", "site", "-q", cwd=folder)
    assert folder_build.returncode == 0, folder_build.stderr
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    zim_build = subprocess.run([str(CITYGEN), "build", "--source", "cities.json", "--places", "none", "--archive", "site.zim"], cwd=folder,
                               capture_output=True, text=True, timeout=600, env=environment)
    assert zim_build.returncode == 0, zim_build.stderr
    assert zim_build.stdout == "", "libzim's progress lines stay off citygen's stdout"
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def site_files(root: Path):
    return {str(p.relative_to(root)): p for p in sorted(root.rglob("*"))
            if p.is_file() and not p.name.startswith(".citygen")}


def test_every_file_of_the_folder_build_is_an_entry_byte_identical(kiwix_build):
    archive = Archive(kiwix_build / "site.zim")
    files = site_files(kiwix_build / "site")
    assert len(files) > 2000
    assert archive.entry_count == len(files), "no entry beyond the site's files (no bookkeeping file)"
    for path, file in files.items():
        assert bytes(archive.get_entry_by_path(path).get_item().content) == file.read_bytes(), path
    assert archive.main_entry.get_item().path == "index.html"
    assert archive.get_entry_by_path("index.html").get_item().mimetype == "text/html"
    assert archive.get_entry_by_path("map/world.png").get_item().mimetype == "image/png"
    assert archive.get_entry_by_path("assets/style.css").get_item().mimetype.startswith("text/css")


def test_pages_are_titled_and_the_title_index_answers_london(kiwix_build):
    archive = Archive(kiwix_build / "site.zim")
    page = next(p for p in site_files(kiwix_build / "site") if p.endswith(f"/{LONDON}.html"))
    assert archive.get_entry_by_path(page).title == "London, GB"
    assert archive.get_entry_by_path("index.html").title == "World Cities"
    suggested = list(SuggestionSearcher(archive).suggest("London").getResults(0, 50))
    assert page in suggested
    assert all(archive.get_entry_by_path(p).title.startswith("London") for p in suggested[:5]), suggested[:5]
    assert list(SuggestionSearcher(archive).suggest("Xqzzv").getResults(0, 10)) == []
    # Every HTML page but the 404 page is an article: the title index lists them and nothing else.
    pages = [p for p in site_files(kiwix_build / "site") if p.endswith(".html")]
    assert archive.article_count == len(pages) - 1


def test_the_full_text_index_finds_a_city_by_name_and_country(kiwix_build):
    archive = Archive(kiwix_build / "site.zim")
    assert archive.has_fulltext_index
    page = next(p for p in site_files(kiwix_build / "site") if p.endswith(f"/{LONDON}.html"))
    found = list(Searcher(archive).search(Query().set_query("London United Kingdom")).getResults(0, 10))
    assert page in found
    assert list(Searcher(archive).search(Query().set_query("xqzzvw")).getResults(0, 10)) == []


def test_the_metadata_openzim_requires(kiwix_build):
    archive = Archive(kiwix_build / "site.zim")
    text = {key: bytes(archive.get_metadata(key)).decode() for key in archive.metadata_keys if key.isalpha()}
    for key in ["Name", "Title", "Description", "Language", "Creator", "Publisher", "Date", "Source", "License"]:
        assert text.get(key), key
    assert text["Language"] == "eng"
    assert text["Date"] == "2023-11-14"  # SOURCE_DATE_EPOCH 1700000000
    assert text["Title"] == "World Cities" and len(text["Description"]) <= 80
    cities = len([p for p in site_files(kiwix_build / "site") if p.startswith("city/")])
    assert text["Description"].startswith(f"{cities:,} cities"), text["Description"]
    image = Image.open(io.BytesIO(bytes(archive.get_metadata("Illustration_48x48@1"))))
    assert image.format == "PNG" and image.size == (48, 48)
    assert image.convert("RGBA").getbbox() is not None, "the icon shows something"


def test_zimcheck_passes_with_every_check(kiwix_build):
    result = subprocess.run(["zimcheck", "-A", str(kiwix_build / "site.zim")], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Overall Test Status: Pass" in result.stdout
    assert "[ERROR]" not in result.stdout and "[WARNING]" not in result.stdout, result.stdout


def test_citygen_check_reads_the_file_back(kiwix_build):
    archive = Archive(kiwix_build / "site.zim")
    result = citygen("check", "--host", "kiwix", "site.zim", cwd=kiwix_build)
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert int(rows["files"][1].replace(",", "")) == archive.entry_count
    assert int(rows["titles"][1].replace(",", "")) == archive.article_count
    assert int(rows["archive"][2].replace(",", "")) == (kiwix_build / "site.zim").stat().st_size


def test_a_rebuild_has_the_same_uuid_and_entries(kiwix_build, tmp_path):
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    again = subprocess.run([str(CITYGEN), "build", "--source", str(kiwix_build / "cities.json"), "--places", "none", "--archive", "again.zim", "-q"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=600, env=environment)
    assert again.returncode == 0, again.stderr
    first, second = Archive(kiwix_build / "site.zim"), Archive(tmp_path / "again.zim")
    assert first.uuid == second.uuid
    # Byte-identical up to the clusters that hold Xapian's two indexes, which Xapian stamps with a random id.
    a, b = (kiwix_build / "site.zim").read_bytes(), (tmp_path / "again.zim").read_bytes()
    assert len(a) == len(b)
    differing = next(i for i in range(len(a)) if a[i] != b[i]) if a != b else len(a)
    assert differing > len(a) * 0.3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def kiwix_serve(kiwix_build):
    port = free_port()
    server = subprocess.Popen(["kiwix-serve", "-i", "127.0.0.1", "-p", str(port), str(kiwix_build / "site.zim")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "site/index.html", timeout=2)
            break
        except OSError:
            time.sleep(0.1)
    yield base
    server.terminate()
    server.wait(timeout=10)


def test_the_sites_own_search_works_inside_kiwix_serve(browser, kiwix_serve):
    browser.get(kiwix_serve + "site/index.html")
    type_query(browser, "London")
    links = browser.execute_script(
        "return Array.from(document.querySelectorAll('#cityList li a')).map(a => [a.textContent, a.href])")
    assert links and all(text.startswith("London") for text, _ in links), links
    target = next(href for text, href in links if href.endswith(f"/{LONDON}.html"))
    browser.get(target)
    assert browser.current_url.startswith(kiwix_serve + "site/city/")
    assert browser.find_element(By.TAG_NAME, "h1").text == "London, GB"
    wait(browser, 10).until(lambda b: b.execute_script(
        "var i = document.querySelector('#locatorMap img'); return i.complete && i.naturalWidth > 0"))
    assert browser.find_element(By.ID, "locatorMarker").is_displayed()
    # The viewer's link stays a plain link: the reader is offline, so the page never puts a blank viewer in place.
    link = browser.find_element(By.ID, "showMap")
    assert link.get_attribute("href").startswith("https://www.openstreetmap.org/export/embed.html?bbox=")
    assert link.get_attribute("data-offline") is not None
    assert browser.find_elements(By.TAG_NAME, "iframe") == [] or all(
        "openstreetmap" not in f.get_attribute("src") for f in browser.find_elements(By.TAG_NAME, "iframe"))


def test_kiwix_serves_own_search_and_suggestions_find_a_city(kiwix_serve, kiwix_build):
    page = next(p for p in site_files(kiwix_build / "site") if p.endswith(f"/{LONDON}.html"))
    results = urllib.request.urlopen(kiwix_serve + "search?content=site&pattern=London", timeout=10).read().decode()
    assert f'href="/site/{page}"' in results
    suggestions = json.loads(urllib.request.urlopen(kiwix_serve + "suggest?content=site&term=London", timeout=10).read())
    assert any(s.get("path") == page and s["value"] == "London, GB" for s in suggestions), suggestions


def test_the_map_to_explore_loads_with_its_tiles_and_points_inside_kiwix_serve(browser, kiwix_serve):
    browser.get(kiwix_serve + f"site/map.html?id={LONDON}")
    wait(browser, 20).until(lambda b: b.find_elements(By.ID, "mapMarker"))
    wait(browser, 20).until(lambda b: b.execute_script(
        "var t = Array.from(document.querySelectorAll('#exploreMap img.leaflet-tile')); return t.length > 0 && t.every(i => i.complete)"))
    tiles = browser.execute_script("return Array.from(document.querySelectorAll('#exploreMap img.leaflet-tile')).map(i => [i.src, i.naturalWidth])")
    assert any("/map/tiles/" in src and width == 256 for src, width in tiles), tiles
    assert browser.find_element(By.CSS_SELECTOR, "#mapCard h2").text == "London, GB"
    assert all(url.startswith(kiwix_serve) or url.startswith("data:") for url in
               browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)"))
