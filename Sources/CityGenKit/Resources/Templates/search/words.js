// citygen search: finds any prefix among the site's cities while loading only the index shards it needs. citygen
// writes assets/search.js as these parts in this order, inside one function: words.js (the page's words, and `$`),
// fold.js (SPEC §2), favorites.js (the visitor's own, on every page), index.js (loading files), query.js (planning
// and walking the runs of a query), typos.js, matches.js (word matches, top matches), results.js (rendering rows),
// page.js (the home page: split view, URL, keyboard) and header.js (the box in every other page's header). The index
// format is in docs/formats.md ("The search index"); paths come from the page (data-city-url, data-index), the
// manifest (urls), citygen's prelude (the index's folder) and the header's link home (the root).
var $ = function (id) { return document.getElementById(id); };
// Words: the page's language's, from the site's tables (window.citygenWords, written by citygen before this
// script); {{name}} in a word is a value. Numbers and times are as Intl writes them for <html lang>: the language's
// digits, grouping and decimal mark, as citygen writes the page's (CLDR both).
var LANG = document.documentElement.lang || 'en', WORDS = (window.citygenWords || {})[LANG] || {};
// A browser whose Intl lacks the language (or Intl itself) writes ASCII, and search still works.
var NUMBER = { format: function (n) { return String(n); } }, FIXED4 = { format: function (n) { return n.toFixed(4); } }, PAIR = ',';
try {
  NUMBER = new Intl.NumberFormat(LANG);
  FIXED4 = new Intl.NumberFormat(LANG, { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false });
  // What joins a pair of numbers: a semicolon where the comma is the decimal mark.
  PAIR = FIXED4.formatToParts(0.5).some(function (p) { return p.type === 'decimal' && p.value === ','; }) ? ';' : ',';
} catch (error) { }
// The search index's folder below a site's root (the home page's box names it too, as data-index), and the root of
// this page's site (its language's, on a site in several): the folder of its home page, where the header's title leads.
var INDEX_FOLDER = window.citygenIndexFolder || 'search/';
var ROOT = (function () {
  var home = document.querySelector('body > header a');
  return home ? home.href.replace(/[^\/]*([?#].*)?$/, '') : '';
})();
function say(key, values) {
  return (WORDS[key] || key).replace(/\{\{\{?(\w+)\}?\}\}/g, function (all, name) { return values && name in values ? values[name] : all; });
}
