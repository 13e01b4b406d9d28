// Favorites: the visitor's own, saved in localStorage under a key of the site's root URL (one store for all its
// languages: a city starred in one is starred in all) as {"ids": [id, …], "rows": {"<lang>": [row, …]}}, a row the
// index's columns up to what its label needs (`kept`): each language's row of a city (its name there) once a page of
// that language showed it, else another language's until this one's detail page is read. A store of the older form (an array of
// rows, under the key of each language's own root) is carried over. Junk is ignored; storage that is full or
// disabled is said, not fatal.
var cityURLPattern = document.body.getAttribute('data-city-url') || '';
function cityURL(id) {
  return cityURLPattern.replace(/\{id%(\d+)\}/g, function (_, n) { return String(((id % n) + +n) % n); }).replace(/\{id\}/g, String(id));
}
var Favorites = (function () {
  // The first language's code: the one whose alternate link is the x-default's; its pages are at the site's root,
  // every other language's one folder below.
  var first = LANG, fallback = document.querySelector('link[rel="alternate"][hreflang="x-default"]');
  Array.prototype.forEach.call(document.querySelectorAll('link[rel="alternate"][hreflang]'), function (l) {
    if (fallback && l !== fallback && l.href === fallback.href) first = l.getAttribute('hreflang');
  });
  var ownRoot = new URL(ROOT || './', location.href).href, siteRoot = new URL(first === LANG ? ownRoot : ownRoot + '../').href;
  var storageKey = 'citygen:favorites:' + siteRoot, languageKey = 'citygen:favorites:' + ownRoot;
  var ids = [], rows = {}, usable = true, listeners = [], asked = {};
  // What is saved of a city (`entry`'s): [id, name, CC, lat, lon], then [0, distinction] where its label has one,
  // and for 3 its region's name.
  function kept(e) {
    var row = [e.id, e.name, e.country, e.lat, e.lon];
    return e.distinction === 3 ? row.concat([0, 3, e.region]) : e.distinction ? row.concat([0, e.distinction]) : row;
  }
  // A stored row as `kept` writes it, or null for junk. Older stores wrote the key (a string) in place of the 0, and
  // the name of a region that tells the city apart in place of the 3.
  function stored(r) {
    if (!Array.isArray(r) || !Number.isInteger(r[0]) || typeof r[1] !== 'string' || typeof r[2] !== 'string'
      || typeof r[3] !== 'number' || typeof r[4] !== 'number') return null;
    var row = r.slice(0, 5), filler = r[5] === 0 || typeof r[5] === 'string';
    if (r.length === 5) return row;
    if (r.length === 7 && filler && typeof r[6] === 'string') return row.concat([0, 3, r[6]]);
    if (r.length === 7 && filler && (r[6] === 1 || r[6] === 2)) return row.concat([0, r[6]]);
    if (r.length === 8 && r[5] === 0 && r[6] === 3 && typeof r[7] === 'string') return r;
    return null;
  }
  // The rows of one language (a language's code, never a name like __proto__), of the cities `only` has if given.
  function adopt(saved, lang, only) {
    if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(lang)) return;
    saved.map(stored).forEach(function (r) {
      if (!r || (only && only.indexOf(r[0]) < 0)) return;
      if (ids.indexOf(r[0]) < 0) ids.push(r[0]);
      (rows[lang] = rows[lang] || {})[r[0]] = r;
    });
  }
  function read(key) {
    try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch (error) { if (!(error instanceof SyntaxError)) throw error; return null; }
  }
  try {
    var saved = read(storageKey), older = languageKey !== storageKey ? read(languageKey) : null;
    if (Array.isArray(saved)) adopt(saved, first);
    else if (saved && Array.isArray(saved.ids) && saved.rows && typeof saved.rows === 'object') {
      Object.keys(saved.rows).forEach(function (lang) { if (Array.isArray(saved.rows[lang])) adopt(saved.rows[lang], lang, saved.ids); });
    }
    if (Array.isArray(older)) {
      adopt(older, LANG);
      if (store()) localStorage.removeItem(languageKey);
    }
  } catch (error) {
    ids = []; rows = {};
    unavailable();
  }
  function store() {
    var out = { ids: ids.slice().sort(function (a, b) { return a - b; }), rows: {} };
    Object.keys(rows).sort().forEach(function (lang) {
      out.rows[lang] = ids.filter(function (id) { return rows[lang][id]; }).map(function (id) { return rows[lang][id]; });
    });
    try { localStorage.setItem(storageKey, JSON.stringify(out)); return true; } catch (error) { unavailable(); return false; }
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
  // A saved city's row in this language; another language's while this one's is read from its detail page.
  function row(id) {
    var here = rows[LANG] && rows[LANG][id];
    if (here) return here;
    if (!asked[id]) { asked[id] = true; learnFromPage(id); }
    var other = Object.keys(rows).sort().filter(function (lang) { return rows[lang][id]; })[0];
    return other ? rows[other][id] : null;
  }
  function learnFromPage(id) {
    if (!/\.html$/.test(cityURLPattern) || location.protocol === 'file:') return;  // file:// pages cannot be read
    fetch(cityURL(id)).then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); }).then(function (text) {
      var place = new DOMParser().parseFromString(text, 'text/html').querySelector('div[data-city]');
      learn(entry(JSON.parse(place.getAttribute('data-city'))));
      listeners.forEach(function (f) { f(); });
    }).catch(function () { });
  }
  // A saved city as a page of this language shows it (its data-city, as `entry` holds it): kept, so its name here is
  // known.
  function learn(e) {
    if (ids.indexOf(e.id) < 0) return;
    var known = rows[LANG] && rows[LANG][e.id], row = kept(e);
    if (known && JSON.stringify(known) === JSON.stringify(row)) return;
    (rows[LANG] = rows[LANG] || {})[e.id] = row;
    if (usable) store();
  }
  function list() {  // in list order (SPEC §3) of the names this language shows, as `entry` holds them
    return ids.map(row).filter(Boolean).map(entry).sort(function (a, b) {
      return Fold.compare(a.key, b.key) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
    });
  }
  function toggle(e) {
    var id = e.id, before = JSON.stringify({ ids: ids, rows: rows });
    if (ids.indexOf(id) >= 0) {
      ids = ids.filter(function (i) { return i !== id; });
      Object.keys(rows).forEach(function (lang) { delete rows[lang][id]; });
    } else {
      ids.push(id);
      (rows[LANG] = rows[LANG] || {})[id] = kept(e);  // with its distinction, if any
    }
    if (!store()) { var was = JSON.parse(before); ids = was.ids; rows = was.rows; }
    listeners.forEach(function (f) { f(); });
  }
  function show(button, e) {
    var on = ids.indexOf(e.id) >= 0;
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
    has: function (id) { return ids.indexOf(id) >= 0; }, list: list, button: button, learn: learn, usable: function () { return usable; },
    onChange: function (f) { listeners.push(f); }
  };
})();
window.citygenFavorites = Favorites;  // for the tests
// The toggles the pages carry (list rows): hidden until this script runs; and a detail page's, made here from its
// data-city (on the div that holds its facts) and put at the end of its trail, whose line has room for it.
function wireToggles(root) {
  Array.prototype.forEach.call(root.querySelectorAll('button.favToggle[data-city]'), function (b) {
    try {
      var e = entry(JSON.parse(b.getAttribute('data-city')));
      Favorites.learn(e);
      Favorites.button(e, b);
    } catch (error) { }
  });
  var place = root.querySelector('div[data-city]');
  if (!place) return;
  try {
    var b = document.createElement('button');
    b.id = 'favoriteToggle';
    var e = entry(JSON.parse(place.getAttribute('data-city')));
    Favorites.learn(e);
    Favorites.button(e, b);
    (root.querySelector('nav.trail') || place).appendChild(b);
  } catch (error) { }
}
wireToggles(document);
// Numbers in the data's precision (6 decimals, trailing zeros dropped), as citygen writes them in links (SPEC §5).
function round(v) { return String(+v.toFixed(6)); }
// The viewer on request (map: locator): #showMap links to it, and a plain click puts it in the link's place, so
// that nothing leaves the site before the visitor asks. A click that asks for a new tab or window is the browser's.
function wireMapButton(root) {
  var link = root.querySelector('a#showMap:not([data-offline])');
  if (!link) return;
  link.addEventListener('click', function (event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    var frame = document.createElement('iframe'), data = root.querySelector('div[data-city]');
    var e = data ? entry(JSON.parse(data.getAttribute('data-city'))) : null;
    frame.id = 'cityMap';
    frame.className = 'map';
    frame.title = say('map.title', { place: e ? label(e, true) : say('city.thePlace') });
    frame.src = link.href;
    link.replaceWith(frame);
  });
}
wireMapButton(document);
// A detail page's link to the map to explore at its city, put after the locator here: the map needs a script, and a
// link in the page would cost every one of them its bytes.
function linkTheMap(root) {
  var locator = root.querySelector('#locatorMap'), data = root.querySelector('div[data-city]');
  if (!locator || !data || !ROOT || root.querySelector('#exploreLink')) return;
  var a = document.createElement('a');
  a.id = 'exploreLink';
  a.href = ROOT + 'map.html?id=' + entry(JSON.parse(data.getAttribute('data-city'))).id;
  a.textContent = say('explore.link');
  locator.after(a);
}
linkTheMap(document);
// Places: a detail page's local time (#localTime, put after the zone), written here so that the page's bytes never
// depend on the clock.
function showLocalTime(root) {
  // #timeZone names the zone in the page's language; its value is the IANA id.
  var zone = root.querySelector('#timeZone');
  if (!zone || !zone.getAttribute('value') || !window.Intl) return;
  var time = document.createElement('span');
  time.id = 'localTime';
  zone.after(time);
  try {
    var format = new Intl.DateTimeFormat(LANG, { timeZone: zone.getAttribute('value'), weekday: 'short', hour: '2-digit', minute: '2-digit' });
    // U+202F (ICU's narrow space in times) is missing from many fonts: another font's taller glyph would move the page.
    time.textContent = '(' + say('city.localTime', { time: format.format(new Date()).replace(/\u202F/g, '\u00A0') }) + ')';
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
  // On a site in several languages the switcher leads to this city in each (its links name city.html alone).
  Array.prototype.forEach.call(document.querySelectorAll('#languages a'), function (a) { a.setAttribute('href', a.getAttribute('href') + '?id=' + raw); });
  window.citygenCities = function (n, cities) {
    var city = Object.prototype.hasOwnProperty.call(cities, String(id)) ? cities[String(id)] : null;
    if (!city) return missing();
    document.title = city[0];
    view.innerHTML = city[1];  // the static page's <main>, built and escaped by citygen: no visitor input
    wireToggles(view);
    wireMapButton(view);
    linkTheMap(view);
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
      li.id = 'ownCell_' + e.id;
      a.href = cityURL(e.id);
      a.textContent = label(e, true);
      li.appendChild(a);
      li.appendChild(document.createTextNode(' \u00B7 ' + e.lat + ', ' + e.lon + ' '));
      li.appendChild(Favorites.button(e));
      ul.appendChild(li);
    });
    $('favoritesYAML').textContent = 'favorites:\n' + mine.map(function (e) {
      return '  - ' + e.id + '  # ' + label(e, true).replace(/[\r\n]/g, ' ');
    }).join('\n') + '\n';
  }
  Favorites.onChange(render);
  render();
})();
