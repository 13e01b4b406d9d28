// Favorites: the visitor's own, saved in localStorage under a key of this site's root URL, as
// [id, name, country, lat, lon]. Junk there is ignored; storage that is full or disabled is said, not fatal.
var cityURLPattern = document.body.getAttribute('data-city-url') || '';
function cityURL(id) {
  return cityURLPattern.replace(/\{id%(\d+)\}/g, function (_, n) { return String(((id % n) + +n) % n); }).replace(/\{id\}/g, String(id));
}
var Favorites = (function () {
  var storageKey = 'citygen:favorites:' + new URL(ROOT || './', location.href).href;
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
// The toggles the pages carry (list rows): hidden until this script runs; and a detail page's, made here from its
// data-city (on the div that holds its facts) and put at the end of its trail, whose line has room for it.
function wireToggles(root) {
  Array.prototype.forEach.call(root.querySelectorAll('button.favToggle[data-city]'), function (b) {
    try { Favorites.button(JSON.parse(b.getAttribute('data-city')), b); } catch (error) { }
  });
  var place = root.querySelector('div[data-city]');
  if (!place) return;
  try {
    var b = document.createElement('button');
    b.id = 'favoriteToggle';
    Favorites.button(JSON.parse(place.getAttribute('data-city')), b);
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
    var e = data ? JSON.parse(data.getAttribute('data-city')) : null;
    frame.id = 'cityMap';
    frame.className = 'map';
    frame.title = say('map.title', { place: e ? (e[2] ? e[1] + ', ' + e[2] : e[1]) : say('city.thePlace') });
    frame.src = link.href;
    link.replaceWith(frame);
  });
}
wireMapButton(document);
// Places: a detail page's local time (#localTime, put after the zone), written here so that the page's bytes never
// depend on the clock.
function showLocalTime(root) {
  // The zone is the text of #timeZone, so the page says it once.
  var zone = root.querySelector('#timeZone');
  if (!zone || !zone.textContent || !window.Intl) return;
  var time = document.createElement('span');
  time.id = 'localTime';
  zone.after(time);
  try {
    var format = new Intl.DateTimeFormat(LOCALE, { timeZone: zone.textContent, weekday: 'short', hour: '2-digit', minute: '2-digit' });
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
