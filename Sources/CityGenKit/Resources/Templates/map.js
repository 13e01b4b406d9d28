// The map to explore (map.html): Leaflet over the site's own ground tiles, nothing from another host. The page's
// JSON (#mapData) says where the tiles are, which exist (one hexadecimal digit for every four tiles of a zoom; the
// others are sea, shown as the map's background) and the largest places, which are labelled where they do not
// overlap, more as one zooms in, and listed as links in #mapPlaces for the keyboard and screen readers. The view is
// kept in the address as #zoom/lat/lon. Past the last zoom drawn, Leaflet scales the tiles.
(function () {
  'use strict';
  var box = document.getElementById('exploreMap'), dataNode = document.getElementById('mapData');
  if (!box || !dataNode || !window.L) return;
  var data = JSON.parse(dataNode.textContent), LANG = document.documentElement.lang || 'en';
  var words = (window.citygenWords || {})[LANG] || {};
  var say = function (key, values) {
    return (words[key] || key).replace(/\{\{\{?(\w+)\}?\}\}/g, function (_, name) { return values && name in values ? values[name] : ''; });
  };
  var pattern = document.body.getAttribute('data-city-url') || '';
  function cityURL(id) {
    return pattern.replace(/\{id%(\d+)\}/g, function (_, n) { return String(((id % n) + +n) % n); }).replace(/\{id\}/g, String(id));
  }
  var EMPTY = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';
  function exists(z, x, y) {
    var n = 1 << z, bits = data.exist[z];
    if (!bits || y < 0 || y >= n) return false;
    x = ((x % n) + n) % n;
    var i = y * n + x;
    return (parseInt(bits.charAt(i >> 2), 16) >> (3 - (i & 3))) & 1;
  }
  var Ground = L.TileLayer.extend({
    getTileUrl: function (c) { return exists(c.z, c.x, c.y) ? data.tiles + c.z + '/' + (((c.x % (1 << c.z)) + (1 << c.z)) % (1 << c.z)) + '/' + c.y + '.png' : EMPTY; }
  });
  box.textContent = '';
  var map = L.map(box, { attributionControl: false, zoomSnap: 0.5, minZoom: 0, maxZoom: 16, worldCopyJump: true, keyboardPanDelta: 120 });
  new Ground('', { maxNativeZoom: data.maxNative, maxZoom: 16, tileSize: 256, keepBuffer: 2 }).addTo(map);
  window.citygenMap = map;  // for the tests

  // The view in the address: #zoom/lat/lon, numbers as URLs write them.
  function fromHash() {
    var m = /^#(\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)$/.exec(location.hash);
    return m && Math.abs(+m[2]) <= 90 ? { zoom: Math.min(16, +m[1]), center: [+m[2], +m[3]] } : null;
  }
  function world() {
    return { zoom: Math.max(0, Math.floor(2 * Math.log2(box.clientWidth / 256)) / 2), center: [20, 0] };
  }
  var start = fromHash() || world();
  map.setView(start.center, start.zoom, { animate: false });
  function remember() {
    var c = map.getCenter().wrap(), z = map.getZoom();
    var hash = '#' + z + '/' + c.lat.toFixed(4) + '/' + c.lng.toFixed(4);
    if (location.hash !== hash) try { history.replaceState(null, '', location.pathname + location.search + hash); } catch (e) { }
  }
  window.addEventListener('hashchange', function () {
    var view = fromHash();
    if (view) map.setView(view.center, view.zoom);
  });

  // A scale bar in the language's digits and units (CLDR through Intl): a round length about 100 pixels long.
  var Scale = L.Control.extend({
    options: { position: 'bottomleft' },
    onAdd: function () { this.bar = L.DomUtil.create('div', 'map-scale'); this.bar.id = 'mapScale'; return this.bar; },
    update: function () {
      var y = map.getSize().y / 2, metres = map.containerPointToLatLng([0, y]).distanceTo(map.containerPointToLatLng([100, y]));
      var step = Math.pow(10, Math.floor(Math.log10(metres))), nice = [5, 2, 1].map(function (f) { return f * step; }).filter(function (v) { return v <= metres; })[0] || step;
      var km = nice >= 1000, format = new Intl.NumberFormat(LANG, { style: 'unit', unit: km ? 'kilometer' : 'meter', unitDisplay: 'short' });
      this.bar.style.width = Math.round(100 * nice / metres) + 'px';
      this.bar.textContent = format.format(km ? nice / 1000 : nice);
    }
  });
  var scale = new Scale().addTo(map);

  // Labels: the largest places in view, largest first, each where it overlaps no label placed before it.
  var places = data.places.map(function (p) { return { id: p[0], name: p[1], country: p[2], lat: p[3], lon: p[4], population: p[5] }; });
  var layer = L.layerGroup().addTo(map), list = document.getElementById('mapPlaces'), heading = document.getElementById('mapPlacesHeading');
  var measure = document.createElement('canvas').getContext('2d');
  measure.font = '12px system-ui, sans-serif';
  function label(p) { return p.country ? p.name + ', ' + p.country : p.name; }
  function relabel() {
    var size = map.getSize(), centre = map.getCenter().lng, placed = [], shown = [];
    var most = Math.round(8 + 5 * map.getZoom() * map.getZoom());
    for (var i = 0; i < places.length && shown.length < most; i++) {
      var p = places[i], lon = p.lon + 360 * Math.round((centre - p.lon) / 360);
      var at = map.latLngToContainerPoint([p.lat, lon]);
      if (at.x < 0 || at.y < 0 || at.x > size.x || at.y > size.y) continue;
      var w = measure.measureText(p.name).width + 12, b = [at.x - w / 2, at.y - 20, at.x + w / 2, at.y + 4];
      if (placed.some(function (o) { return b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3]; })) continue;
      placed.push(b);
      shown.push({ place: p, lon: lon });
    }
    layer.clearLayers();
    list.textContent = '';
    shown.forEach(function (s) {
      var a = document.createElement('a');
      a.href = cityURL(s.place.id);
      a.textContent = s.place.name;
      a.setAttribute('dir', 'auto');
      a.title = label(s.place);
      a.tabIndex = -1;  // the list below holds the same links for the keyboard
      L.marker([s.place.lat, s.lon], { icon: L.divIcon({ className: 'map-label', html: a, iconSize: null }), keyboard: false }).addTo(layer);
      var li = document.createElement('li'), link = document.createElement('a');
      link.href = a.href;
      link.textContent = label(s.place);
      li.appendChild(link);
      list.appendChild(li);
    });
    if (heading) heading.textContent = say('explore.inView');
  }
  function moved() { remember(); scale.update(); relabel(); }
  map.on('moveend', moved);
  moved();
})();
