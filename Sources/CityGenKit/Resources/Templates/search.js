// citygen search: finds any prefix among the site's cities while loading only the index shards it needs.
// The index format is in docs/design.md ("The search index"); fold() and the order are SPEC §2–§4. The parts below:
// Fold (SPEC §2), Index (loading files), Query (planning and walking the runs of a query), Results
// (rendering), Page (split view, URL, keyboard), and Favorites (the visitor's own, kept in localStorage; on every
// page). Paths come from the page (data-root, data-city-url, data-index) and the manifest (urls).
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  // Words: the page's language's, from the site's tables (window.citygenWords, written by citygen before this
  // script); {{name}} in a word is a value. Numbers and times are as Intl writes them for <html lang>.
  var LANG = document.documentElement.lang || 'en', WORDS = (window.citygenWords || {})[LANG] || {};
  var LOCALE = LANG === 'en' ? 'en-GB' : LANG;
  function say(key, values) {
    return (WORDS[key] || key).replace(/\{\{\{?(\w+)\}?\}\}/g, function (all, name) { return values && name in values ? values[name] : all; });
  }

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

  // Favorites: the visitor's own, saved in localStorage under a key of this site's root URL, as
  // [id, name, country, lat, lon]. Junk there is ignored; storage that is full or disabled is said, not fatal.
  var cityURLPattern = document.body.getAttribute('data-city-url') || '';
  function cityURL(id) {
    return cityURLPattern.replace(/\{id%(\d+)\}/g, function (_, n) { return String(((id % n) + +n) % n); }).replace(/\{id\}/g, String(id));
  }
  var Favorites = (function () {
    var storageKey = 'citygen:favorites:' + new URL(document.body.getAttribute('data-root') || './', location.href).href;
    var own = {}, usable = true, listeners = [];
    function valid(e) {
      return Array.isArray(e) && (e.length === 5 || (e.length === 7 && typeof e[5] === 'string' && (e[6] === 1 || e[6] === 2 || typeof e[6] === 'string')))
        && Number.isInteger(e[0]) && typeof e[1] === 'string' && typeof e[2] === 'string'
        && typeof e[3] === 'number' && typeof e[4] === 'number';
    }
    try {
      var saved = JSON.parse(localStorage.getItem(storageKey) || '[]');
      if (Array.isArray(saved)) saved.filter(valid).forEach(function (e) { own[e[0]] = e; });
    } catch (error) {
      if (error instanceof SyntaxError) own = {}; else unavailable();  // junk is ignored; no storage is said
    }
    function unavailable() {
      usable = false;
      var note = $('favoritesStatus');
      if (!note) {
        note = document.createElement('p');
        note.id = 'favoritesStatus';
        note.setAttribute('role', 'status');
        (document.querySelector('main') || document.body).prepend(note);
      }
      note.textContent = say('favorite.unavailable');
    }
    function key(e) { return Fold.fold(e[1]) + '\t' + Fold.fold(e[2]); }
    function list() {  // in list order (SPEC §3)
      return Object.keys(own).map(function (id) { return own[id]; }).sort(function (a, b) {
        return Fold.compare(key(a), key(b)) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0]);
      });
    }
    function toggle(e) {
      var id = e[0], before = own[id];
      if (before) delete own[id]; else own[id] = e.slice(0, e[6] ? 7 : 5);  // with its distinction, if any
      try {
        localStorage.setItem(storageKey, JSON.stringify(list()));
      } catch (error) {
        if (before) own[id] = before; else delete own[id];
        unavailable();
      }
      listeners.forEach(function (f) { f(); });
    }
    function show(button, e) {
      var on = !!own[e[0]];
      button.setAttribute('aria-pressed', String(on));
      button.textContent = on ? '\u2605 ' + say('favorite.saved') : '\u2606 ' + say('favorite.save');
      button.title = say(on ? 'favorite.removeTitle' : 'favorite.saveTitle');
    }
    // A toggle button for the city e: pressed when it is one of the visitor's favorites.
    function button(e, existing) {
      var b = existing || document.createElement('button');
      b.type = 'button';
      b.className = 'favToggle';
      b.hidden = false;
      show(b, e);
      b.addEventListener('click', function (event) { event.preventDefault(); event.stopPropagation(); toggle(e); });
      listeners.push(function () { show(b, e); });
      return b;
    }
    if (!usable) unavailable();
    return {
      has: function (id) { return !!own[id]; }, list: list, key: key, button: button, usable: function () { return usable; },
      onChange: function (f) { listeners.push(f); }
    };
  })();
  window.citygenFavorites = Favorites;  // for the tests
  // The toggles the pages carry (list rows, detail pages): hidden until this script runs.
  function wireToggles(root) {
    Array.prototype.forEach.call(root.querySelectorAll('button.favToggle[data-city]'), function (b) {
      try { Favorites.button(JSON.parse(b.getAttribute('data-city')), b); } catch (error) { }
    });
  }
  wireToggles(document);
  // Numbers in the data's precision (6 decimals, trailing zeros dropped), as citygen writes them in links (SPEC §5).
  function round(v) { return String(+v.toFixed(6)); }
  // The viewer on request (map: locator): #showMap links to it, and a plain click puts it in the link's place, so
  // that nothing leaves the site before the visitor asks. A click that asks for a new tab or window is the browser's.
  function wireMapButton(root) {
    var link = root.querySelector('a#showMap[data-viewer]');
    if (!link) return;
    link.addEventListener('click', function (event) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      var frame = document.createElement('iframe'), data = root.querySelector('#favoriteToggle');
      var e = data ? JSON.parse(data.getAttribute('data-city')) : null;
      frame.id = 'cityMap';
      frame.className = 'map';
      frame.title = say('map.title', { place: e ? (e[2] ? e[1] + ', ' + e[2] : e[1]) : say('city.thePlace') });
      frame.src = link.href;
      link.replaceWith(frame);
    });
  }
  wireMapButton(document);
  // Places: a detail page's local time, written here so that the page's bytes never depend on the clock.
  function showLocalTime(root) {
    // The zone is the text of #timeZone beside it, so the page says it once.
    var time = root.querySelector('#localTime'), zone = root.querySelector('#timeZone');
    if (!time || !zone || !zone.textContent || !window.Intl) return;
    try {
      var format = new Intl.DateTimeFormat(LOCALE, { timeZone: zone.textContent, weekday: 'short', hour: '2-digit', minute: '2-digit' });
      time.textContent = '(' + say('city.localTime', { time: format.format(new Date()) }) + ')';
    } catch (error) { }  // a zone this browser does not know: no time shown
  }
  showLocalTime(document);
  // The compact site's detail view: city.html?id=N shows city N from the data file city/<N mod files>.js, a
  // script (so that it loads from file:// too) holding each city's page as citygen rendered and escaped it.
  (function () {
    var view = $('cityView');
    if (!view) return;
    var raw = new URLSearchParams(location.search).get('id') || '', id = Number(raw), files = Number(view.getAttribute('data-files'));
    function missing() { view.hidden = true; $('cityMissing').hidden = false; }
    if (!/^-?[0-9]{1,15}$/.test(raw) || !(files > 0)) return missing();  // ids as the pages write them, nothing else
    window.citygenCities = function (n, cities) {
      var city = Object.prototype.hasOwnProperty.call(cities, String(id)) ? cities[String(id)] : null;
      if (!city) return missing();
      document.title = city[0];
      view.innerHTML = city[1];  // the static page's <main>, built and escaped by citygen: no visitor input
      wireToggles(view);
      wireMapButton(view);
      showLocalTime(view);
    };
    var s = document.createElement('script');
    s.src = view.getAttribute('data-folder') + (((id % files) + files) % files) + '.js';
    s.onerror = missing;
    document.head.appendChild(s);
  })();
  // The favorites page: the visitor's own, and the lines that make them the site's.
  (function () {
    var section = $('visitorFavorites');
    if (!section) return;
    function render() {
      var mine = Favorites.list(), ul = $('visitorFavoriteList');
      section.hidden = mine.length === 0;
      ul.textContent = '';
      mine.forEach(function (e) {
        var li = document.createElement('li'), a = document.createElement('a');
        li.id = 'ownCell_' + e[0];
        a.href = cityURL(e[0]);
        a.textContent = e[2] ? e[1] + ', ' + e[2] : e[1];
        li.appendChild(a);
        li.appendChild(document.createTextNode(' \u00B7 ' + e[3] + ', ' + e[4] + ' '));
        li.appendChild(Favorites.button(e));
        ul.appendChild(li);
      });
      $('favoritesYAML').textContent = 'favorites:\n' + mine.map(function (e) {
        return '  - ' + e[0] + '  # ' + (e[2] ? e[1] + ', ' + e[2] : e[1]).replace(/[\r\n]/g, ' ');
      }).join('\n') + '\n';
    }
    Favorites.onChange(render);
    render();
  })();

  var input = $('searchInput');
  if (!input) return;

  // Index: JSON files over HTTP, their script twins (citygenIndex(name, data)) from file://, where fetch() of
  // local files is blocked. Each file loads once.
  var Index = (function () {
    var folder = input.getAttribute('data-index'), viaScript = location.protocol === 'file:', VERSION = 5;
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
    function shard(n) {
      return manifest.then(function (m) { return load(m.urls.shard.replace('{n}', String(n))); });
    }
    // A shard of the word index (SPEC §4b), which holds the other names too (§4c): such a row has the name in place
    // of the key, in an array; it becomes an entry like any other, its key folded from the name (then a space and the
    // folded country) and the name kept as `other`, once a file.
    function word(n) {
      return manifest.then(function (m) { return load(m.urls.word.replace('{n}', String(n))); }).then(function (data) {
        if (!data.keyed) {
          data.entries = data.entries.map(function (r) {
            if (typeof r[5] === 'string') return r;
            var e = [r[0], r[1], r[2], r[3], r[4], (Fold.fold(r[5][0]) + ' ' + Fold.fold(r[2])).trim(), r.length > 6 ? r[6] : 0];
            e.other = r[5][0];
            return e;
          });
          data.keyed = true;
        }
        return data;
      });
    }
    // A country map's file and window (its path from the manifest, as for shards), for the split view's locator;
    // loaded when first shown.
    function maps(code) {
      return manifest.then(function (m) {
        var folder = Object.prototype.hasOwnProperty.call(m.folders, code) ? m.folders[code] : code;
        return load(m.urls.maps.replace('{country}', folder));
      });
    }
    function top(n) {  // a file of the top matches table (SPEC §4c)
      return manifest.then(function (m) { return load(m.urls.top.replace('{n}', String(n))); });
    }
    function typo(n) {  // a file of the places typo matches are looked for among (SPEC §4c); its entries are only that
      return manifest.then(function (m) { return load(m.urls.typos.replace('{n}', String(n))); }).then(function (data) {
        data.entries.forEach(function (e) { e.typo = true; });
        return data;
      });
    }
    function requested(name) { return Object.prototype.hasOwnProperty.call(cache, name); }
    return { manifest: manifest, shard: shard, word: word, maps: maps, top: top, typo: typo, requested: requested };
  })();

  // Query: a query's matches are runs of keys sharing a prefix (docs/design.md, "The search index"); a query that folds to
  // nothing lists from the start (SPEC §4). `next` appends results, loading only the shards that hold them.
  var favorites = JSON.parse(($('favoritesData') || {}).textContent || '{"favorites":[]}').favorites;
  function lowerBound(n, below) {  // first i in [0, n) where below(i) is false
    var lo = 0, hi = n;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (below(mid)) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function Query(text, onlyFavorites) {
    this.text = text;
    this.results = [];
    this.done = false;
    this.folded = Fold.fold(text);
    this.all = !this.folded;
    this.favorites = onlyFavorites;
    this.prefixes = [];
    this.at = { prefix: 0, shard: -1, offset: 0 };
    this.word = { shard: -1, offset: -1, done: false, seen: null, others: [] };
    this.typos = null;  // the typo matches not shown yet, once looked for
  }
  // The word keys of an entry (SPEC §4b): from its second folded word on, then its folded country.
  function wordKeys(e) {
    var parts = e[5].split('\t'), words = parts[0].split(' '), country = parts[1] ? ' ' + parts[1] : '', keys = [];
    for (var k = 1; k < words.length; k++) keys.push(words.slice(k).join(' ') + country);
    return keys;
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
  // A first page (SPEC §7) reads at most FIRST_FILES shard files that no earlier query read, once it has a result to
  // show: the manifest, those files and a file of the top matches table stay within 80 KiB. The rest waits for the
  // next page. The same as Swift's FirstPage.
  var FIRST_FILES = 2;
  Query.prototype.mayRead = function (url, n) {
    var name = url.replace('{n}', String(n));
    if (Index.requested(name)) return true;
    if (this.results.length && this.reads >= this.budget) { this.stopped = true; return false; }
    this.reads++;
    return true;
  };
  Query.prototype.next = async function (count, files) {
    var target = this.results.length + count, at = this.at;
    this.budget = files === undefined ? Infinity : files;
    this.reads = 0;
    this.stopped = false;
    var m = await Index.manifest, shards = m.shards;
    if (this.favorites) {  // the site's favorites and the visitor's own, in list order: no index file is read
      var q = this.folded, all = this.all, seen = {};
      var merged = favorites.concat(Favorites.list().map(function (e) { return e.concat([Favorites.key(e)]); }))
        .filter(function (e) { return !seen[e[0]] && (seen[e[0]] = true); })
        .sort(function (a, b) { return Fold.compare(a[5], b[5]) || a[0] - b[0]; });
      var hits = merged.filter(function (e) { return all || e[5].replace('\t', ' ').trim().lastIndexOf(q, 0) === 0; });
      if (!all) {  // then the word matches, by the first word key that matched (the sort is stable: list order)
        var prefixHit = {};
        hits.forEach(function (e) { prefixHit[e[0]] = true; });
        var words = merged.filter(function (e) { return !prefixHit[e[0]]; }).map(function (e) {
          var keys = wordKeys(e).filter(function (k) { return k.startsWith(q); }).sort(Fold.compare);
          return keys.length ? [keys[0], e] : null;
        }).filter(Boolean).sort(function (a, b) { return Fold.compare(a[0], b[0]); });
        hits = hits.concat(words.map(function (w) { return w[1]; }));
      }
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
      if (!this.mayRead(m.urls.shard, at.shard)) break;
      var entries = (await Index.shard(at.shard)).entries;
      var i = at.offset >= 0 ? at.offset : lowerBound(entries.length, function (k) { return Fold.compare(entries[k][5], prefix) < 0; });
      while (i < entries.length && this.results.length < target && entries[i][5].startsWith(prefix)) this.results.push(entries[i++]);
      if (i < entries.length && !entries[i][5].startsWith(prefix)) { at.prefix++; at.shard = -1; }
      else if (i < entries.length) at.offset = i;  // paused with results to spare
      else if (at.shard + 1 < shards.length && shards[at.shard + 1].startsWith(prefix)) { at.shard++; at.offset = 0; }
      else { at.prefix++; at.shard = -1; }  // a bound above the prefix without it is above all its keys
    }
    if (!this.stopped && at.prefix >= this.prefixes.length && this.results.length < target) await this.nextWords(m, target);
    this.done = at.prefix >= this.prefixes.length && this.word.done && !this.word.others.length;
    if (this.done && !this.typos) this.typos = this.results.length < TYPO_THRESHOLD ? await this.typoMatches(m) : [];
    if (this.typos) {
      this.results = this.results.concat(this.typos.splice(0, Math.max(0, target - this.results.length)));
      this.done = this.done && !this.typos.length;
    }
  };
  // Typo matches (SPEC §4c), for a query with fewer than 5 matches: the typo places (the largest; both files at once)
  // with a key or word key of which a prefix is within 1 edit of the query (2 from 8 characters on), closest first,
  // then in the files' order (largest first, then list order).
  var TYPO_THRESHOLD = 5;
  Query.prototype.typoMatches = async function (m) {
    var q = Array.from(this.folded), limit = q.length >= 8 ? 2 : 1, listed = {}, found = [], files = [];
    // A query longer than every key, or with more characters that no key has than its edits, reads no file.
    if (!m.typos || q.length > m.typos.longest + limit || q.filter(function (c) { return m.typos.letters.indexOf(c) < 0; }).length > limit) return [];
    this.results.forEach(function (e) { listed[e[0]] = true; });
    for (var n = 0; n < m.typos.files; n++) files.push(Index.typo(n));
    (await Promise.all(files)).forEach(function (file) {
      file.entries.forEach(function (e) {
        if (listed[e[0]]) return;
        var best = -1;
        [e[5].replace('\t', ' ').trim()].concat(wordKeys(e)).forEach(function (k) {
          var d = typoDistance(q, Array.from(k), limit);
          if (d >= 0 && (best < 0 || d < best)) best = d;
        });
        if (best >= 0) found.push([best, found.length, e]);
      });
    });
    return found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; }).map(function (f) { return f[2]; });
  };
  // The least number of edits (insertions, deletions, substitutions, swaps of neighbours) from the query q to a prefix
  // of the key k, both arrays of code points; -1 when it is over the limit. The same as Swift's TypoDistance.
  function typoDistance(q, k, limit) {
    var n = q.length, m = Math.min(k.length, n + limit), j;
    if (m < n - limit) return -1;
    var before = new Array(m + 1).fill(0), prev = new Array(m + 1), cur = new Array(m + 1);
    for (j = 0; j <= m; j++) prev[j] = j;
    for (var i = 1; i <= n; i++) {
      cur[0] = i;
      var best = i;
      for (j = 1; j <= m; j++) {
        var d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (q[i - 1] === k[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && q[i - 1] === k[j - 2] && q[i - 2] === k[j - 1]) d = Math.min(d, before[j - 2] + 1);
        cur[j] = d;
        if (d < best) best = d;
      }
      if (best > limit) return -1;  // every later row is at least this far
      var t = before; before = prev; prev = cur; cur = t;
    }
    var closest = Infinity;
    for (j = Math.max(0, n - limit); j <= m; j++) closest = Math.min(closest, prev[j]);
    return closest <= limit ? closest : -1;
  }
  // Word matches (SPEC §4b), once every prefix match is in `results`: the run of word keys that start with the
  // query, each city once; the word shards are read only now. Other-name matches (§4c) come in the same run and wait
  // for its end, then follow, each city once.
  Query.prototype.nextWords = async function (m, target) {
    var w = this.word, q = this.folded, bounds = m.words, seen = w.seen;
    if (!seen) {
      seen = w.seen = {};
      this.results.forEach(function (e) { seen[e[0]] = true; });
    }
    while (this.results.length < target && !w.done) {
      if (!bounds.length) { w.done = true; break; }
      if (w.shard < 0) {
        w.shard = Math.max(0, lowerBound(bounds.length, function (i) { return Fold.compare(bounds[i], q) <= 0; }) - 1);
        while (w.shard > 0 && bounds[w.shard] === q && bounds[w.shard - 1] === q) w.shard--;  // a run that spans shards
        w.offset = -1;
      }
      if (!this.mayRead(m.urls.word, w.shard)) break;
      var entries = (await Index.word(w.shard)).entries;
      var i = w.offset >= 0 ? w.offset : lowerBound(entries.length, function (k) { return Fold.compare(entries[k][5], q) < 0; });
      while (i < entries.length && this.results.length < target && entries[i][5].startsWith(q)) {
        var e = entries[i++];
        if (e.other) w.others.push(e);
        else if (!seen[e[0]]) { seen[e[0]] = true; this.results.push(e); }
      }
      if (i < entries.length && !entries[i][5].startsWith(q)) w.done = true;
      else if (i < entries.length) w.offset = i;
      else if (w.shard + 1 < bounds.length && bounds[w.shard + 1].startsWith(q)) { w.shard++; w.offset = 0; }
      else w.done = true;
    }
    while (w.done && w.others.length && this.results.length < target) {
      var o = w.others.shift();
      if (!seen[o[0]]) { seen[o[0]] = true; this.results.push(o); }
    }
    while (w.others.length && seen[w.others[0][0]]) w.others.shift();  // so that `done` knows nothing is left
  };

  // Top matches (SPEC §4c): up to 5 of the query's prefix and word matches with the largest population (an entry's
  // 8th field), largest first, then in list order. A query with few of them ranks those of its first page, which
  // holds them all; any other reads its row of the top matches table, one small file.
  var TOP = 5, TOP_LOCAL = 50;
  function ranked(entries) {
    var seen = {}, folded = function (e) { return [Fold.fold(e[1]), Fold.fold(e[2])]; };
    return entries.filter(function (e) { return e[7] > 0 && !seen[e[0]] && (seen[e[0]] = true); }).sort(function (a, b) {
      if (a[7] !== b[7]) return b[7] - a[7];
      var x = folded(a), y = folded(b);
      return Fold.compare(x[0], y[0]) || Fold.compare(x[1], y[1]) || Fold.compare(a[1], b[1]) || a[0] - b[0];
    }).slice(0, TOP);
  }
  Query.prototype.topMatches = async function () {
    var m = await Index.manifest, bounds = m.top, q = this.folded;
    if (!bounds || !bounds.length || this.all || this.favorites) return [];
    var exact = this.results.filter(function (e) { return !e.other && !e.typo; });
    if (!this.word.done || exact.length > TOP_LOCAL) {
      var n = Math.max(0, lowerBound(bounds.length, function (i) { return Fold.compare(bounds[i], q) <= 0; }) - 1);
      var rows = (await Index.top(n)).top;
      for (var i = 0; i < rows.length; i++) if (rows[i][0] === q) return rows[i][1];
    }
    return ranked(exact.slice(0, TOP_LOCAL));
  };

  // Results: each a #cityCell_<id> with a link, `Name, CC` and the coordinates, built from text nodes.
  var list = $('cityList'), empty = $('emptyMessage'), more = $('loadMore'), favOnly = $('favoritesOnly');
  var siteFavorite = {};
  favorites.forEach(function (e) { siteFavorite[e[0]] = true; });
  // `Name, CC`, and what tells it apart where other cities have that label (its 7th field: its region's name, 1
  // the coordinates, 2 the id).
  function label(e) {
    var text = e[2] ? e[1] + ', ' + e[2] : e[1];
    if (typeof e[6] === 'string') return text + ' (' + e[6] + ')';
    return e[6] === 1 ? text + ' (' + coordinates(e) + ')' : e[6] === 2 ? text + ' (id ' + e[0] + ')' : text;
  }
  // Coordinates as every page shows them: 4 decimal places, a no-break space so that a pair never wraps.
  function fixed4(v) { var s = v.toFixed(4); return s === '-0.0000' ? '0.0000' : s; }
  function coordinates(e) { return fixed4(e[3]) + ',\u00A0' + fixed4(e[4]); }
  function topRow(e) {
    var li = document.createElement('li'), a = document.createElement('a'), p = document.createElement('span');
    li.id = 'topCell_' + e[0];
    a.href = cityURL(e[0]);
    a.textContent = label(e);
    p.className = 'population';
    p.textContent = say('search.population', { count: e[7].toLocaleString(LANG === 'en' ? 'en-US' : LANG) });
    li.appendChild(a);
    li.appendChild(document.createTextNode(' \u00B7 '));
    li.appendChild(p);
    return li;
  }
  function row(e) {
    var li = document.createElement('li'), a = document.createElement('a'), c = document.createElement('span');
    li.id = 'cityCell_' + e[0];
    a.href = cityURL(e[0]);
    a.textContent = e[6] === 1 ? label(e.slice(0, 6)) : label(e);  // the row shows the coordinates already
    if (e[6] === 1) a.title = label(e);
    if (e.typo) li.setAttribute('data-match', 'typo');
    if (e.other) {  // found by another name: the row says which
      li.setAttribute('data-match', 'other');
      a.textContent += ' \u2014 ' + e.other;
    }
    c.className = 'coordinates';
    c.textContent = coordinates(e);
    li.appendChild(a);
    li.appendChild(document.createTextNode(' \u00B7 '));
    li.appendChild(c);
    if (!siteFavorite[e[0]] && Favorites.has(e[0])) {  // the visitor's own, told apart from the site's
      var mark = document.createElement('span');
      mark.className = 'own';
      mark.textContent = ' \u00B7 ' + say('favorite.savedHere');
      li.appendChild(mark);
    }
    li.appendChild(document.createTextNode(' '));
    li.appendChild(Favorites.button(e));
    return li;
  }

  // Page: wide windows show the selected city beside the results, narrow ones open its page; the URL keeps the
  // query and the selected city; ↑/↓ move, Enter opens.
  var stats = window.citygenStats = { timings: [] }, PAGE = 50;
  var wide = window.matchMedia('(min-width: 1024px)'), detail = $('cityDetail');
  var params = new URLSearchParams(location.search), chosen = params.get('city');
  function select(e) {
    chosen = String(e[0]);
    for (var li of list.children) li.classList.toggle('selected', li.id === 'cityCell_' + chosen);
    fill(e);
    remember();
  }
  // Shows the city e in the detail panel (wide windows).
  function fill(e) {
    if (!detail) return;
    var lat = e[3], lon = e[4], name = label(e);
    $('detailName').textContent = name;
    $('detailCoordinates').textContent = coordinates(e);
    locate(e);
    $('detailLink').href = cityURL(e[0]);
    $('detailOsm').href = 'https://www.openstreetmap.org/?mlat=' + round(lat) + '&mlon=' + round(lon) + '#map=12/' + round(lat) + '/' + round(lon);
    detail.hidden = false;
  }
  // The split view's locator: the chosen city's country map with its marker, placed as a detail page places it.
  function locate(e) {
    var box = $('detailLocator');
    if (!box) return;
    Index.maps(e[2]).then(function (data) {
      // The country's maps, main first: the city is shown on the first whose window holds it (as a detail page).
      function eastOf(m) {
        var east = e[4] - m[1];
        east -= 360 * Math.floor(east / 360);
        return east > m[2] && east - 360 > -m[2] ? east - 360 : east;
      }
      function holds(m) {
        var x = eastOf(m) / m[2], y = (m[4] - e[3]) / (m[4] - m[3]);
        return x >= 0 && x <= 1 && y >= 0 && y <= 1;
      }
      var maps = data.maps[e[2]] || [], m = maps.filter(holds)[0] || maps[0];
      if (!m || chosenEntry !== e) return;
      var east = eastOf(m);
      var image = $('detailLocatorImage');
      image.src = root + m[0];
      image.alt = say('city.mapAltOwnCountry', { place: label(e) });
      image.removeAttribute('width');  // the country map's own size, as on a detail page
      image.removeAttribute('height');
      $('detailMarker').style.left = (100 * east / m[2]).toFixed(2) + '%';
      $('detailMarker').style.top = (100 * (m[4] - e[3]) / (m[4] - m[3])).toFixed(2) + '%';
      box.hidden = false;
    }).catch(function () { box.hidden = true; });  // the previous city's map must not stay under this name
    chosenEntry = e;
  }
  var chosenEntry = null, root = document.body.getAttribute('data-root') || '';
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
    var shown = false;
    for (var i = from; i < query.results.length; i++) {
      var li = list.appendChild(row(query.results[i]));
      if (String(query.results[i][0]) === chosen) { li.classList.add('selected'); shown = true; if (wide.matches) select(query.results[i]); }
    }
    // The split view is never blank: without a chosen city among the results, the panel shows the first one.
    if (from === 0 && !shown && detail && wide.matches) {
      if (query.results.length) fill(query.results[0]); else detail.hidden = true;
    }
    empty.hidden = query.results.length > 0;
    more.hidden = query.done;
  }
  async function run() {
    var mine = ++seq, t0 = started, onlyFavorites = !!(favOnly && favOnly.checked);
    // The same search again (an input event that left the text as it was): keep the list and its highlight.
    if (current && current.text === input.value && current.favorites === onlyFavorites) { stats.last = input.value; return; }
    var query = new Query(input.value, onlyFavorites);
    var top;
    try {
      await query.next(PAGE, FIRST_FILES);
      top = await query.topMatches();
    } catch (error) { if (mine === seq) fail(error); return; }
    if (mine !== seq) return;  // a newer query owns the list
    current = query;
    showTop(top);
    show(query, 0);
    stats.timings.push(performance.now() - t0);
    stats.last = input.value;
  }
  function showTop(top) {
    var section = $('topPlaces'), ol = $('topMatches');
    if (!section) return;
    ol.textContent = '';
    top.forEach(function (e) { ol.appendChild(topRow(e)); });
    section.hidden = top.length === 0;
  }
  function fail(error) {
    showTop([]);
    list.textContent = '';
    empty.hidden = false;
    empty.textContent = say('search.unavailable', { error: error.message });
  }
  function schedule() {
    started = performance.now();
    clearTimeout(timer);
    timer = setTimeout(run, 15);
    remember();
  }
  wide.addEventListener('change', function () {
    if (wide.matches && current && current.results.length && detail && detail.hidden) fill(current.results[0]);
  });
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
