// citygen search: finds any prefix among the site's cities while loading only the index shards it needs.
// The index format is in the README ("Search index"); fold() and the order are SPEC §2–§4. The parts below:
// Fold (SPEC §2), Index (loading files), Query (planning and walking the runs of a query), Results
// (rendering), Page (split view, URL, keyboard). Paths come from the page (data-index) and the manifest (urls).
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var input = $('searchInput');
  if (!input) return;

  // Fold: SPEC §2, step by step, as the Swift fold.
  var Fold = (function () {
    var APOSTROPHES = /['\u2018\u2019\u02BC\u02BB`\u00B4\u02B9\u02BE\u02BF]/g;
    var LETTERS = { 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'ø': 'o', 'đ': 'd', 'ð': 'd', 'ł': 'l', 'ħ': 'h', 'ı': 'i', 'þ': 'th' };
    function fold(s) {  // lowercase per character: toLowerCase() on a whole string turns a final Σ into ς, Swift does not
      return Array.from(s, function (c) { return c.toLowerCase(); }).join('').normalize('NFKD').replace(/\p{M}/gu, '').replace(APOSTROPHES, '')
        .replace(/[ßæœøđðłħıþ]/g, function (c) { return LETTERS[c]; })
        .replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    }
    // Keys compare by code points, as in Swift; UTF-16 units put U+E000–U+FFFF after astral characters.
    function compare(a, b) {
      for (var i = 0, n = Math.min(a.length, b.length); i < n; i++) {
        var x = a.charCodeAt(i), y = b.charCodeAt(i);
        if (x !== y) {
          if (x >= 0xD800 && y >= 0xD800) { x = x >= 0xE000 ? x - 0x800 : x + 0x2000; y = y >= 0xE000 ? y - 0x800 : y + 0x2000; }
          return x < y ? -1 : 1;
        }
      }
      return a.length - b.length;
    }
    return { fold: fold, compare: compare };
  })();
  window.citygenFold = Fold.fold;  // for the tests

  // Index: JSON files over HTTP, their script twins (citygenIndex(name, data)) from file://, where fetch() of
  // local files is blocked. Each file loads once.
  var Index = (function () {
    var folder = input.getAttribute('data-index'), viaScript = location.protocol === 'file:', VERSION = 1;
    var cache = {}, waiting = {};
    window.citygenIndex = function (name, data) { if (waiting[name]) waiting[name](data); };
    function load(name) {
      if (!cache[name]) {
        cache[name] = viaScript ? new Promise(function (resolve, reject) {
          waiting[name] = resolve;
          var s = document.createElement('script');
          s.src = folder + name + '.js';
          s.onerror = function () { delete cache[name]; reject(new Error('cannot load ' + s.src)); };
          document.head.appendChild(s);
        }) : fetch(folder + name + '.json').then(function (r) {
          if (!r.ok) throw new Error(r.status + ' for ' + name);
          return r.json();
        });
      }
      return cache[name];
    }
    var manifest = load('manifest').then(function (m) {
      if (m.version !== VERSION) throw new Error('index format ' + m.version + ', expected ' + VERSION);
      return m;
    });
    manifest.catch(function () { });  // reported by the query that needs it
    // A city's page, from the manifest's pattern: {id}, and {id%n} for the folder.
    function cityURL(m, id) {
      return m.urls.city.replace(/\{id%(\d+)\}/g, function (_, n) { return String(((id % n) + +n) % n); }).replace(/\{id\}/g, String(id));
    }
    function shard(n) {
      return manifest.then(function (m) { return load(m.urls.shard.replace('{n}', String(n))); });
    }
    return { manifest: manifest, shard: shard, cityURL: cityURL };
  })();

  // Query: a query's matches are runs of keys sharing a prefix (README, "Search index"); a query that folds to
  // nothing lists from the start (SPEC §4). `next` appends results, loading only the shards that hold them.
  var favorites = JSON.parse(($('favoritesData') || {}).textContent || '{"favorites":[]}').favorites;
  function lowerBound(n, below) {  // first i in [0, n) where below(i) is false
    var lo = 0, hi = n;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (below(mid)) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function Query(text, onlyFavorites) {
    this.results = [];
    this.done = false;
    this.folded = Fold.fold(text);
    this.all = !this.folded;
    this.favorites = onlyFavorites;
    this.prefixes = [];
    this.at = { prefix: 0, shard: -1, offset: 0 };
  }
  Query.prototype.prepare = function (m) {
    var q = this.folded, prefixes = this.prefixes;
    if (this.all) return;
    var possible = function (c, countries) { return countries.some(function (k) { return k.startsWith(c); }); };
    if (possible(q, m.countries)) prefixes.push('\t' + q);
    for (var i = q.indexOf(' '); i >= 0; i = q.indexOf(' ', i + 1)) {  // a name, then the start of a country
      var name = q.slice(0, i), exact = Object.prototype.hasOwnProperty.call(m.exact, name) ? m.exact[name] : m.countries;
      if (possible(q.slice(i + 1), exact)) prefixes.push(name + '\t' + q.slice(i + 1));
    }
    prefixes.push(q);
  };
  Query.prototype.next = async function (count) {
    var target = this.results.length + count, at = this.at;
    var m = await Index.manifest, shards = m.shards;
    if (this.favorites) {
      var q = this.folded, all = this.all;
      var hits = favorites.filter(function (e) { return all || e[5].replace('\t', ' ').trim().lastIndexOf(q, 0) === 0; });
      this.results = hits.slice(0, target);
      this.done = hits.length <= target;
      return;
    }
    if (!this.prepared) { this.prepare(m); this.prepared = true; }
    if (this.all) {
      while (this.results.length < target && (at.shard < shards.length)) {
        if (at.shard < 0) at.shard = 0;
        var rows = (await Index.shard(at.shard)).entries;
        var take = rows.slice(at.offset, at.offset + target - this.results.length);
        this.results = this.results.concat(take);
        at.offset += take.length;
        if (at.offset >= rows.length) { at.shard++; at.offset = 0; }
      }
      this.done = at.shard >= shards.length;
      return;
    }
    while (this.results.length < target && at.prefix < this.prefixes.length) {
      var prefix = this.prefixes[at.prefix];
      if (prefix[0] === '\t') {  // names that fold to nothing: listed in the manifest
        var unnamed = m.unnamed.filter(function (e) { return e[5].startsWith(prefix); });
        this.results = this.results.concat(unnamed.slice(0, target - this.results.length));
        at.prefix++;
        continue;
      }
      if (at.shard < 0) {  // the last shard whose lower bound is not above the prefix
        at.shard = Math.max(0, lowerBound(shards.length, function (i) { return Fold.compare(shards[i], prefix) <= 0; }) - 1);
        at.offset = -1;
      }
      var entries = (await Index.shard(at.shard)).entries;
      var i = at.offset >= 0 ? at.offset : lowerBound(entries.length, function (k) { return Fold.compare(entries[k][5], prefix) < 0; });
      while (i < entries.length && this.results.length < target && entries[i][5].startsWith(prefix)) this.results.push(entries[i++]);
      if (i < entries.length && !entries[i][5].startsWith(prefix)) { at.prefix++; at.shard = -1; }
      else if (i < entries.length) at.offset = i;  // paused with results to spare
      else if (at.shard + 1 < shards.length && shards[at.shard + 1].startsWith(prefix)) { at.shard++; at.offset = 0; }
      else { at.prefix++; at.shard = -1; }  // a bound above the prefix without it is above all its keys
    }
    this.done = at.prefix >= this.prefixes.length;
  };

  // Results: each a #cityCell_<id> with a link, `Name, CC` and the coordinates, built from text nodes.
  var list = $('cityList'), empty = $('emptyMessage'), more = $('loadMore'), favOnly = $('favoritesOnly');
  var m = null;  // the manifest, once loaded
  function label(e) { return e[2] ? e[1] + ', ' + e[2] : e[1]; }
  function row(e) {
    var li = document.createElement('li'), a = document.createElement('a'), c = document.createElement('span');
    li.id = 'cityCell_' + e[0];
    a.href = Index.cityURL(m, e[0]);
    a.textContent = label(e);
    c.className = 'coordinates';
    c.textContent = e[3] + ', ' + e[4];
    li.appendChild(a);
    li.appendChild(document.createTextNode(' \u00B7 '));
    li.appendChild(c);
    return li;
  }

  // Page: wide windows show the selected city beside the results, narrow ones open its page; the URL keeps the
  // query and the selected city; ↑/↓ move, Enter opens.
  var stats = window.citygenStats = { timings: [] }, PAGE = 50;
  var wide = window.matchMedia('(min-width: 1024px)'), detail = $('cityDetail');
  var params = new URLSearchParams(location.search), chosen = params.get('city');
  function round(v) { return String(+v.toFixed(6)); }
  function select(e) {
    chosen = String(e[0]);
    for (var li of list.children) li.classList.toggle('selected', li.id === 'cityCell_' + chosen);
    if (!detail) return;
    var lat = e[3], lon = e[4], name = label(e);
    var box = [Math.max(-180, lon - 0.08), Math.max(-90, lat - 0.05), Math.min(180, lon + 0.08), Math.min(90, lat + 0.05)].map(round);
    $('detailName').textContent = name;
    $('detailCoordinates').textContent = round(lat) + ', ' + round(lon);
    $('detailMap').title = 'Map of ' + name;
    $('detailMap').src = 'https://www.openstreetmap.org/export/embed.html?bbox=' + box.join(',') + '&layer=mapnik&marker=' + round(lat) + ',' + round(lon);
    $('detailLink').href = Index.cityURL(m, e[0]);
    $('detailOsm').href = 'https://www.openstreetmap.org/?mlat=' + round(lat) + '&mlon=' + round(lon) + '#map=12/' + round(lat) + '/' + round(lon);
    detail.hidden = false;
    remember();
  }
  function remember() {
    var query = (input.value ? 'q=' + encodeURIComponent(input.value) : '') + (chosen ? (input.value ? '&' : '') + 'city=' + chosen : '');
    try { history.replaceState(null, '', query ? '?' + query : location.pathname); } catch (e) { }
  }
  list.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a');
    if (!link || !wide.matches || !current) return;
    var id = link.parentNode.id.slice('cityCell_'.length);
    var entry = current.results.filter(function (e) { return String(e[0]) === id; })[0];
    if (entry) { event.preventDefault(); select(entry); }
  });
  var current = null, active = -1, seq = 0, timer = 0, started = 0;
  function show(query, from) {
    if (from === 0) { list.textContent = ''; active = -1; }
    for (var i = from; i < query.results.length; i++) {
      var li = list.appendChild(row(query.results[i]));
      if (String(query.results[i][0]) === chosen) { li.classList.add('selected'); if (wide.matches) select(query.results[i]); }
    }
    empty.hidden = query.results.length > 0;
    more.hidden = query.done;
  }
  async function run() {
    var mine = ++seq, t0 = started, query = new Query(input.value, favOnly && favOnly.checked);
    try {
      await query.next(PAGE);
      m = await Index.manifest;
    } catch (error) { if (mine === seq) fail(error); return; }
    if (mine !== seq) return;  // a newer query owns the list
    current = query;
    show(query, 0);
    stats.timings.push(performance.now() - t0);
    stats.last = input.value;
  }
  function fail(error) {
    list.textContent = '';
    empty.hidden = false;
    empty.textContent = 'Search is unavailable: ' + error.message;
  }
  function schedule() {
    started = performance.now();
    clearTimeout(timer);
    timer = setTimeout(run, 15);
    remember();
  }
  input.addEventListener('input', schedule);
  if (favOnly) favOnly.addEventListener('change', schedule);
  more.addEventListener('click', async function () {
    var query = current, mine = seq, from = query.results.length;
    await query.next(PAGE);
    if (mine === seq && query === current) show(query, from);
  });
  input.addEventListener('keydown', function (event) {
    var items = list.children;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!items.length) return;
      event.preventDefault();
      if (items[active]) items[active].classList.remove('active');
      active = Math.max(0, Math.min(items.length - 1, active + (event.key === 'ArrowDown' ? 1 : -1)));
      items[active].classList.add('active');
      items[active].scrollIntoView({ block: 'nearest' });
      if (wide.matches && current && current.results[active]) select(current.results[active]);
    } else if (event.key === 'Enter' && items.length) {
      event.preventDefault();
      location.href = items[Math.max(active, 0)].firstChild.href;
    }
  });
  input.value = params.get('q') || input.value;
  started = performance.now();
  run();
})();
