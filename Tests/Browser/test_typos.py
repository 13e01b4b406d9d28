"""SPEC §4c's typo matches in Chromium and the CLI, on the full snapshot with GeoNames' own cities15000.txt as Debian
installs it: `londn`, `bejing`, `philadelphai`, `manchestr` and `glagow` find London, Beijing, Philadelphia, Manchester
and Glasgow within their first 5 results, under "Did you mean", over HTTP and from file://, within 4 index requests
beyond the manifest and 160 KiB; the typo block of seeded misspellings equals an oracle written here (optimal string
alignment against every prefix of a place's §4 key and word keys, a first-letter edit costing 2, a name spelled whole
before a prefix as close, then population, then SPEC §3) over the places of the typo files the query reads; bad
queries read none."""
import json
import random
from urllib.parse import quote

import pytest

from test_search import index_requests, open_home
from test_top_matches import fold, joined_rows, search_json, snapshot_records


def distance(query, key, limit, whole):
    """The least optimal-string-alignment distance from query to a prefix of key (an edit of the first character costs
    2), and 0 when the key's first `whole` characters are as close, else 1; None when over limit."""
    n, m = len(query), min(len(key), len(query) + limit)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(1, m + 1):
        table[0][j] = j + 1
    for i in range(1, n + 1):
        table[i][0] = i + 1
        for j in range(1, m + 1):
            first = 2 if i == 1 or j == 1 else 1
            table[i][j] = min(table[i - 1][j] + (2 if i == 1 else 1), table[i][j - 1] + (2 if j == 1 else 1),
                              table[i - 1][j - 1] + (0 if query[i - 1] == key[j - 1] else first))
            if i > 1 and j > 1 and query[i - 1] == key[j - 2] and query[i - 2] == key[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + (2 if i == 2 or j == 2 else 1))
    best = min((table[n][j] for j in range(max(0, n - limit), m + 1)), default=limit + 1)
    if best > limit:
        return None
    return best, 0 if n - limit <= whole <= m and table[n][whole] == best else 1


def bucket_files(manifest, query):
    """The typo files a folded query reads, written here from SPEC §4c's reach as the index's manifest names them: the
    largest places' files under 5 characters; else the buckets of its variants (its first 4 characters, and its first
    5 without one of the 2nd to 5th, cut to 4), each named by its 1st and 4th characters, or 1st and 3rd where the
    manifest calls that pair heavy."""
    typos = manifest["typos"]
    if len(query) < 5:
        return list(range(typos["files"]))
    pairs = lambda s: [s[i:i + 2] for i in range(0, len(s), 2)]
    names, heavy = pairs(typos["buckets"]), pairs(typos.get("heavy", ""))
    variants = [query[:4]] + [(query[:p] + query[p + 1:5])[:4] for p in range(1, 5)]
    wanted = {v[0] + v[2] if v[0] + v[3] in heavy else v[0] + v[3] for v in variants}
    return [typos["files"] + i for i, name in enumerate(names) if name in wanted]


@pytest.fixture(scope="module")
def typo_block(places_full_site):
    """A function giving the typo block of a query: [ids], from the snapshot and the table (populations and SPEC §3's
    order computed here) over the places of the typo files the query reads (which places those are is the index's
    choice, but every place of 15,000 or more is in the buckets of its key's variants)."""
    folder = places_full_site.output / "search"
    manifest = json.loads((folder / "manifest.json").read_text())
    count = manifest["typos"]["files"] + len(manifest["typos"]["buckets"]) // 2
    files = [{e[0] for e in json.loads((folder / "typos" / f"{n}.json").read_text())["entries"]} for n in range(count)]
    records = {r["_id"]: r for r in snapshot_records()}
    population = {i: int(f[14]) for i, f in joined_rows(list(records.values())).items()}
    largest = set().union(*files[:manifest["typos"]["files"]])
    assert min(population[i] for i in largest) > max([p for i, p in population.items() if i not in largest], default=0) - 1, \
        "the typo places are the largest"
    assert {i for i, p in population.items() if p >= 15000} <= set().union(*files[manifest["typos"]["files"]:]), \
        "every place of 15,000 or more is in a bucket"
    places = {}
    for i in set().union(*files):
        r = records[i]
        words, country = fold(r["name"]).split(" "), fold(r["country"])
        keys = [(" ".join(words[k:]) + " " + country).strip() for k in range(len(words))]
        places[i] = ([(k, len(k) - len(country) - 1 if country else len(k)) for k in keys], -population[i],
                     (fold(r["name"]), country, r["name"], i))

    def block(query, listed):
        q, found = fold(query), []
        limit = 2 if len(q) >= 8 else 1
        universe = set().union(*(files[n] for n in bucket_files(manifest, q)))
        for i in universe:
            keys, size, order = places[i]
            ds = [d for d in (distance(q, k, limit, whole) for k, whole in keys) if d is not None]
            if ds and i not in listed:
                found.append((min(ds), size, order, i))
        return [f[3] for f in sorted(found)]
    return block


def typo_rows(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#cityList li[data-match=typo]')).map(li => +li.id.slice('cityCell_'.length))")


@pytest.mark.parametrize("mode", ["http", "file"])
def test_misspellings_find_their_places_under_did_you_mean(browser, places_full_site, mode):
    for query, city in [("londn", 2643743), ("bejing", 1816670), ("philadelphai", 4560349), ("sao paolo", 3448439),
                        ("Mumbal", 1275339), ("manchestr", 2643123), ("glagow", 2648579), ("sigaringen", 2832232)]:
        open_home(browser, places_full_site, mode, quote(query))
        ids = browser.execute_script(
            "return Array.from(document.querySelectorAll('#cityList li[id]')).slice(0, 5).map(li => +li.id.slice('cityCell_'.length))")
        assert city in ids, (query, ids)
        results = search_json(places_full_site, query)["results"]
        assert city in [r["id"] for r in results[:5]], query
        if any(r["block"] == "typo" for r in results):
            assert typo_rows(browser) == [r["id"] for r in results if r["block"] == "typo"], query
            headings = browser.execute_script(
                "return Array.from(document.querySelectorAll('#cityList li')).map(li =>"
                " getComputedStyle(li, '::before').content)")
            first = [r["block"] for r in results].index("typo")
            assert headings[first] == '"Did you mean"', query
            assert all(h in ("none", "normal") for n, h in enumerate(headings) if n != first), query


def test_a_typo_query_reads_at_most_4_files_and_160_kib(browser, places_full_site):
    worst = []
    for query in ["londn", "berlni", "philadelphai", "tokoy", "mumbal", "kairo", "chcago", "barcelna", "jakrta", "new yrok",
                  "manchestr", "glagow", "sigaringen", "santa rsoa", "snata", "sarnade", "stuhtgart", "bantung"]:
        open_home(browser, places_full_site, "http", quote(query))
        assert typo_rows(browser), query
        loads = index_requests(browser)
        files = [name for name, _ in loads if name != "manifest.json"]
        worst.append((sum(size for _, size in loads), len(files), query))
        assert len(files) <= 4 and worst[-1][0] <= 160 * 1024, (query, loads)
    print(f"\ntypo queries: most bytes {max(worst)}, most files {max(w[1] for w in worst)}")


def test_seeded_misspellings_match_the_oracle(places_full_site, typo_block):
    """The oracle against `citygen search`: the browser gives what Swift gives (SearchParityTests)."""
    generator = random.Random(35)
    folder = places_full_site.output / "search"
    # From the largest places and from towns (two buckets).
    files = json.loads((folder / "manifest.json").read_text())["typos"]["files"]
    entries = [e for n in (0, files + 100, files + 400) for e in json.loads((folder / "typos" / f"{n}.json").read_text())["entries"]]
    queries, found = [], 0
    while len(queries) < 24:
        word = fold(generator.choice(entries)[1])[:generator.randint(4, 10)]
        i = generator.randrange(len(word))
        edit = generator.choice(["insert", "delete", "substitute", "swap"])
        letter = generator.choice("abcdefghijklmnopqrstuvwxyz")
        if edit == "insert":
            word = word[:i] + letter + word[i:]
        elif edit == "delete":
            word = word[:i] + word[i + 1:]
        elif edit == "substitute":
            word = word[:i] + letter + word[i + 1:]
        elif i + 1 < len(word):
            word = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        if fold(word):
            queries.append(word)
    for query in queries + ["londn", "bejing"]:
        results = search_json(places_full_site, query)["results"]
        exact = [r["id"] for r in results if r["block"] != "typo"]
        expected = typo_block(query, set(exact)) if len(exact) < 5 else []
        assert [r["id"] for r in results if r["block"] == "typo"] == expected, query
        found += bool(expected)
    assert found >= 10, "most seeded misspellings have typo matches"


def test_bad_queries_read_no_typo_file(browser, places_full_site):
    for query in ["", "   ", "...", "x" * 1000, "Paris北京京", "北京"]:
        open_home(browser, places_full_site, "http", quote(query))
        names = [name for name, _ in index_requests(browser)]
        assert not [n for n in names if n.startswith("typos/")], (query, names)
        assert len([n for n in names if n.startswith(("shards/", "words/"))]) <= 2, (query, names)
        assert typo_rows(browser) == [], query
