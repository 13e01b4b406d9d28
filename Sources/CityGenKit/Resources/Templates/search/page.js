// The home page's search: wide windows show the selected city beside the results, narrow ones open its page; the URL
// keeps the query and the selected city; ↑/↓ move, Enter opens.
var stats = window.citygenStats = { timings: [] };
var input = $('searchInput'), list = $('cityList');
if (input && list) (function () {
  var empty = $('emptyMessage'), more = $('loadMore'), favOnly = $('favoritesOnly'), failure = $('searchFailure');
  var wide = window.matchMedia('(min-width: 1024px)'), detail = $('cityDetail');
  var params = new URLSearchParams(location.search), chosen = params.get('city');
  openIndex(input.getAttribute('data-index'));
  function select(e) {
    chosen = String(e.id);
    for (var li of list.children) li.classList.toggle('selected', li.id === 'cityCell_' + chosen);
    fill(e);
    remember();
  }
  // Shows the city e in the detail panel (wide windows).
  function fill(e) {
    if (!detail) return;
    var lat = e.lat, lon = e.lon, name = label(e);
    $('detailName').textContent = name;
    $('detailCoordinates').textContent = coordinates(e);
    var known = facts(e);
    $('detailFacts').textContent = known === coordinates(e) ? '' : known;
    locate(e);
    $('detailLink').href = cityURL(e.id);
    $('detailOsm').href = 'https://www.openstreetmap.org/?mlat=' + round(lat) + '&mlon=' + round(lon) + '#map=12/' + round(lat) + '/' + round(lon);
    detail.hidden = false;
  }
  // The split view's locator: the chosen city's country map with its marker, placed as a detail page places it.
  function locate(e) {
    var box = $('detailLocator');
    if (!box) return;
    Index.maps(e.country).then(function (data) {
      // The country's maps, main first: the city is shown on the first whose window holds it (as a detail page).
      function eastOf(m) {
        var east = e.lon - m[1];
        east -= 360 * Math.floor(east / 360);
        return east > m[2] && east - 360 > -m[2] ? east - 360 : east;
      }
      function holds(m) {
        var x = eastOf(m) / m[2], y = (m[4] - e.lat) / (m[4] - m[3]);
        return x >= 0 && x <= 1 && y >= 0 && y <= 1;
      }
      var maps = data.maps[e.country] || [], m = maps.filter(holds)[0] || maps[0];
      if (!m || chosenEntry !== e) return;
      var east = eastOf(m);
      var image = $('detailLocatorImage');
      image.src = root + m[0];
      image.alt = say('city.mapAltOwnCountry', { place: label(e) });
      if (m.length > 6) {  // the image's own size, so that nothing moves while it loads
        image.setAttribute('width', String(m[5]));
        image.setAttribute('height', String(m[6]));
      } else {
        image.removeAttribute('width');
        image.removeAttribute('height');
      }
      $('detailMarker').style.left = (100 * east / m[2]).toFixed(2) + '%';
      $('detailMarker').style.top = (100 * (m[4] - e.lat) / (m[4] - m[3])).toFixed(2) + '%';
      box.hidden = false;
    }).catch(function () { box.hidden = true; });  // the previous city's map must not stay under this name
    chosenEntry = e;
  }
  var chosenEntry = null, root = ROOT;
  function remember() {
    var query = (input.value ? 'q=' + encodeURIComponent(input.value) : '') + (chosen ? (input.value ? '&' : '') + 'city=' + chosen : '');
    try { history.replaceState(null, '', query ? '?' + query : location.pathname); } catch (e) { }
  }
  list.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a');
    if (!link || !wide.matches || !current) return;
    var id = link.parentNode.id.slice('cityCell_'.length);
    var entry = current.results.filter(function (e) { return String(e.id) === id; })[0];
    if (entry) { event.preventDefault(); select(entry); }
  });
  var current = null, active = -1, seq = 0, timer = 0, started = 0;
  function show(query, from) {
    if (from === 0) { list.textContent = ''; active = -1; }
    var shown = false;
    for (var i = from; i < query.results.length; i++) {
      var li = list.appendChild(row(query.results[i], true));
      if (String(query.results[i].id) === chosen) { li.classList.add('selected'); shown = true; if (wide.matches) select(query.results[i]); }
    }
    headTypos(list);
    // The split view is never blank: without a chosen city among the results, the panel shows the first top match
    // (SPEC §4c: what the query most likely means), else the first row.
    if (from === 0 && !shown && detail && wide.matches) {
      if (query.results.length) fill(opening(query)); else detail.hidden = true;
    }
    empty.hidden = query.results.length > 0;
    more.hidden = query.done;
    failure.hidden = true;
  }
  // The city the split view opens for a query: its first top match, else its first result.
  function opening(query) { return query.top && query.top.length ? query.top[0] : query.results[0]; }
  async function run() {
    var mine = ++seq, t0 = started, onlyFavorites = !!(favOnly && favOnly.checked);
    // The same search again (an input event that left the text as it was): keep the list and its highlight.
    if (current && current.text === input.value && current.favorites === onlyFavorites) { stats.last = input.value; return; }
    var query = new Query(input.value, onlyFavorites);
    var top;
    try {
      await query.next(true);
      top = await query.topMatches();
    } catch (error) { if (mine === seq) fail(error, true); return; }
    if (mine !== seq) return;  // a newer query owns the list
    current = query;
    query.top = top;
    showTop(top);
    show(query, 0);
    stats.timings.push(performance.now() - t0);
    // The text these results are for: the box may hold more by now, whose search is still to run.
    stats.last = query.text;
  }
  function showTop(top) {
    var section = $('topPlaces'), ol = $('topMatches');
    if (!section) return;
    ol.textContent = '';
    top.forEach(function (e) { ol.appendChild(topRow(e)); });
    section.hidden = top.length === 0;
  }
  // A read that failed, in the page's words: in place of the results (`all`), or under them ("load more").
  function fail(error, all) {
    if (all) {
      showTop([]);
      list.textContent = '';
      empty.hidden = true;
    }
    failure.textContent = say('search.unavailable', { error: error.message });
    failure.hidden = false;
  }
  function schedule() {
    started = performance.now();
    clearTimeout(timer);
    timer = setTimeout(run, 15);
    remember();
  }
  wide.addEventListener('change', function () {
    if (wide.matches && current && current.results.length && detail && detail.hidden) fill(opening(current));
  });
  input.addEventListener('input', schedule);
  if (favOnly) favOnly.addEventListener('change', schedule);
  more.addEventListener('click', async function () {
    var query = current, mine = seq, from = query.results.length;
    try {
      await query.next(false);
    } catch (error) { if (mine === seq) fail(error, false); return; }
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
