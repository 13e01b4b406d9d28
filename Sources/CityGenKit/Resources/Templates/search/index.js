// Index: JSON files over HTTP, their script twins (citygenIndex(name, data)) from file://, where fetch() of
// local files is blocked. Each file loads once, and only when a search asks for it: a page whose box is not used
// reads nothing. A read that fails (a missing or bad file, file:// refused) rejects with the reason, and the next
// search asks again.
var Index = null;
function openIndex(folder) {
  if (Index) return Index;
  var viaScript = location.protocol === 'file:', VERSION = window.citygenIndexVersion;
  var cache = {}, waiting = {};
  window.citygenIndex = function (name, data) { if (waiting[name]) waiting[name](data); };
  function load(name) {
    if (!cache[name]) {
      cache[name] = (viaScript ? new Promise(function (resolve, reject) {
        waiting[name] = resolve;
        var s = document.createElement('script');
        s.src = folder + name + '.js';
        s.onerror = function () { s.remove(); reject(new Error(say('search.unreadable', { file: folder + name + '.js' }))); };
        document.head.appendChild(s);
      }) : fetch(folder + name + '.json').then(function (r) {
        if (!r.ok) throw new Error(say('search.unreadable', { file: folder + name + '.json' }) + ' (HTTP ' + r.status + ')');
        return r.json();
      })).catch(function (error) {
        delete cache[name];  // asked again by the next search
        throw error instanceof SyntaxError ? new Error(say('search.unreadable', { file: folder + name }) + ' (' + error.message + ')') : error;
      });
    }
    return cache[name];
  }
  function manifest() {
    return load('manifest').then(function (m) {
      if (m.version !== VERSION) throw new Error(say('search.unreadable', { file: folder + 'manifest' }) + ' (version ' + m.version + ', ' + VERSION + ')');
      if (!m.held) { m.unnamed = m.unnamed.map(entry); m.held = true; }
      return m;
    });
  }
  function shard(n) {
    return manifest().then(function (m) { return load(m.urls.shard.replace('{n}', String(n))); }).then(entries);
  }
  // A file's rows as the script holds them (`entry`), once a file.
  function entries(data) {
    if (!data.held) { data.entries = data.entries.map(entry); data.held = true; }
    return data;
  }
  // A shard of the word index (SPEC §4b), which holds the other names too (§4c).
  function word(n) {
    return manifest().then(function (m) { return load(m.urls.word.replace('{n}', String(n))); }).then(entries);
  }
  // A country map's file and window (its path from the manifest, as for shards), for the split view's locator;
  // loaded when first shown.
  function maps(code) {
    return manifest().then(function (m) {
      var folder = Object.prototype.hasOwnProperty.call(m.folders, code) ? m.folders[code] : code;
      return load(m.urls.maps.replace('{country}', folder));
    });
  }
  function top(n) {  // a file of the top matches table (SPEC §4c)
    return manifest().then(function (m) { return load(m.urls.top.replace('{n}', String(n))); }).then(function (data) {
      if (!data.held) { data.top.forEach(function (t) { t[1] = t[1].map(entry); }); data.held = true; }
      return data;
    });
  }
  // A file of the places typo matches are looked for among (SPEC §4c); its entries are only that.
  function typo(n) {
    return manifest().then(function (m) { return load(m.urls.typos.replace('{n}', String(n))); }).then(function (data) {
      if (!data.held) entries(data).entries.forEach(function (e) { e.typo = true; });
      return data;
    });
  }
  function requested(name) { return Object.prototype.hasOwnProperty.call(cache, name); }
  Index = { folder: folder, manifest: manifest, shard: shard, word: word, maps: maps, top: top, typo: typo, requested: requested };
  return Index;
}
// A row of an index file (docs/formats.md, "Rows": fixed columns, the empty ones at the end left out) as the script
// holds it, by name. The key is folded here from the name and country, but for a word key; an other name's (SPEC
// §4c) is the folded other name and country.
function entry(r) {
  var e = { id: r[0], name: r[1], country: r[2], lat: r[3], lon: r[4], population: r[5] || 0, distinction: r[6] || 0,
    region: r[7] || '', key: r[8] || '', other: r[9] || '' };
  if (!e.key) e.key = e.other ? (Fold.fold(e.other) + ' ' + Fold.fold(e.country)).trim() : Fold.fold(e.name) + '\t' + Fold.fold(e.country);
  return e;
}
