"""The Markdown pages read the same in the Markdown readers their users open them with: cmark (what the HTML pages
are rendered with; Debian's cmark), GitHub's cmark-gfm with its extensions (Debian's cmark-gfm), markdown-it-py, and
Python-Markdown both as MkDocs sets it up (toc, tables, fenced_code) and with no extension. A sample of every page
kind shows the same visible text in each, with no backslash of an escape left showing, and a hostile name shows
exactly as it is written."""
import html.parser
import random
import re
import shutil
import subprocess

import markdown
import pytest
from markdown_it import MarkdownIt

from conftest import build_site

HOSTILE = "*x* [y](javascript:alert(1)) <b>z</b>"
# A name for each escape: the hostile city in Antigua & Barbuda (a country name with `&`), `&` that could start an
# entity and that could not, the syntax Python-Markdown has no backslash escape for, block starters, list numbers.
NAMES = [(HOSTILE, "AG"), ("AT&T", "TT"), ("AT&T Park", "US"), ("&amp; &copy; &#38; &#x26;", "US"), ("~~s~~ a|b c", "US"),
         ("= sign", "FR"), ("- dash", "FR"), ("+ plus", "FR"), ("> quote", "DE"), ("# hash #", "DE"), ("1. Mai", "DE"),
         ("2) two", "DE"), ("`tick` _under_ !bang [link]", "IT"), ("back\\slash", "IT"), ("Saint John's", "AG")]


def cmark(text):
    return subprocess.run(["cmark", "--unsafe"], input=text, capture_output=True, text=True, check=True).stdout


def cmark_gfm(text):
    return subprocess.run(["cmark-gfm", "--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter"],
                          input=text, capture_output=True, text=True, check=True).stdout


MARKDOWN_IT = MarkdownIt("commonmark").enable(["table", "strikethrough"])

READERS = {
    "cmark": cmark,
    "cmark-gfm": cmark_gfm,
    "markdown-it-py": MARKDOWN_IT.render,
    "Python-Markdown (MkDocs)": lambda text: markdown.markdown(text, extensions=["toc", "tables", "fenced_code"]),
    "Python-Markdown": markdown.markdown,
}


class Visible(html.parser.HTMLParser):
    """What a browser shows of an HTML fragment: its text, an image as its alt text, one line a block; and the texts of
    its links, headings and images, and the links' targets."""
    BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "table", "tr", "td", "th", "hr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.links, self.headings, self.alts, self.hrefs, self.tags = [], [], [], [], [], set()
        self.open = []  # (tag, start in parts) of the links and headings being read

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag in self.BLOCKS:
            self.parts.append("\n")
        if tag == "img":
            self.alts.append(attrs.get("alt", ""))
            self.parts.append(attrs.get("alt", ""))
        if tag == "a":
            self.hrefs.append(attrs.get("href", ""))
        if tag in ("a", "h1", "h2", "h3"):
            self.open.append((tag, len(self.parts)))

    def handle_endtag(self, tag):
        if self.open and self.open[-1][0] == tag:
            _, start = self.open.pop()
            (self.links if tag == "a" else self.headings).append(squeeze("".join(self.parts[start:])))
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        self.parts.append(data)

    def lines(self):
        return [line for line in map(squeeze, "".join(self.parts).split("\n")) if line]


def squeeze(text):
    return " ".join(text.split())


def read(reader, text):
    visible = Visible()
    visible.feed(READERS[reader](text))
    visible.close()
    return visible


def assert_read_alike(path, text):
    """`text`, the Markdown page at `path`, shows the same in every reader, and no escape's backslash shows."""
    readings = {name: read(name, text) for name in READERS}
    reference = readings["cmark"]
    for name, reading in readings.items():
        for what in ("lines", "links", "headings", "alts"):
            got, expected = getattr(reading, what), getattr(reference, what)
            got, expected = (got(), expected()) if callable(got) else (got, expected)
            assert got == expected, f"{path}: {name}'s {what} differ from cmark's:\n{difference(got, expected)}"
        shown = "\n".join(reading.lines() + reading.alts)
        escape = re.search(r".{0,30}\\[!-/:-@\[-`{-~].{0,30}", shown)
        assert escape is None, f"{path}: {name} shows a backslash escape: {escape.group(0)!r}"
        assert not {"b", "script", "strong", "em", "del", "s", "code"} & reading.tags - reference.tags, (path, name, reading.tags)
        assert not any(href.lower().startswith("javascript:") for href in reading.hrefs), (path, name, reading.hrefs)


def difference(got, expected):
    for line_got, line_expected in zip(got, expected):
        if line_got != line_expected:
            return f"  {line_got!r}\n  cmark: {line_expected!r}"
    return f"  {len(got)} against cmark's {len(expected)}: {got[len(expected):][:3] or expected[len(got):][:3]}"


def markdown_pages(output, pattern):
    return sorted(output.glob(pattern))


def sample(paths, count, seed):
    return random.Random(seed).sample(paths, min(count, len(paths)))


@pytest.fixture(scope="module")
def hostile_site():
    """A small site of the names above, two of them favorites."""
    records = [{"_id": n + 1, "name": name, "country": country, "coord": {"lat": 10 + n, "lon": -60 + 3 * n}}
               for n, (name, country) in enumerate(NAMES)]
    site = build_site(records, "favorites:\n  - 1\n  - 2\n")
    yield site
    site.close()
    shutil.rmtree(site.folder, ignore_errors=True)


def test_every_page_of_hostile_names_reads_alike(hostile_site):
    pages = markdown_pages(hostile_site.output, "**/*.md")
    kinds = {str(p.relative_to(hostile_site.output)).split("/")[0] for p in pages}
    assert {"index.md", "list", "city", "country", "favorites.md"} <= kinds, kinds
    for page in pages:
        assert_read_alike(page.relative_to(hostile_site.output), page.read_text(encoding="utf-8"))


def test_the_hostile_name_shows_as_written_in_every_reader(hostile_site):
    """On its page (heading, map's alt text), in the list, its neighbours' nearest places and the favorites."""
    output = hostile_site.output
    label = f"{HOSTILE}, AG"
    city = (output / "city" / "1" / "1.md").read_text(encoding="utf-8")
    for reader in READERS:
        page = read(reader, city)
        assert page.headings[0] == f"{label} ★", (reader, page.headings)
        assert f"{label} on the map of Antigua & Barbuda" in page.alts, (reader, page.alts)
        assert "Antigua & Barbuda" in page.links, (reader, page.links)
        for other in ["list/1.md", "favorites.md", "city/2/2.md"]:
            assert label in read(reader, (output / other).read_text(encoding="utf-8")).links, (reader, other)


def test_each_escape_reads_as_its_character(hostile_site):
    """Each name of the list shows exactly as it is written, as a link on the list page, in every reader."""
    text = (hostile_site.output / "list" / "1.md").read_text(encoding="utf-8")
    for reader in READERS:
        links = read(reader, text).links
        for name, country in NAMES:
            assert f"{name}, {country}" in links, (reader, name, links)


def test_a_sample_of_the_full_sites_pages_reads_alike(full_site):
    """Every page kind of the full data: home, list pages, the countries, the countries with `&` in their names (all
    their pages), other countries, favorites, and detail pages, those in a country with `&` and others."""
    output = full_site.output
    ampersand = [p for p in markdown_pages(output, "country/*/1.md") if "&" in p.read_text(encoding="utf-8").split("\n")[0]]
    assert len(ampersand) >= 10 and output / "country" / "AG" / "1.md" in ampersand, ampersand
    assert (output / "country" / "AG" / "1.md").read_text(encoding="utf-8").startswith("# Antigua & Barbuda (AG)")
    pages = [output / "index.md", output / "list" / "1.md", output / "list" / "500.md", output / "country" / "index.md",
             output / "country" / "none" / "1.md", output / "favorites.md"]
    pages += [p for folder in ampersand for p in markdown_pages(folder.parent, "*.md")]
    pages += sample(markdown_pages(output, "country/*/1.md"), 10, 71) + sample(markdown_pages(output, "list/*.md"), 10, 71)
    cities = markdown_pages(output, "city/*/*.md")
    in_ampersand = [p for p in sample(cities, 4000, 71) if "&" in p.read_text(encoding="utf-8")]
    assert in_ampersand, "a detail page in a country with & in its name"
    pages += in_ampersand[:20] + sample(cities, 40, 72)
    for page in dict.fromkeys(pages):
        assert_read_alike(page.relative_to(output), page.read_text(encoding="utf-8"))


def test_the_region_pages_and_their_cities_read_alike(places_full_site):
    """Region pages (GeoNames' places): those of Antigua & Barbuda and Trinidad & Tobago, and others, with their
    detail pages."""
    output = places_full_site.output
    regions = markdown_pages(output, "region/AG/*/*.md") + markdown_pages(output, "region/TT/*/*.md")
    assert regions
    regions += sample(markdown_pages(output, "region/*/*/1.md"), 15, 71)
    pages = regions + [output / "city" / "743" / "2643743.md"] + sample(markdown_pages(output, "city/*/*.md"), 30, 73)
    for page in dict.fromkeys(pages):
        assert_read_alike(page.relative_to(output), page.read_text(encoding="utf-8"))


def test_the_check_would_see_a_backslash_python_markdown_shows():
    """The readers do differ on what the pages used to hold: Python-Markdown shows the backslash of `\\&`."""
    with pytest.raises(AssertionError, match="differ from cmark's"):
        assert_read_alike("old", "# Antigua \\& Barbuda (AG)\n")
    with pytest.raises(AssertionError, match="differ from cmark's"):
        assert_read_alike("old", "- [\\~\\~s\\~\\~](x.md)\n")
