// citygen search: finds any prefix among the site's cities while loading only the index shards it needs. citygen
// writes assets/search.js as these parts in this order, inside one function: words.js (the page's words, and `$`),
// fold.js (SPEC §2), favorites.js (the visitor's own, on every page), index.js (loading files), query.js (planning
// and walking the runs of a query), typos.js, matches.js (word matches, top matches), results.js (rendering rows),
// page.js (the home page: split view, URL, keyboard) and header.js (the box in every other page's header). The index
// format is in docs/design.md ("The search index"); paths come from the page (data-city-url, data-index), the
// manifest (urls), citygen's prelude (the index's folder) and the header's link home (the root).
var $ = function (id) { return document.getElementById(id); };
// Words: the page's language's, from the site's tables (window.citygenWords, written by citygen before this
// script); {{name}} in a word is a value. Numbers and times are as Intl writes them for <html lang>.
var LANG = document.documentElement.lang || 'en', WORDS = (window.citygenWords || {})[LANG] || {};
var LOCALE = LANG === 'en' ? 'en-GB' : LANG;
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
