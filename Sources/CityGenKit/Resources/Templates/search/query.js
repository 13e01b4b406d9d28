// Query: a query's matches are runs of keys sharing a prefix (docs/formats.md, "The search index"); a query that folds to
// nothing lists from the start (SPEC §4). `next` appends results, loading only the shards that hold them.
var favorites = JSON.parse(($('favoritesData') || {}).textContent || '{"favorites":[]}').favorites.map(entry);
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
  this.word = { shard: -1, offset: -1, done: false, seen: null, others: [], whole: [] };
  this.typos = null;  // the typo matches not shown yet, once looked for
}
// The word keys of an entry (SPEC §4b): from its second folded word on, then its folded country.
function wordKeys(e) {
  var parts = e.key.split('\t'), words = parts[0].split(' '), country = parts[1] ? ' ' + parts[1] : '', keys = [];
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
// A first page (SPEC §7: a page of results) reads shard files that no earlier query read worth at most the contract's
// `firstBudget`, once it has a result to show (a prefix shard costs `prefixShardCost`, a word shard, half its size,
// `wordShardCost`): the manifest, those files and a file of the top matches table stay within 80 KiB. The rest waits
// for the next page. The same as Swift's FirstPage; the numbers are the manifest's (`contract`).
Query.prototype.mayRead = function (url, n, cost) {
  var name = url.replace('{n}', String(n));
  if (Index.requested(name)) return true;
  if (this.results.length && this.reads + cost > this.budget) { this.stopped = true; return false; }
  this.reads += cost;
  return true;
};
// The next page of results: the first within its budget, the others ("load more") reading what they need.
Query.prototype.next = async function (first) {
  var m = await Index.manifest(), shards = m.shards, c = m.contract;
  var target = this.results.length + c.page, at = this.at;
  this.budget = first ? c.firstBudget : Infinity;
  this.reads = 0;
  this.stopped = false;
  if (this.favorites) {  // the site's favorites and the visitor's own, in list order: no index file is read
    var q = this.folded, all = this.all, seen = {};
    var merged = favorites.concat(Favorites.list())
      .filter(function (e) { return !seen[e.id] && (seen[e.id] = true); })
      .sort(function (a, b) { return Fold.compare(a.key, b.key) || a.id - b.id; });
    var hits = merged.filter(function (e) { return all || e.key.replace('\t', ' ').trim().lastIndexOf(q, 0) === 0; });
    if (!all) {  // then the word matches, by the first word key that matched (the sort is stable: list order)
      var prefixHit = {};
      hits.forEach(function (e) { prefixHit[e.id] = true; });
      var words = merged.filter(function (e) { return !prefixHit[e.id]; }).map(function (e) {
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
      var unnamed = m.unnamed.filter(function (e) { return e.key.startsWith(prefix); });
      this.results = this.results.concat(unnamed.slice(0, target - this.results.length));
      at.prefix++;
      continue;
    }
    if (at.shard < 0) {  // the last shard whose lower bound is not above the prefix
      at.shard = Math.max(0, lowerBound(shards.length, function (i) { return Fold.compare(shards[i], prefix) <= 0; }) - 1);
      at.offset = -1;
    }
    if (!this.mayRead(m.urls.shard, at.shard, c.prefixShardCost)) break;
    var entries = (await Index.shard(at.shard)).entries;
    var i = at.offset >= 0 ? at.offset : lowerBound(entries.length, function (k) { return Fold.compare(entries[k].key, prefix) < 0; });
    while (i < entries.length && this.results.length < target && entries[i].key.startsWith(prefix)) this.results.push(entries[i++]);
    if (i < entries.length && !entries[i].key.startsWith(prefix)) { at.prefix++; at.shard = -1; }
    else if (i < entries.length) at.offset = i;  // paused with results to spare
    else if (at.shard + 1 < shards.length && shards[at.shard + 1].startsWith(prefix)) { at.shard++; at.offset = 0; }
    else { at.prefix++; at.shard = -1; }  // a bound above the prefix without it is above all its keys
  }
  if (!this.stopped && at.prefix >= this.prefixes.length && this.results.length < target) await this.nextWords(m, target);
  this.done = at.prefix >= this.prefixes.length && this.word.done && !this.word.others.length;
  if (this.done && !this.typos) this.typos = this.results.length < c.typoThreshold ? await this.typoMatches(m) : [];
  if (this.typos) {
    this.results = this.results.concat(this.typos.splice(0, Math.max(0, target - this.results.length)));
    this.done = this.done && !this.typos.length;
  }
};
