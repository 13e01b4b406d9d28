// Index: JSON files over HTTP, their script twins (citygenIndex(name, data)) from file://, where fetch() of
// local files is blocked. Each file loads once, and only when a search asks for it: a page whose box is not used
// reads nothing. A read that fails (a missing or bad file, file:// refused) rejects with the reason, and the next
// search asks again.
var Index = null;
function openIndex(folder) {
  if (Index) return Index;
  var viaScript = location.protocol === 'file:', VERSION = 5;
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
      return m;
    });
  }
  function shard(n) {
    return manifest().then(function (m) { return load(m.urls.shard.replace('{n}', String(n))); });
  }
  // A shard of the word index (SPEC §4b), which holds the other names too (§4c): such a row has the name in place
  // of the key, in an array (with the population where it ranks); it becomes an entry like any other, its key folded from the name (then a space and the
  // folded country) and the name kept as `other`, once a file.
  function word(n) {
    return manifest().then(function (m) { return load(m.urls.word.replace('{n}', String(n))); }).then(function (data) {
      if (!data.keyed) {
        data.entries = data.entries.map(function (r) {
          if (typeof r[5] === 'string') return r;
          var e = [r[0], r[1], r[2], r[3], r[4], (Fold.fold(r[5][0]) + ' ' + Fold.fold(r[2])).trim(), r.length > 6 ? r[6] : 0];
          if (r[5].length > 1) e.push(r[5][1]);  // the population, where it ranks (SPEC §4c's top matches)
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
    return manifest().then(function (m) {
      var folder = Object.prototype.hasOwnProperty.call(m.folders, code) ? m.folders[code] : code;
      return load(m.urls.maps.replace('{country}', folder));
    });
  }
  function top(n) {  // a file of the top matches table (SPEC §4c)
    return manifest().then(function (m) { return load(m.urls.top.replace('{n}', String(n))); });
  }
  // A file of the places typo matches are looked for among (SPEC §4c); its entries are only that. A bucket's row has
  // the population in place of the key (then the region or distinction, if any): the key is folded here, once a file.
  function typo(n) {
    return manifest().then(function (m) { return load(m.urls.typos.replace('{n}', String(n))); }).then(function (data) {
      if (!data.keyed) {
        data.entries = data.entries.map(function (r) {
          var e = typeof r[5] === 'number' ? [r[0], r[1], r[2], r[3], r[4], Fold.fold(r[1]) + '\t' + Fold.fold(r[2]), r.length > 6 ? r[6] : 0, r[5]] : r;
          e.typo = true;
          return e;
        });
        data.keyed = true;
      }
      return data;
    });
  }
  function requested(name) { return Object.prototype.hasOwnProperty.call(cache, name); }
  Index = { folder: folder, manifest: manifest, shard: shard, word: word, maps: maps, top: top, typo: typo, requested: requested };
  return Index;
}
