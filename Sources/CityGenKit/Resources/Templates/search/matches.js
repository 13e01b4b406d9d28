// Word matches (SPEC §4b), once every prefix match is in `results`: the run of word keys that start with the
// query, each city once; the word shards are read only now. Other-name matches (§4c) come in the same run and wait
// for its end, then follow, each city once.
Query.prototype.nextWords = async function (m, target) {
  var w = this.word, q = this.folded, bounds = m.words, seen = w.seen;
  if (!seen) {
    seen = w.seen = {};
    this.results.forEach(function (e) { seen[e.id] = true; });
  }
  while (this.results.length < target && !w.done) {
    if (!bounds.length) { w.done = true; break; }
    if (w.shard < 0) {
      w.shard = Math.max(0, lowerBound(bounds.length, function (i) { return Fold.compare(bounds[i], q) <= 0; }) - 1);
      while (w.shard > 0 && bounds[w.shard] === q && bounds[w.shard - 1] === q) w.shard--;  // a run that spans shards
      w.offset = -1;
    }
    if (!this.mayRead(m.urls.word, w.shard, m.contract.wordShardCost)) break;
    var entries = (await Index.word(w.shard)).entries;
    var i = w.offset >= 0 ? w.offset : lowerBound(entries.length, function (k) { return Fold.compare(entries[k].key, q) < 0; });
    while (i < entries.length && this.results.length < target && entries[i].key.startsWith(q)) {
      var e = entries[i++];
      if (e.other) {
        w.others.push(e);
        // Spelled whole and carrying a population: it ranks among the top matches, even if the city is listed already.
        if (e.population > 0 && (e.key === q || Fold.fold(e.other) === q)) w.whole.push(e);
      } else if (!seen[e.id]) { seen[e.id] = true; this.results.push(e); }
    }
    if (i < entries.length && !entries[i].key.startsWith(q)) w.done = true;
    else if (i < entries.length) w.offset = i;
    else if (w.shard + 1 < bounds.length && bounds[w.shard + 1].startsWith(q)) { w.shard++; w.offset = 0; }
    else w.done = true;
  }
  while (w.done && w.others.length && this.results.length < target) {
    var o = w.others.shift();
    if (!seen[o.id]) { seen[o.id] = true; this.results.push(o); }
  }
  while (w.others.length && seen[w.others[0].id]) w.others.shift();  // so that `done` knows nothing is left
};

// Top matches (SPEC §4c): up to the contract's `top` of the query's prefix and word matches, and of the cities one of
// whose other names it spells whole, with the largest population, largest first, then in list
// order. A query with at most `topLocal` of them ranks those of its first page, which holds them all, with the
// other-name matches it read that carry a population (those that rank); any other reads its row of the top matches
// table, one small file.
function ranked(entries, top) {
  var seen = {}, folded = function (e) { return [Fold.fold(e.name), Fold.fold(e.country)]; };
  return entries.filter(function (e) { return e.population > 0 && !seen[e.id] && (seen[e.id] = true); }).sort(function (a, b) {
    if (a.population !== b.population) return b.population - a.population;
    var x = folded(a), y = folded(b);
    return Fold.compare(x[0], y[0]) || Fold.compare(x[1], y[1]) || Fold.compare(a.name, b.name) || a.id - b.id;
  }).slice(0, top);
}
Query.prototype.topMatches = async function () {
  var m = await Index.manifest(), bounds = m.top, q = this.folded, c = m.contract;
  if (!bounds || this.all || this.favorites) return [];
  var exact = this.results.filter(function (e) { return !e.other && !e.typo; });
  if (bounds.length && (!this.word.done || exact.length > c.topLocal)) {
    var n = Math.max(0, lowerBound(bounds.length, function (i) { return Fold.compare(bounds[i], q) <= 0; }) - 1);
    var rows = (await Index.top(n)).top;
    for (var i = 0; i < rows.length; i++) if (rows[i][0] === q) return rows[i][1];
  }
  return ranked(exact.slice(0, c.topLocal).concat(this.word.whole), c.top);
};
