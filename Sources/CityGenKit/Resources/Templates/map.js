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
  function exists(z, x, y) { return existsIn(data.exist, z, x, y); }
  function existsIn(exist, z, x, y) {
    var n = 1 << z, bits = exist[z];
    if (!bits || y < 0 || y >= n) return false;
    x = ((x % n) + n) % n;
    var i = y * n + x;
    return (parseInt(bits.charAt(i >> 2), 16) >> (3 - (i & 3))) & 1;
  }
  var Ground = L.TileLayer.extend({
    getTileUrl: function (c) {
      var n = 1 << c.z, x = ((c.x % n) + n) % n;
      return exists(c.z, x, c.y) ? data.tiles + c.z + '/' + x + '/' + c.y + '.png' : existsIn(data.land, c.z, x, c.y) ? data.landTile : EMPTY;
    }
  });
  box.textContent = '';
  var map = L.map(box, { attributionControl: false, zoomSnap: 0.5, minZoom: 0, maxZoom: 16, worldCopyJump: true, keyboardPanDelta: 120 });
  new Ground('', { maxNativeZoom: data.maxNative, maxZoom: 16, tileSize: 256, keepBuffer: 2 }).addTo(map);
  // Below `pointsFrom` every city is a pixel of the dot tiles; from it on, a dot the script draws from the points.
  var Dots = L.TileLayer.extend({
    getTileUrl: function (c) {
      var n = 1 << c.z, x = ((c.x % n) + n) % n;
      return existsIn(data.dotsExist, c.z, x, c.y) ? data.dots + c.z + '/' + x + '/' + c.y + '.png' : EMPTY;
    }
  });
  new Dots('', { maxNativeZoom: data.pointsFrom - 1, maxZoom: data.pointsFrom - 0.5, tileSize: 256 }).addTo(map);
  window.citygenMap = map;  // for the tests

  // The view in the address: #zoom/lat/lon, numbers as URLs write them.
  function fromHash() {
    var m = /^#(\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)$/.exec(location.hash);
    return m && Math.abs(+m[2]) <= 90 ? { zoom: Math.min(16, +m[1]), center: [+m[2], +m[3]] } : null;
  }
  function world() {
    return { zoom: Math.max(0, Math.floor(2 * Math.log2(box.clientWidth / 256)) / 2), center: [20, 0] };
  }
  var hashed = fromHash(), start = hashed || world();
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

  // The points: a leaf of the quadtree (data.leaves, by quadkey) loads as a script when it is in view from
  // `pointsFrom` on; its rows are largest first.
  var leaves = data.leaves.map(function (key) {
    var x = 0, y = 0;
    for (var i = 0; i < key.length; i++) { x = 2 * x + (+key[i] % 2); y = 2 * y + (key[i] >> 1); }
    return { z: key.length, x: x, y: y, rows: null, asked: false };
  });
  var waiting = {}, regions = {};
  // A point keeps its place in the world as fractions of the web-mercator square, so that drawing it at a zoom
  // is two multiplications.
  function mercatorY(lat) {
    var phi = Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI / 180;
    return 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI);
  }
  window.citygenPoints = function (n, d) {
    leaves[n].rows = d.points.map(function (r) {
      return { id: r[0], name: r[1], country: r[2], lat: r[3], lon: r[4], population: r[5], region: r[6] >= 0 ? d.regions[r[6]] : '', distinction: 0,
               mx: (r[4] + 180) / 360, my: mercatorY(r[3]) };
    });
    (waiting[n] || []).forEach(function (f) { f(); });
    delete waiting[n];
    dots.refresh(leaves[n]);
    relabel();
  };
  function script(src) {
    var tag = document.createElement('script');
    tag.src = src;
    tag.onerror = function () { tag.remove(); };
    document.head.appendChild(tag);
  }
  function leaf(n, then) {
    var l = leaves[n];
    if (l.rows) return then && then();
    if (then) (waiting[n] = waiting[n] || []).push(then);
    if (!l.asked) { l.asked = true; script(data.points + n + '.js'); }
  }
  // Whether leaf `l`'s tile meets the box of world pixels at `zoom` (x may run past the world's edges).
  function meets(l, zoom, west, north, east, south) {
    var scale = 256 * Math.pow(2, zoom - l.z), x0 = l.x * scale, y0 = l.y * scale, world = 256 * Math.pow(2, zoom);
    for (var shift = -world; shift <= world; shift += world) {
      if (x0 + shift < east && x0 + shift + scale > west && y0 < south && y0 + scale > north) return true;
    }
    return false;
  }
  function leavesIn(zoom, west, north, east, south) {
    var out = [];
    leaves.forEach(function (l, n) { if (meets(l, zoom, west, north, east, south)) out.push(n); });
    return out;
  }
  function inView() {
    var z = map.getZoom(), b = map.getPixelBounds();
    return leavesIn(z, b.min.x, b.min.y, b.max.x, b.max.y);
  }
  // The loaded rows of the leaves in view, each leaf's `most` largest at most, largest first.
  function largestInView(most) {
    var rows = [];
    inView().forEach(function (n) { if (leaves[n].rows) rows = rows.concat(leaves[n].rows.slice(0, most)); });
    return rows.sort(function (a, b) { return b.population - a.population; });
  }
  function drawsPoints() { return map.getZoom() >= data.pointsFrom; }
  function dotRadius(p) { return p.population >= 1e6 ? 4.5 : p.population >= 1e5 ? 3.5 : p.population >= 1e4 ? 2.5 : 2; }
  // The dots, drawn on canvas tiles from the leaves each tile meets: the smaller places first, the larger on top. Tiles are drawn a few a frame (4 ms at most), so that no frame waits for a whole view.
  var queue = [], draining = false;
  function drain() {
    var started = performance.now();
    while (queue.length && performance.now() - started < 4) {
      var job = queue.shift();
      draw(job.tile, job.coords);
      if (job.done) job.done(null, job.tile);
    }
    if (queue.length) requestAnimationFrame(drain); else draining = false;
  }
  function later(job) {
    queue.push(job);
    if (!draining) { draining = true; requestAnimationFrame(drain); }
  }
  // A dot of each size and shade drawn once, stamped where a place is: far cheaper than a path of arcs.
  var stamps = {};
  function stamp(p) {
    var r = dotRadius(p), large = p.population >= 1e5, key = r + (large ? 'L' : 'S');
    if (!stamps[key]) {
      var c = document.createElement('canvas'), side = Math.ceil(2 * r + 2), x = c.getContext('2d');
      c.width = c.height = side;
      x.beginPath();
      x.arc(side / 2, side / 2, r, 0, 2 * Math.PI);
      x.fillStyle = large ? 'rgb(170,20,30)' : 'rgb(226,120,44)';
      x.fill();
      x.lineWidth = 1;
      x.strokeStyle = '#fff';
      x.stroke();
      stamps[key] = c;
    }
    return stamps[key];
  }
  function draw(tile, c) {
    var ctx = tile.getContext('2d'), size = 256, x0 = c.x * size, y0 = c.y * size, world = size * Math.pow(2, c.z);
    ctx.clearRect(0, 0, size, size);
    var large = [];
    leavesIn(c.z, x0 - 5, y0 - 5, x0 + size + 5, y0 + size + 5).forEach(function (n) {
      var rows = leaves[n].rows;
      if (!rows) return;
      for (var i = rows.length - 1; i >= 0; i--) {
        var p = rows[i], px = p.mx * world - x0, py = p.my * world - y0;
        px -= world * Math.round((px - size / 2) / world);
        if (px < -5 || py < -5 || px > size + 5 || py > size + 5) continue;
        if (p.population >= 1e5) { large.push(p, px, py); continue; }
        var s = stamp(p);
        ctx.drawImage(s, Math.round(px - s.width / 2), Math.round(py - s.height / 2));
      }
    });
    for (var k = large.length - 3; k >= 0; k -= 3) {  // the larger places on top
      var t = stamp(large[k]);
      ctx.drawImage(t, Math.round(large[k + 1] - t.width / 2), Math.round(large[k + 2] - t.height / 2));
    }
  }
  var Points = L.GridLayer.extend({
    createTile: function (c, done) {
      var tile = document.createElement('canvas');
      tile.width = 256; tile.height = 256;
      if (c.z < data.pointsFrom) { setTimeout(function () { done(null, tile); }, 0); return tile; }
      later({ tile: tile, coords: c, done: done });
      return tile;
    },
    // Draws again the tiles that leaf `l`, just loaded, has dots on.
    refresh: function (l) {
      for (var key in this._tiles) {
        var t = this._tiles[key], c = t.coords, x0 = c.x * 256, y0 = c.y * 256;
        if (c.z >= data.pointsFrom && meets(l, c.z, x0 - 5, y0 - 5, x0 + 261, y0 + 261)) later({ tile: t.el, coords: c, done: null });
      }
    }
  });
  var dots = new Points({ minZoom: data.pointsFrom, maxZoom: 16 }).addTo(map);

  // Labels: the largest places in view, largest first, each where it overlaps no label placed before it.
  var places = data.places.map(function (p) {
    return { id: p[0], name: p[1], country: p[2], lat: p[3], lon: p[4], population: p[5], region: '', distinction: 0, mx: (p[4] + 180) / 360, my: mercatorY(p[3]) };
  });
  // Labels sit in one box of the marker pane, placed by left and top: a marker each would be a layer each for the
  // compositor, which makes every frame of a pan slower. The box hides while a zoom animates; `moveend` places them.
  var labelBox = L.DomUtil.create('div', 'map-labels leaflet-zoom-hide', map.getPane('markerPane')), list = document.getElementById('mapPlaces'), heading = document.getElementById('mapPlacesHeading');
  var measure = document.createElement('canvas').getContext('2d');
  measure.font = '12px system-ui, sans-serif';
  function label(p) { return p.country ? p.name + ', ' + p.country : p.name; }
  var spots = {}, listed = null;
  function relabel() {
    var size = map.getSize(), placed = [], shown = [], seen = {}, world = 256 * Math.pow(2, map.getZoom());
    var origin = map.getPixelBounds().min, middle = origin.x + size.x / 2;
    var most = Math.round(8 + 5 * map.getZoom() * map.getZoom());
    var candidates = drawsPoints() ? largestInView(2 * most) : places;
    if (!candidates.length) candidates = places;
    // The largest 8 × `most` places in view are tried at most: smaller ones seldom find room.
    for (var i = 0, tried = 0; i < candidates.length && tried < 8 * most && shown.length < most; i++) {
      var p = candidates[i];
      if (seen[p.id]) continue;
      var turns = Math.round((middle - p.mx * world) / world), x = (p.mx + turns) * world - origin.x, y = p.my * world - origin.y;
      if (x < 0 || y < 0 || x > size.x || y > size.y) continue;
      tried++;
      if (p.width === undefined) p.width = measure.measureText(p.name).width + 12;
      var w = p.width, b = [x - w / 2, y - 20, x + w / 2, y + 4], lon = p.lon + 360 * turns;
      if (placed.some(function (o) { return b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3]; })) continue;
      seen[p.id] = true;
      placed.push(b);
      shown.push({ place: p, lon: lon });
    }
    // The labels that stay keep their nodes (a pan moves none of them); the list changes only with the places.
    var kept = {};
    shown.forEach(function (s) {
      var at = map.latLngToLayerPoint([s.place.lat, s.lon]), old = spots[s.place.id];
      if (!old) {
        var a = document.createElement('a');
        a.href = cityURL(s.place.id);
        a.textContent = s.place.name;
        a.setAttribute('dir', 'auto');
        a.title = label(s.place);
        a.tabIndex = -1;  // the list holds the same places for the keyboard
        a.addEventListener('click', function (event) { event.preventDefault(); event.stopPropagation(); card(s.place); });
        old = { spot: L.DomUtil.create('div', 'map-label', labelBox), x: null, y: null };
        old.spot.appendChild(a);
      }
      if (old.x !== at.x || old.y !== at.y) {
        old.spot.style.left = at.x + 'px';
        old.spot.style.top = at.y + 'px';
        old.x = at.x; old.y = at.y;
      }
      kept[s.place.id] = old;
    });
    for (var id in spots) if (!kept[id]) spots[id].spot.remove();
    spots = kept;
    var ids = shown.map(function (s) { return s.place.id; }).join(',');
    if (ids === listed) return;
    listed = ids;
    list.textContent = '';
    shown.forEach(function (s) {
      var li = document.createElement('li'), link = document.createElement('a');
      link.href = cityURL(s.place.id);
      link.textContent = label(s.place);
      link.setAttribute('dir', 'auto');
      link.addEventListener('click', function (event) { event.preventDefault(); card(s.place); });  // Enter too
      li.appendChild(link);
      list.appendChild(li);
    });
    if (heading) heading.textContent = say('explore.inView');
  }

  // A place's card: its name, region and population, its page, its star.
  var cardBox = document.getElementById('mapCard');
  function card(p) {
    cardBox.textContent = '';
    var h = document.createElement('h2'), facts = document.createElement('p'), open = document.createElement('a');
    h.textContent = label(p);
    h.setAttribute('dir', 'auto');
    var parts = [];
    if (p.region) parts.push(p.region);
    if (p.population > 0) parts.push(say('search.population', { count: new Intl.NumberFormat(LANG).format(p.population) }));
    facts.textContent = parts.join(' \u00B7 ');
    open.href = cityURL(p.id);
    open.id = 'mapCardLink';
    open.textContent = say('search.openCity');
    cardBox.append(h, facts, open);
    if (window.citygenFavorites) cardBox.append(' ', window.citygenFavorites.button(p));
    cardBox.hidden = false;
    cardBox.setAttribute('data-id', String(p.id));
  }
  map.on('click', function (event) {
    if (!drawsPoints()) return;
    var best = null, bestDistance = 12, z = map.getZoom(), world = 256 * Math.pow(2, z), at = map.project(event.latlng, z);
    leavesIn(z, at.x - 12, at.y - 12, at.x + 12, at.y + 12).forEach(function (n) {
      (leaves[n].rows || []).forEach(function (p) {
        var dx = p.mx * world - at.x, dy = p.my * world - at.y;
        dx -= world * Math.round(dx / world);
        var d = Math.sqrt(dx * dx + dy * dy);
        if (d <= Math.max(bestDistance, dotRadius(p) + 2) && (!best || d < bestDistance)) { best = p; bestDistance = d; }
      });
    });
    if (best) card(best);
  });

  // map.html?id=<id>: the city at the centre, with its marker and card (its leaf from its id's bucket).
  var asked = new URLSearchParams(location.search).get('id');
  if (asked && /^-?[0-9]{1,15}$/.test(asked)) {
    var id = +asked, bucket = ((id % data.idBuckets) + data.idBuckets) % data.idBuckets;
    window.citygenPointIDs = function (b, pairs) {
      for (var i = 0; i < pairs.length; i += 2) {
        if (pairs[i] !== id) continue;
        var n = pairs[i + 1];
        return leaf(n, function () {
          var p = leaves[n].rows.filter(function (r) { return r.id === id; })[0];
          if (!p) return;
          if (!hashed) map.setView([p.lat, p.lon], Math.max(map.getZoom(), 10), { animate: false });
          L.marker([p.lat, p.lon], { icon: L.divIcon({ className: 'map-marker', html: '<span id="mapMarker"></span>', iconSize: [18, 18] }), keyboard: false }).addTo(map);
          card(p);
        });
      }
    };
    script(data.points + 'id-' + bucket + '.js');
  }

  // Near me: asked only when the button is pressed; the 10 nearest cities by SPEC §5's distance, nearest first.
  var nearButton = document.getElementById('nearMe'), nearList = document.getElementById('nearList');
  function km(a, b) {
    var r = Math.PI / 180, dLat = (b.lat - a.lat) * r, dLon = (b.lon - a.lon) * r;
    var h = Math.sin(dLat / 2) * Math.sin(dLat / 2) + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLon / 2) * Math.sin(dLon / 2);
    return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  function nearest(at, reach, done) {
    var z = 10, c = map.project([at.lat, at.lon], z), half = reach * 256 * Math.pow(2, z) / 360;
    var wanted = leavesIn(z, c.x - half, c.y - half, c.x + half, c.y + half), left = wanted.length;
    function measureAll() {
      var rows = [];
      wanted.forEach(function (n) { rows = rows.concat(leaves[n].rows); });
      rows.forEach(function (p) { p.distance = km(at, p); });
      rows.sort(function (a, b) { return a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id); });
      // Done once the tenth is nearer than any place outside the box could be.
      var edge = Math.min(reach * 111.2 * Math.cos(Math.min(85, Math.abs(at.lat) + reach) * Math.PI / 180), reach * 111.2);
      if ((rows.length >= 10 && rows[9].distance <= edge) || reach >= 180) done(rows.slice(0, 10));
      else nearest(at, reach * 2, done);
    }
    if (!left) return measureAll();
    wanted.forEach(function (n) { leaf(n, function () { if (--left === 0) measureAll(); }); });
  }
  if (nearButton && navigator.geolocation) {
    nearButton.hidden = false;
    nearButton.addEventListener('click', function () {
      navigator.geolocation.getCurrentPosition(function (position) {
        var at = { lat: position.coords.latitude, lon: position.coords.longitude };
        map.setView([at.lat, at.lon], 10);
        nearest(at, 0.5, function (rows) {
          nearList.textContent = '';
          rows.forEach(function (p) {
            var li = document.createElement('li'), a = document.createElement('a');
            a.href = cityURL(p.id);
            a.textContent = label(p);
            a.setAttribute('dir', 'auto');
            li.id = 'nearCell_' + p.id;
            li.append(a, ' \u00B7 ' + new Intl.NumberFormat(LANG, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(p.distance) + ' km');
            nearList.appendChild(li);
          });
          nearList.hidden = false;
        });
      }, function () { nearList.hidden = true; });
    });
  }

  function moved() {
    remember();
    scale.update();
    if (drawsPoints()) inView().forEach(function (n) { leaf(n); });
    relabel();
  }
  map.on('moveend', moved);
  moved();
})();
