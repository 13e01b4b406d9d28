// The header's search box, on every page but the home page (whose own box is the search). This script puts it in
// place (without it, the header's title leads home); it reads the index only once the box is used, then shows the
// first matches of each query under it, top matches first, as the home page orders them: ↑/↓ move, Enter opens,
// Esc closes, and a last link opens the home page's full results (`?q=`).
if (!input) (function () {
  var header = document.querySelector('body > header'), homeLink = header && header.querySelector('a');
  if (!homeLink) return;
  var root = ROOT, SHOWN = 8;
  var box = document.createElement('div'), combo = document.createElement('div'), field = document.createElement('input');
  var panel = document.createElement('div'), results = document.createElement('ul'), status = document.createElement('p');
  var all = document.createElement('a');
  box.className = 'site-search';
  box.setAttribute('role', 'search');
  // A combobox as ARIA 1.1 has it: the box owns the text field and the list of options.
  combo.setAttribute('role', 'combobox');
  combo.setAttribute('aria-haspopup', 'listbox');
  combo.setAttribute('aria-owns', 'headerResults');
  combo.setAttribute('aria-expanded', 'false');
  field.id = 'headerSearch';
  field.type = 'text';
  field.setAttribute('enterkeyhint', 'search');
  field.spellcheck = false;
  field.autocomplete = 'off';
  field.placeholder = say('search.placeholder');
  field.setAttribute('aria-label', say('search.region'));
  field.setAttribute('aria-autocomplete', 'list');
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
  combo.appendChild(field);
  box.append(combo, panel);
  header.appendChild(box);

  var seq = 0, timer = 0, active = -1, started = 0;
  var stats = window.citygenHeaderStats = { timings: [] };
  function open(on) {
    panel.hidden = !on;
    combo.setAttribute('aria-expanded', String(on));
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
      // A city's page by the manifest's pattern, relative to the site's root.
      if (!cityURLPattern) cityURLPattern = root + (await Index.manifest()).urls.city;
      await query.next(true);
      top = await query.topMatches();
    } catch (error) {
      if (mine !== seq) return;
      results.textContent = '';
      status.textContent = say('search.unavailable', { error: error.message });
      open(true);
      stats.last = text;
      return;
    }
    if (mine !== seq) return;  // a newer query owns the panel
    var seen = {}, shown = top.concat(query.results).filter(function (e) { return !seen[e.id] && (seen[e.id] = true); }).slice(0, SHOWN);
    results.textContent = '';
    shown.forEach(function (e) { results.appendChild(option(e)); });
    headTypos(results);
    status.textContent = shown.length ? '' : say('search.empty');
    setActive(-1);
    open(true);
    stats.timings.push(performance.now() - t0);
    stats.last = text;
  }
  // A row: an option of the list, the place's label, what tells it apart, and its page to open.
  function option(e) {
    var li = document.createElement('li'), name = document.createElement('span'), known = document.createElement('span');
    li.id = 'cityCell_' + e.id;
    li.setAttribute('role', 'option');
    li.setAttribute('data-href', cityURL(e.id));
    li.setAttribute('data-lat', String(e.lat));
    li.setAttribute('data-lon', String(e.lon));
    if (e.typo) li.setAttribute('data-match', 'typo');
    name.className = 'label';
    name.textContent = label(e) + (e.other ? ' \u2014 ' + e.other : '');
    known.className = 'facts';
    known.textContent = facts(e);
    li.append(name, ' \u00B7 ', known);
    li.addEventListener('click', function () { location.href = li.getAttribute('data-href'); });
    return li;
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
      if (items.length && !panel.hidden) location.href = items[Math.max(active, 0)].getAttribute('data-href');
      else if (Fold.fold(field.value)) location.href = all.href;
    } else if (event.key === 'Escape') {
      if (!panel.hidden) { event.preventDefault(); open(false); }
    }
  });
  document.addEventListener('click', function (event) { if (!box.contains(event.target)) open(false); });
})();
