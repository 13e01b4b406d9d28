// Results: each a #cityCell_<id> with a link and `Name, CC`, then what tells places apart for a reader (the region
// and population where known, else the coordinates), built from text nodes. The coordinates are in its data
// attributes either way. The home page's list and the header's panel both show them.
var siteFavorite = {};
favorites.forEach(function (e) { siteFavorite[e.id] = true; });
// `Name, CC`, and what tells it apart where other cities have that label (`distinction`: 1 the coordinates, 2 the
// id, 3 its region), unless `plain`.
function label(e, plain) {
  var text = e.country ? e.name + ', ' + e.country : e.name, d = plain ? 0 : e.distinction;
  return d === 3 ? text + ' (' + e.region + ')' : d === 1 ? text + ' (' + coordinates(e) + ')'
    : d === 2 ? text + ' (' + say('city.idLabel', { id: e.id }) + ')' : text;
}
// Coordinates as every page shows them: 4 decimal places (rounded as toFixed does, -0 shown as 0) in the language's
// digits and marks, a no-break space so that a pair never wraps.
function fixed4(v) { var s = v.toFixed(4); return FIXED4.format(s === '-0.0000' ? 0 : +s); }
function coordinates(e) { return fixed4(e.lat) + PAIR + '\u00A0' + fixed4(e.lon); }
// What a row says of a place besides its label: its region (unless the label says it) and population where known;
// the coordinates where neither is, or where they tell look-alikes apart.
function facts(e) {
  var parts = e.distinction === 1 ? [coordinates(e)] : [];
  if (e.region && e.distinction !== 3) parts.push(e.region);
  if (e.population > 0) parts.push(say('search.population', { count: NUMBER.format(e.population) }));
  return parts.length ? parts.join(' \u00B7 ') : coordinates(e);
}
function topRow(e) {
  var li = document.createElement('li'), a = document.createElement('a'), p = document.createElement('span');
  li.id = 'topCell_' + e.id;
  a.href = cityURL(e.id);
  a.textContent = label(e);
  p.className = 'population';
  p.textContent = facts(e);
  li.appendChild(a);
  li.appendChild(document.createTextNode(' \u00B7 '));
  li.appendChild(p);
  return li;
}
// A result row; `withToggle`: with the visitor's ★ toggle and mark (the home page's list).
function row(e, withToggle) {
  var li = document.createElement('li'), a = document.createElement('a'), c = document.createElement('span');
  li.id = 'cityCell_' + e.id;
  li.setAttribute('data-lat', String(e.lat));
  li.setAttribute('data-lon', String(e.lon));
  a.href = cityURL(e.id);
  a.textContent = label(e, e.distinction === 1);  // the row shows the coordinates already
  if (e.distinction === 1) a.title = label(e);
  if (e.typo) li.setAttribute('data-match', 'typo');
  if (e.other) {  // found by another name: the row says which
    li.setAttribute('data-match', 'other');
    a.textContent += ' \u2014 ' + e.other;
  }
  c.className = 'facts';
  c.textContent = facts(e);
  li.appendChild(a);
  li.appendChild(document.createTextNode(' \u00B7 '));
  li.appendChild(c);
  if (withToggle && !siteFavorite[e.id] && Favorites.has(e.id)) {  // the visitor's own, told apart from the site's
    var mark = document.createElement('span');
    mark.className = 'own';
    mark.textContent = ' \u00B7 ' + say('favorite.savedHere');
    li.appendChild(mark);
  }
  if (withToggle) {
    li.appendChild(document.createTextNode(' '));
    li.appendChild(Favorites.button(e));
  }
  return li;
}
// The first typo row of a list is headed (in the page's words: the style sheet shows the attribute).
function headTypos(list) {
  var first = list.querySelector('li[data-match=typo]');
  if (first) first.setAttribute('data-heading', say('search.didYouMean'));
}
// The search core as the tests hold it equal to Swift's (SearchParityTests): a fresh index, as a page just opened.
window.citygenCore = {
  open: function (folder) { Index = null; return openIndex(folder); },
  Query: Query, label: label, facts: facts
};
