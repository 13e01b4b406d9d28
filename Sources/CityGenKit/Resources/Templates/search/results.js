// Results: each a #cityCell_<id> with a link and `Name, CC`, then what tells places apart for a reader (the region
// and population where known, else the coordinates), built from text nodes. The coordinates are in its data
// attributes either way. The home page's list and the header's panel both show them.
var siteFavorite = {};
favorites.forEach(function (e) { siteFavorite[e[0]] = true; });
// `Name, CC`, and what tells it apart where other cities have that label (`entry`'s distinction: 1 the
// coordinates, 2 the id, 3 its region).
function label(e) {
  var text = e[2] ? e[1] + ', ' + e[2] : e[1];
  return e[6] === 3 ? text + ' (' + e[8] + ')' : e[6] === 1 ? text + ' (' + coordinates(e) + ')'
    : e[6] === 2 ? text + ' (' + say('city.idLabel', { id: e[0] }) + ')' : text;
}
// Coordinates as every page shows them: 4 decimal places (rounded as toFixed does, -0 shown as 0) in the language's
// digits and marks, a no-break space so that a pair never wraps.
function fixed4(v) { var s = v.toFixed(4); return FIXED4.format(s === '-0.0000' ? 0 : +s); }
function coordinates(e) { return fixed4(e[3]) + PAIR + '\u00A0' + fixed4(e[4]); }
// What a row says of a place besides its label: its region (unless the label says it) and population where known;
// the coordinates where neither is, or where they tell look-alikes apart.
function facts(e) {
  var parts = e[6] === 1 ? [coordinates(e)] : [];
  if (e[8] && e[6] !== 3) parts.push(e[8]);
  if (e[7] > 0) parts.push(say('search.population', { count: NUMBER.format(e[7]) }));
  return parts.length ? parts.join(' \u00B7 ') : coordinates(e);
}
function topRow(e) {
  var li = document.createElement('li'), a = document.createElement('a'), p = document.createElement('span');
  li.id = 'topCell_' + e[0];
  a.href = cityURL(e[0]);
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
  li.id = 'cityCell_' + e[0];
  li.setAttribute('data-lat', String(e[3]));
  li.setAttribute('data-lon', String(e[4]));
  a.href = cityURL(e[0]);
  a.textContent = e[6] === 1 ? label(e.slice(0, 6)) : label(e);  // the row shows the coordinates already
  if (e[6] === 1) a.title = label(e);
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
  if (withToggle && !siteFavorite[e[0]] && Favorites.has(e[0])) {  // the visitor's own, told apart from the site's
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
