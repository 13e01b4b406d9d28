// Typo matches (SPEC §4c), for a query with fewer than 5 matches: among the places of its two buckets (5 characters
// or more) or of the largest places' files (shorter), those with a key or word key of which a prefix is within 1
// edit of the query (2 from 8 characters on), closest first, then largest, then in the files' order.
var TYPO_THRESHOLD = 5;
Query.prototype.typoMatches = async function (m) {
  var q = Array.from(this.folded), limit = q.length >= 8 ? 2 : 1, listed = {}, found = [], files = [];
  if (!m.typos) return [];
  var buckets = typoBuckets(m.typos, q);
  // A short query longer than every largest place's key, or with more characters that none has than its edits,
  // reads no file.
  if (!buckets && (q.length > m.typos.longest + limit || q.filter(function (c) { return m.typos.letters.indexOf(c) < 0; }).length > limit)) return [];
  this.results.forEach(function (e) { listed[e[0]] = true; });
  if (buckets) buckets.forEach(function (n) { files.push(Index.typo(n)); });
  else for (var n = 0; n < m.typos.files; n++) files.push(Index.typo(n));
  (await Promise.all(files)).forEach(function (file) {
    file.entries.forEach(function (e) {
      if (listed[e[0]]) return;
      listed[e[0]] = true;  // a place may be in both buckets
      var best = -1;
      [e[5].replace('\t', ' ').trim()].concat(wordKeys(e)).forEach(function (k) {
        var d = typoDistance(q, Array.from(k), limit);
        if (d >= 0 && (best < 0 || d < best)) best = d;
      });
      if (best >= 0) found.push([best, found.length, e]);
    });
  });
  // Within a distance the largest first: each file is in that order, two buckets are not together.
  return found.sort(function (a, b) { return a[0] - b[0] || (b[2][7] || 0) - (a[2][7] || 0) || a[1] - b[1]; }).map(function (f) { return f[2]; });
};
// The files of the buckets (Swift's TypoBuckets) a query of 5 characters or more reads: its first character with
// its 4th, and with its 5th; null for a shorter query, which reads the largest places' files.
function typoBuckets(t, q) {
  if (!t.buckets || q.length < 5) return null;
  var names = Array.from(t.buckets), wanted = [q[0] + q[3], q[0] + q[4]], files = [];
  for (var i = 0; i + 1 < names.length; i += 2) {
    if (wanted.indexOf(names[i] + names[i + 1]) >= 0) files.push(t.files + i / 2);
  }
  return files;
}
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
