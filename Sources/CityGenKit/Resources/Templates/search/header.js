// The header's search box, on every page but the home page (whose own box is the search). This script puts it in
// place (without it, the header's title leads home); it reads the index only once the box is used, then shows the
// first matches of each query under it, top matches first, as the home page orders them: ↑/↓ move, Enter opens,
// Esc closes, and a last link opens the home page's full results (`?q=`).
if (!input) (function () {
  var header = document.querySelector('header.site'), homeLink = header && header.querySelector('a');
  if (!homeLink) return;
  var root = document.body.getAttribute('data-root') || '', SHOWN = 8;
  var box = document.createElement('div'), field = document.createElement('input'), panel = document.createElement('div');
  var results = document.createElement('ul'), status = document.createElement('p'), all = document.createElement('a');
  box.className = 'site-search';
  box.setAttribute('role', 'search');
  field.id = 'headerSearch';
  field.type = 'search';
  field.spellcheck = false;
  field.autocomplete = 'off';
  field.placeholder = say('search.placeholder');
  field.setAttribute('aria-label', say('search.region'));
  field.setAttribute('role', 'combobox');
  field.setAttribute('aria-autocomplete', 'list');
  field.setAttribute('aria-expanded', 'false');
  field.setAttribute('aria-controls', 'headerResults');
  panel.id = 'headerPanel';
  panel.hidden = true;
  results.id = 'headerResults';
  results.className = 'results';
  results.setAttribute('role', 'listbox');
  results.setAttribute('aria-label', say('search.region'));
  status.id = 'headerStatus';
  status.setAttribute('role', 'status');
  all.id = 'allResults';
  panel.append(results, status, all);
  box.append(field, panel);
  header.appendChild(box);

  var seq = 0, timer = 0, active = -1, started = 0;
  var stats = window.citygenHeaderStats = { timings: [] };
  function open(on) {
    panel.hidden = !on;
    field.setAttribute('aria-expanded', String(on));
    if (!on) setActive(-1);
  }
  function setActive(n) {
    var items = results.children;
    if (items[active]) items[active].removeAttribute('aria-selected');
    active = n;
    if (items[active]) {
      items[active].setAttribute('aria-selected', 'true');
      field.setAttribute('aria-activedescendant', items[active].id);
      items[active].scrollIntoView({ block: 'nearest' });
    } else {
      field.removeAttribute('aria-activedescendant');
    }
  }
  async function run() {
    var mine = ++seq, t0 = started, text = field.value;
    all.href = homeLink.getAttribute('href') + (Fold.fold(text) ? '?q=' + encodeURIComponent(text) : '');
    all.textContent = say('search.allResults', { query: text });
    if (!Fold.fold(text)) { results.textContent = ''; status.textContent = ''; open(false); return; }
    var query = new Query(text, false), top;
    try {
      // A city's page by the manifest's pattern, relative to the site's root (this page's data-root).
      if (!cityURLPattern) cityURLPattern = root + (await Index.manifest()).urls.city;
      await query.next(PAGE, FIRST_FILES);
      top = await query.topMatches();
    } catch (error) {
      if (mine !== seq) return;
      results.textContent = '';
      status.textContent = say('search.unavailable', { error: error.message });
      open(true);
      return;
    }
    if (mine !== seq) return;  // a newer query owns the panel
    var seen = {}, shown = top.concat(query.results).filter(function (e) { return !seen[e[0]] && (seen[e[0]] = true); }).slice(0, SHOWN);
    results.textContent = '';
    shown.forEach(function (e) {
      var li = row(e, false);
      li.setAttribute('role', 'option');
      li.firstChild.tabIndex = -1;
      results.appendChild(li);
    });
    headTypos(results);
    status.textContent = shown.length ? '' : say('search.empty');
    setActive(-1);
    open(true);
    stats.timings.push(performance.now() - t0);
    stats.last = text;
  }
  field.addEventListener('focus', function () {
    openIndex(root + INDEX_FOLDER).manifest().catch(function () { });  // the first read, reported by the query that needs it
    if (field.value) open(true);
  });
  field.addEventListener('input', function () {
    started = performance.now();
    clearTimeout(timer);
    timer = setTimeout(run, 15);
  });
  field.addEventListener('keydown', function (event) {
    var items = results.children;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!items.length) return;
      event.preventDefault();
      open(true);
      setActive(Math.max(0, Math.min(items.length - 1, active + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (items.length && !panel.hidden) location.href = items[Math.max(active, 0)].firstChild.href;
      else if (Fold.fold(field.value)) location.href = all.href;
    } else if (event.key === 'Escape') {
      if (!panel.hidden) { event.preventDefault(); open(false); }
    }
  });
  document.addEventListener('click', function (event) { if (!box.contains(event.target)) open(false); });
})();
