// The live inspector at /_telltale/ui: the events its capture server receives, as they arrive
// (inspector-stream.js follows the server), kept in an array (the newest 100,000) and drawn in
// batches, once per animation frame, newest last; at most MAX_ROWS rows exist. Filters, a tab of
// refused requests, pause and clear, `#event=ID` links and the keyboard; the details of what is
// opened come from inspector-details.js. `window.telltaleInspector` tells tests what it holds.
(function (T) {
  'use strict';
  var el = T.el, add = T.add, details = T.inspectorDetails;
  var MAX_EVENTS = 100000, MAX_ROWS = 2000;
  var events = [], byId = new Map(), bad = [], sources = {}, notes = [];
  var connected = false, paused = false, missed = 0;
  var selected = null, tab = 'events', pending = [], scheduled = false, matchingCount = 0;

  function clock(iso) {
    var date = new Date(iso);
    if (isNaN(date.getTime())) return String(iso);
    function two(n) { return (n < 10 ? '0' : '') + n; }
    var ms = date.getMilliseconds();
    return two(date.getHours()) + ':' + two(date.getMinutes()) + ':' + two(date.getSeconds()) + '.' + (ms < 10 ? '00' : ms < 100 ? '0' : '') + ms;
  }
  function button(parent, id, text, title) {
    var node = add(parent, el('button', null, text));
    node.id = id;
    node.type = 'button';
    if (title) node.title = title;
    return node;
  }

  // Header: status, counts, pause and clear.
  var app = document.getElementById('app');
  var header = add(app, el('header', 'top'));
  var titleRow = add(header, el('div', 'title-row'));
  add(titleRow, el('h1', null, 'Telltale capture'));
  var status = add(titleRow, el('span', 'status', 'connecting\u2026'));
  status.id = 'status';
  status.setAttribute('role', 'status');
  add(titleRow, el('span', 'spacer'));
  var pauseButton = button(titleRow, 'pause', 'Pause', 'Stop drawing new events (they are still received); p');
  var clearButton = button(titleRow, 'clear', 'Clear', 'Remove every captured event from the server (the log file keeps them)');
  var meta = add(header, el('div', 'meta'));
  var countText = add(meta, el('span', null, ''));
  var catalogText = add(meta, el('span', null, ''));
  add(meta, el('span', null, location.host));
  var noteBox = add(header, el('div', 'note'));
  noteBox.id = 'notes';

  // Filters.
  var filterBar = add(app, el('div', 'filters'));
  function field(id, placeholder, label) {
    var input = add(filterBar, el('input'));
    input.id = id;
    input.type = id === 'filter-text' ? 'search' : 'text';
    input.placeholder = placeholder;
    input.setAttribute('aria-label', label);
    input.addEventListener('input', refilter);
    return input;
  }
  var textFilter = field('filter-text', 'Filter by any text  ( / )', 'Filter by any text: name, params, session, test, source');
  var nameFilter = field('filter-name', 'name', 'Filter by event name');
  var sourceFilter = add(filterBar, el('select'));
  sourceFilter.id = 'filter-source';
  sourceFilter.setAttribute('aria-label', 'Filter by source');
  add(sourceFilter, el('option', null, 'All sources')).value = '';
  sourceFilter.addEventListener('change', refilter);
  var sessionFilter = field('filter-session', 'session', 'Filter by session');
  var testFilter = field('filter-test', 'test', 'Filter by test');
  var badLabel = add(filterBar, el('label'));
  var badFilter = add(badLabel, el('input'));
  badFilter.id = 'filter-bad';
  badFilter.type = 'checkbox';
  badFilter.addEventListener('change', refilter);
  badLabel.appendChild(document.createTextNode('only events that broke the plan'));

  // Tabs: events, bad captures.
  var tabs = add(app, el('div', 'tabs'));
  tabs.setAttribute('role', 'tablist');
  var eventsTab = button(tabs, 'tab-events', 'Events');
  var badTab = button(tabs, 'tab-bad', 'Bad captures');
  [eventsTab, badTab].forEach(function (node) { node.setAttribute('role', 'tab'); });
  eventsTab.addEventListener('click', function () { showTab('events'); });
  badTab.addEventListener('click', function () { showTab('bad'); });

  var panes = T.panes(app, 'event-details');
  var listbox = T.listbox(panes.list, 'events', 'Captured events');
  var shown = listbox.shown, table = listbox.list, detail = panes.detail;
  function headRow(cls, titles) {
    var row = el('div', cls);
    titles.forEach(function (title) { add(row, el('span', null, title)); });
    return row;
  }
  var eventHead = headRow('head-row', ['time', '', 'source', 'name', 'session', 'test']);
  var eventRows = el('div', 'rows');
  var badHead = headRow('head-row bad-head', ['time', 'status', 'method', 'path', 'reason']);
  var badRows = el('div', 'rows');

  function keyHint() {
    detail.textContent = '';
    T.keyHint(detail, [['j', 'k', ' or arrows move, '], ['Enter', null, ' opens, '], ['/', null, ' filters, '], ['p', null, ' pauses, '], ['Esc', null, ' leaves a filter.']]);
    add(detail, el('p', 'hint', 'A link to an event: ' + location.pathname + '#event=ID, or GET /_telltale/events/ID.'));
  }

  // Filtering.
  function lower(value) { return value === null || value === undefined ? '' : String(value).toLowerCase(); }
  function haystack(event) {
    if (event._text === undefined) {
      event._text = [event.name, event.source, event.session, event.test, event.id, JSON.stringify(event.params)].map(lower).join('\n');
    }
    return event._text;
  }
  function isBad(event) { return !!event.check && !event.check.valid; }
  // What the filters ask, read once per redraw or batch.
  function criteria() {
    return {
      text: lower(textFilter.value.trim()), name: lower(nameFilter.value.trim()), source: sourceFilter.value,
      session: lower(sessionFilter.value.trim()), test: lower(testFilter.value.trim()), bad: badFilter.checked
    };
  }
  function matches(event, c) {
    if (c.source && event.source !== c.source) return false;
    if (c.bad && !isBad(event)) return false;
    if (c.name && lower(event.name).indexOf(c.name) === -1) return false;
    if (c.session && lower(event.session).indexOf(c.session) === -1) return false;
    if (c.test && lower(event.test).indexOf(c.test) === -1) return false;
    return !c.text || haystack(event).indexOf(c.text) !== -1;
  }

  // Rows.
  function mark(event) {
    if (!event.check) return el('span', 'check-none', '');
    if (event.check.valid) {
      var good = el('span', 'check-good', '\u2713');
      good.title = 'keeps the tracking plan';
      return good;
    }
    var wrong = el('span', 'check-bad', '\u2717');
    wrong.title = event.check.violations.map(function (v) { return v.message; }).join('\n');
    return wrong;
  }
  // A row's cells, each with its full text on hover: [class, text, title].
  function cells(row, list) {
    list.forEach(function (cell) { add(row, el('span', cell[0], cell[1])).title = cell[2] === undefined ? cell[1] : cell[2]; });
  }
  function eventRow(event) {
    var row = el('div', 'event-row');
    row.setAttribute('role', 'option');
    row.setAttribute('data-event-id', event.id);
    row.setAttribute('aria-selected', String(selected === event.id));
    add(row, el('span', 'time mono', clock(event.receivedAt))).title = event.receivedAt;
    add(row, mark(event));
    add(row, el('span', 'source', event.source));
    var noTest = event.test === null || event.test === undefined;
    cells(row, [['name', event.name], ['mono', event.session], ['mono', noTest ? '\u2014' : event.test, event.test || 'no test']]);
    row.addEventListener('click', function () { select(event.id, true); });
    return row;
  }
  function badRow(capture, index) {
    var row = el('div', 'bad-row');
    row.setAttribute('role', 'option');
    row.setAttribute('data-bad-index', String(index));
    add(row, el('span', 'time mono', clock(capture.receivedAt))).title = capture.receivedAt;
    add(row, el('span', 'check-bad', capture.status));
    add(row, el('span', 'mono', capture.method));
    cells(row, [['mono', capture.path], [null, capture.reason]]);
    row.addEventListener('click', function () { openBad(index, row); });
    return row;
  }
  function atBottom() { return table.scrollHeight - table.scrollTop - table.clientHeight < 40; }
  function updateCounts() {
    countText.textContent = T.plural(events.length, 'event') + ' in the page \u00b7 ' + bad.length + ' bad';
    badTab.textContent = 'Bad captures (' + bad.length + ')';
    eventsTab.textContent = 'Events (' + events.length + ')';
    pauseButton.textContent = paused ? (missed > 0 ? 'Resume (' + missed + ' new)' : 'Resume') : 'Pause';
  }
  function shownText(count, total) {
    shown.textContent = (count === total ? total + ' events' : count + ' of ' + total + ' events') + (count > MAX_ROWS ? ' (the newest ' + MAX_ROWS + ' shown; filter to see others)' : '');
  }
  // Draws the whole list again: after a filter, a resume, a reset.
  function refilter() {
    if (tab !== 'events') return;
    var follow = atBottom();
    var c = criteria();
    var matching = events.filter(function (event) { return matches(event, c); });
    eventRows.textContent = '';
    var fragment = document.createDocumentFragment();
    for (var i = Math.max(0, matching.length - MAX_ROWS); i < matching.length; i++) fragment.appendChild(eventRow(matching[i]));
    eventRows.appendChild(fragment);
    if (matching.length === 0) add(eventRows, el('div', 'empty', events.length ? 'No event matches the filters.' : 'No events yet: send some to this server.'));
    shownText(matching.length, events.length);
    matchingCount = matching.length;
    if (follow) table.scrollTop = table.scrollHeight;
  }
  // Appends a batch of new events: only those that match, the oldest rows trimmed.
  function appendRows(batch) {
    var follow = atBottom();
    var fragment = document.createDocumentFragment(), added = 0, c = criteria();
    batch.forEach(function (event) { if (matches(event, c)) { fragment.appendChild(eventRow(event)); added++; } });
    if (added === 0) { shownText(matchingCount, events.length); return; }
    var empty = eventRows.querySelector('.empty');
    if (empty) empty.remove();
    eventRows.appendChild(fragment);
    matchingCount += added;
    while (eventRows.childElementCount > MAX_ROWS) eventRows.firstElementChild.remove();
    shownText(matchingCount, events.length);
    if (follow) table.scrollTop = table.scrollHeight;
  }
  function drawBad() {
    if (tab !== 'bad') return;
    badRows.textContent = '';
    var fragment = document.createDocumentFragment();
    for (var i = Math.max(0, bad.length - MAX_ROWS); i < bad.length; i++) fragment.appendChild(badRow(bad[i], i));
    badRows.appendChild(fragment);
    if (bad.length === 0) add(badRows, el('div', 'empty', 'No bad captures: every request could be read.'));
    shown.textContent = bad.length + ' bad captures (refused requests, with their reasons)';
  }
  function showTab(name) {
    tab = name;
    eventsTab.setAttribute('aria-selected', String(name === 'events'));
    badTab.setAttribute('aria-selected', String(name === 'bad'));
    table.textContent = '';
    if (name === 'events') { add(table, eventHead); add(table, eventRows); refilter(); } else { add(table, badHead); add(table, badRows); drawBad(); }
  }

  // Arrivals are drawn once per frame, so thousands a second cost one layout each frame.
  function flush() {
    scheduled = false;
    var batch = pending;
    pending = [];
    updateCounts();
    if (!paused && tab === 'events') appendRows(batch);
  }
  function store(event) {
    if (byId.has(event.id)) return;
    events.push(event);
    byId.set(event.id, event);
    if (!sources[event.source]) {
      sources[event.source] = true;
      add(sourceFilter, el('option', null, event.source)).value = event.source;
    }
    if (events.length > MAX_EVENTS) {
      events.splice(0, MAX_EVENTS / 10).forEach(function (old) { byId.delete(old.id); });
      note('The page keeps the newest ' + MAX_EVENTS + ' events; older ones are still on the server (GET /_telltale/events) and in its log.');
    }
    if (paused) missed++;
    pending.push(event);
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(flush);
    }
  }
  function note(text) {
    if (notes.indexOf(text) !== -1) return;
    notes.push(text);
    add(noteBox, el('div', null, text));
  }
  function unselect() {
    selected = null;
    keyHint();
  }
  function clearPage() {
    events = []; byId = new Map(); pending = []; missed = 0; matchingCount = 0;
    if (selected !== null) unselect();
    updateCounts();
    refilter();
  }
  function setStatus() {
    status.className = 'status ' + (paused ? 'paused' : connected ? 'live' : 'reconnecting');
    status.textContent = paused ? 'paused' : connected ? 'live' : 'reconnecting\u2026';
  }

  // Details.
  function openBad(index, row) {
    Array.prototype.forEach.call(badRows.querySelectorAll('[aria-selected="true"]'), function (node) { node.setAttribute('aria-selected', 'false'); });
    if (row) row.setAttribute('aria-selected', 'true');
    details.bad(detail, bad[index]);
  }
  function hint(text) {
    detail.textContent = '';
    add(detail, el('p', 'hint', text));
  }
  function select(id, userAction) {
    selected = id;
    Array.prototype.forEach.call(eventRows.querySelectorAll('.event-row[aria-selected="true"]'), function (node) { node.setAttribute('aria-selected', 'false'); });
    var row = eventRows.querySelector('.event-row[data-event-id="' + cssEscape(id) + '"]');
    if (row) {
      row.setAttribute('aria-selected', 'true');
      if (userAction !== true) row.scrollIntoView({ block: 'nearest' });
    }
    var event = byId.get(id);
    if (event) {
      details.event(detail, event, true);
    } else {
      hint('Loading event ' + id + '\u2026');
      fetch('/_telltale/events/' + encodeURIComponent(id)).then(function (answer) {
        return answer.json().then(function (body) { return { ok: answer.ok, body: body }; });
      }).then(function (result) {
        if (selected !== id) return;
        if (result.ok) details.event(detail, result.body, false); else hint(result.body.error || ('No event ' + id + '.'));
      }).catch(function () { hint('Could not reach the server for event ' + id + '.'); });
    }
    try { history.replaceState(null, '', '#event=' + encodeURIComponent(id)); } catch (e) { /* ignore */ }
  }
  function cssEscape(text) { return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, '\\$&'); }
  function move(by) {
    var rows = tab === 'events' ? eventRows.querySelectorAll('.event-row') : badRows.querySelectorAll('.bad-row');
    if (rows.length === 0) return;
    var current = -1;
    for (var i = 0; i < rows.length; i++) if (rows[i].getAttribute('aria-selected') === 'true') { current = i; break; }
    var row = rows[current === -1 ? (by > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, current + by))];
    if (tab === 'events') {
      select(row.getAttribute('data-event-id'), false);
    } else {
      openBad(Number(row.getAttribute('data-bad-index')), row);
      row.scrollIntoView({ block: 'nearest' });
    }
  }
  function hashEvent() {
    var match = /(?:^#|&)event=([^&]*)/.exec(location.hash);
    if (!match) return null;
    try { return decodeURIComponent(match[1]); } catch (e) { return null; }
  }

  pauseButton.addEventListener('click', function () {
    paused = !paused;
    if (!paused) { missed = 0; refilter(); }
    updateCounts();
    setStatus();
  });
  clearButton.addEventListener('click', function () {
    if (!window.confirm('Remove every captured event from this capture server? Tests waiting on events will not see them. The log file keeps them.')) return;
    fetch('/_telltale/reset', { method: 'POST' }).catch(function () { note('The server could not be reached to clear it.'); });
  });
  T.listKeys(table, {
    search: textFilter,
    move: move,
    open: function () { if (selected !== null && tab === 'events') select(selected, false); else move(1); },
    fromField: function () { move(1); },
    keys: {
      p: function (event) { event.preventDefault(); pauseButton.click(); },
      Escape: function () {
        Array.prototype.forEach.call(document.querySelectorAll('[aria-selected="true"].event-row, [aria-selected="true"].bad-row'), function (node) { node.setAttribute('aria-selected', 'false'); });
        unselect();
      }
    }
  });
  window.addEventListener('hashchange', function () { var id = hashEvent(); if (id !== null && id !== selected) select(id, false); });

  var stream = {
    connection: function (isConnected) { connected = isConnected; setStatus(); },
    hello: function (hello) {
      catalogText.textContent = hello.catalog ? 'checked against a tracking plan' : 'no tracking plan (start with --catalog to check events)';
      if (hello.maxEvents) catalogText.textContent += ' \u00b7 the server keeps the newest ' + hello.maxEvents + ' in memory';
    },
    badList: function (captures) { bad = captures; updateCounts(); drawBad(); },
    restarted: function () {
      bad = [];
      clearPage();
      drawBad();
      note('The capture server restarted at ' + clock(new Date().toISOString()) + ': the page started afresh.');
    },
    capture: store,
    bad: function (capture) { bad.push(capture); updateCounts(); drawBad(); },
    reset: function (reset) {
      if (reset.session === null || reset.session === undefined) {
        clearPage();
        bad = [];
        drawBad();
        return;
      }
      events = events.filter(function (event) {
        if (event.session !== reset.session) return true;
        byId.delete(event.id);
        return false;
      });
      if (selected !== null && !byId.has(selected)) unselect();
      updateCounts();
      refilter();
    },
    dropped: function (dropped) {
      note('The server keeps only its newest events in memory (--max-events): those before ' + dropped.before + ' are only in its log now.');
    }
  };

  window.telltaleInspector = {
    eventCount: function () { return events.length; },
    shownIds: function () { return Array.prototype.map.call(eventRows.querySelectorAll('.event-row'), function (row) { return row.getAttribute('data-event-id'); }); },
    get connected() { return connected; },
    get paused() { return paused; }
  };

  keyHint();
  updateCounts();
  showTab('events');
  setStatus();
  var linked = hashEvent();
  if (linked !== null) select(linked, false);
  T.followStream(stream);
  document.documentElement.setAttribute('data-ready', 'true');
})(Telltale);
