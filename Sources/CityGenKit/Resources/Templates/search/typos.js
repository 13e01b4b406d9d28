// Typo matches (SPEC §4c), for a query with fewer matches than the contract's `typoThreshold`: among the places of its
// two buckets (from `bucketQuery` characters) or of the largest places' files (shorter), those with a key or word key
// of which a prefix is within `typoEdits` of the query (`longTypoEdits` from `longQuery` characters on; an edit of the
// first character costs `firstCharacterCost`), closest first (a name the query spells whole before a prefix as close),
// then largest, then SPEC §3 (key, name, id).
Query.prototype.typoMatches = async function (m) {
  var c = m.contract, q = Array.from(this.folded), limit = q.length >= c.longQuery ? c.longTypoEdits : c.typoEdits;
  var listed = {}, found = [], files = [];
  // A query longer than every typo place's key, or with more characters that none has than its edits, reads no file.
  if (!m.typos || q.length > m.typos.longest + limit || q.filter(function (c) { return m.typos.letters.indexOf(c) < 0; }).length > limit) return [];
  var buckets = typoBuckets(m.typos, q, c.bucketQuery);
  this.results.forEach(function (e) { listed[e.id] = true; });
  if (buckets) buckets.forEach(function (n) { files.push(Index.typo(n)); });
  else for (var n = 0; n < m.typos.files; n++) files.push(Index.typo(n));
  (await Promise.all(files)).forEach(function (file) {
    file.entries.forEach(function (e) {
      if (listed[e.id]) return;
      listed[e.id] = true;  // a place may be in both buckets
      // The closest key; of two as close, one whose name (the key without its country) the query spells whole.
      var best = null, country = Array.from(e.key.split('\t')[1] || '').length;
      [e.key.replace('\t', ' ').trim()].concat(wordKeys(e)).forEach(function (k) {
        var key = Array.from(k), d = typoDistance(q, key, limit, country ? key.length - country - 1 : key.length, c.firstCharacterCost);
        if (d && (!best || d[0] < best[0] || (d[0] === best[0] && d[1] < best[1]))) best = d;
      });
      if (best) found.push([best[0], best[1], e]);
    });
  });
  return found.sort(function (a, b) {
    var x = a[2], y = b[2];
    return a[0] - b[0] || a[1] - b[1] || y.population - x.population || Fold.compare(x.key, y.key) || Fold.compare(x.name, y.name) || x.id - y.id;
  }).map(function (f) { return f[2]; });
};
// The files of the buckets (Swift's TypoBuckets) a query of `shortest` characters or more reads, at most two: its variants
// (its first 4 characters, and its first 5 without one of the 2nd to 5th, cut to 4), each in the bucket of its 1st
// and 4th characters, or of its 1st and 3rd where that pair is heavy; null for a shorter query, which reads the largest
// places' files.
function typoBuckets(t, q, shortest) {
  if (!t.buckets || q.length < shortest) return null;
  var pairs = function (s) { var a = Array.from(s || ''), out = []; for (var i = 0; i + 1 < a.length; i += 2) out.push(a[i] + a[i + 1]); return out; };
  var names = pairs(t.buckets), heavy = pairs(t.heavy), wanted = {}, files = [];
  var variants = [q.slice(0, 4)];
  for (var p = 1; p < 5; p++) variants.push(q.slice(0, p).concat(q.slice(p + 1, 5)).slice(0, 4));
  variants.forEach(function (v) { wanted[heavy.indexOf(v[0] + v[3]) >= 0 ? v[0] + v[2] : v[0] + v[3]] = true; });
  names.forEach(function (name, i) { if (wanted[name]) files.push(t.files + i); });
  return files;
}
// The least number of edits (insertions, deletions, substitutions, swaps of neighbours) from the query q to a prefix
// of the key k, both arrays of code points, and 0 when the first `whole` characters of k are as close, else 1; null
// when it is over the limit. An edit of the first character costs FIRST. The same as Swift's TypoDistance.closeness.
function typoDistance(q, k, limit, whole, FIRST) {
  var n = q.length, m = Math.min(k.length, n + limit), j;
  if (m < n - limit) return null;
  var before = new Array(m + 1).fill(0), prev = new Array(m + 1), cur = new Array(m + 1);
  for (j = 0; j <= m; j++) prev[j] = j === 0 ? 0 : j - 1 + FIRST;
  for (var i = 1; i <= n; i++) {
    cur[0] = i - 1 + FIRST;
    var best = cur[0];
    for (j = 1; j <= m; j++) {
      var edit = i === 1 || j === 1 ? FIRST : 1;
      var d = Math.min(prev[j] + (i === 1 ? FIRST : 1), cur[j - 1] + (j === 1 ? FIRST : 1), prev[j - 1] + (q[i - 1] === k[j - 1] ? 0 : edit));
      if (i > 1 && j > 1 && q[i - 1] === k[j - 2] && q[i - 2] === k[j - 1]) d = Math.min(d, before[j - 2] + (i === 2 || j === 2 ? FIRST : 1));
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return null;  // every later row is at least this far
    var t = before; before = prev; prev = cur; cur = t;
  }
  var closest = Infinity;
  for (j = Math.max(0, n - limit); j <= m; j++) closest = Math.min(closest, prev[j]);
  if (closest > limit) return null;
  return [closest, whole >= n - limit && whole <= m && prev[whole] === closest ? 0 : 1];
}
