// The test report (index.html): the header (verdict, run facts, totals), the list of tests
// (filters, search, a virtualised list) and a test's details, built when it is opened, all from
// the JSON block `#telltale-data`. What only some records have (an analytics verdict, history,
// rich results, coverage, stress) is a feature in a file of its own, put in the page before this
// one only for records that have it. A feature is a function in `Telltale.features`: given this
// page's `page`, it returns its hooks, which are called, in the features' order, at fixed points:
//   verdict(failed) -> failed       the count of failures that turns the verdict FAILED
//   stats(stat)                     after the header's figures; stat(key, label, value, zero) -> box
//   header(header)                  after the header's buttons
//   filters(filter, controls)       filter(key, label, count) adds a status filter button
//   matches(test, index, status)    true or false decides whether a row shows; undefined defers
//   row(node, test)                 after a row's name
//   detail(test, section)           after an opened test's messages; section(title) -> block
//   start(params)                   after the link's test (#test=ID) was opened; params: the hash
(function (T) {
  'use strict';
  var el = T.el, add = T.add;
  var data = JSON.parse(document.getElementById('telltale-data').textContent);
  var tests = data.tests, events = data.events, run = data.run, totals = data.totals;
  var ROW = 30, EVENT_PAGE = 200;
  var LABEL = { passed: 'PASS', failed: 'FAIL', error: 'ERROR', skipped: 'SKIP', flaky: 'FLAKY' };
  var root = document.documentElement;

  function seconds(value) {
    if (value < 1) return Math.round(value * 1000) + ' ms';
    if (value < 60) return value.toFixed(2) + ' s';
    var minutes = Math.floor(value / 60);
    return minutes + ' min ' + Math.round(value - minutes * 60) + ' s';
  }
  function offset(ms) {
    return (ms < 0 ? '\u2212' : '+') + (Math.abs(ms) / 1000).toFixed(3) + ' s';
  }
  function statusOf(test) { return test.fl ? 'flaky' : test.o; }

  // What the features see: the data and helpers; the page's `header`, `controls` and `detail`
  // (set as they are made); section(title) in the details; reveal(index) opens a test, showing
  // every test first if the filters hide it; blank() empties the details for a view of a
  // feature's own and returns them; refilter() after a filter of a feature's own changed;
  // searched(index) says whether the search box matches a test; opened() is the open test's
  // index, or -1; openUnattributed() shows the events of no test.
  var page = {
    data: data, tests: tests, LABEL: LABEL, seconds: seconds, offset: offset,
    section: section, reveal: reveal, blank: blank, refilter: refilter, searched: searched, openUnattributed: openUnattributed,
    opened: function () { return opened; }
  };
  var features = (T.features || []).map(function (feature) { return feature(page); });
  function hook(name) {
    var args = Array.prototype.slice.call(arguments, 1);
    features.forEach(function (feature) { if (feature[name]) feature[name].apply(null, args); });
  }

  // Theme: automatic (the system's), or a choice kept in localStorage when the browser allows it.
  var THEMES = ['auto', 'dark', 'light'];
  function storedTheme() { try { return localStorage.getItem('telltale-theme') || 'auto'; } catch (e) { return 'auto'; } }
  function applyTheme(theme) {
    if (theme === 'auto') root.removeAttribute('data-theme'); else root.setAttribute('data-theme', theme);
    themeButton.textContent = 'Theme: ' + theme;
    try { localStorage.setItem('telltale-theme', theme); } catch (e) { /* file:// may refuse storage */ }
  }

  // Header: verdict, run facts, totals.
  var app = document.getElementById('app');
  var header = page.header = add(app, el('header', 'top'));
  var titleRow = add(header, el('div', 'title-row'));
  add(titleRow, el('h1', null, 'Telltale \u00b7 ' + run.name));
  var failedCount = totals.failed + totals.errors;
  features.forEach(function (feature) { if (feature.verdict) failedCount = feature.verdict(failedCount); });
  add(titleRow, el('span', 'verdict ' + (failedCount > 0 ? 'failed' : 'passed'), failedCount > 0 ? 'FAILED' : 'PASSED'));
  add(titleRow, el('span', 'spacer'));
  var themeButton = add(titleRow, el('button', 'theme', 'Theme'));
  themeButton.type = 'button';
  themeButton.title = 'Switch between the system theme, dark and light';
  themeButton.addEventListener('click', function () {
    var current = root.getAttribute('data-theme') || 'auto';
    applyTheme(THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]);
  });
  applyTheme(storedTheme());

  var meta = add(header, el('div', 'meta'));
  var facts = ['started ' + run.startedAt.replace('T', ' ').replace('Z', ' UTC'), 'package ' + run.package];
  if (run.plan) facts.push('plan ' + run.plan);
  if (run.shard) facts.push('shard ' + run.shard);
  facts.push(run.os ? run.host + ' (' + run.os + ')' : run.host);
  if (run.swift) facts.push(run.swift);
  if (run.commit) facts.push('commit ' + run.commit);
  facts.push('telltale ' + run.tool);
  facts.forEach(function (text) { add(meta, el('span', null, text)); });

  var stats = add(header, el('div', 'stats'));
  function stat(key, label, value, zero) {
    var box = add(stats, el('div', 'stat ' + key + (zero ? ' zero' : '')));
    box.setAttribute('data-stat', key);
    add(box, el('span', 'value', value));
    add(box, el('span', 'label', label));
    return box;
  }
  var counted = totals.tests - totals.skipped;
  stat('tests', 'tests', totals.tests, false);
  ['passed', 'failed', 'errors', 'skipped', 'flaky'].forEach(function (key) { stat(key, key, totals[key], totals[key] === 0); });
  if (counted > 0) stat('pass-rate', 'pass rate', (Math.floor(totals.passed / counted * 1000) / 10).toFixed(1) + '%', false);
  stat('duration', 'duration', seconds(run.duration), false);
  if (run.events > 0) stat('events', 'events', run.events, false);
  hook('stats', stat);

  if (run.notes && run.notes.length) {
    var notes = add(header, el('details', 'notes'));
    add(notes, el('summary', null, 'Run notes (' + run.notes.length + ')'));
    run.notes.forEach(function (note) { add(notes, el('pre', null, note)); });
  }
  if (data.unattributed[1] > 0) {
    var orphanButton = add(header, el('button', 'orphans', 'Events not attributed to a test (' + data.unattributed[1] + ')'));
    orphanButton.type = 'button';
    orphanButton.style.marginTop = '8px';
    orphanButton.addEventListener('click', openUnattributed);
  }
  hook('header', header);

  // The list: filters, search, and a virtualised list of rows.
  var panes = T.panes(app, 'detail');
  var controls = page.controls = add(panes.list, el('div', 'controls'));
  var search = add(controls, el('input'));
  search.id = 'search';
  search.type = 'search';
  search.placeholder = 'Search tests by name  ( / )';
  search.setAttribute('aria-label', 'Search tests by name');
  var filters = add(controls, el('div', 'filters'));
  filters.setAttribute('role', 'toolbar');
  filters.setAttribute('aria-label', 'Show tests by status');
  var counts = { all: tests.length, failed: totals.failed, error: totals.errors, flaky: totals.flaky, skipped: totals.skipped, passed: totals.passed };
  var FILTERS = [['all', 'All'], ['failed', 'Failed'], ['error', 'Errors'], ['flaky', 'Flaky'], ['skipped', 'Skipped'], ['passed', 'Passed']];
  hook('filters', function (key, label, count) { FILTERS.push([key, label]); counts[key] = count; }, controls);
  var filterButtons = {};
  FILTERS.forEach(function (pair) {
    if (pair[0] !== 'all' && counts[pair[0]] === 0) return;
    var button = add(filters, el('button', null, pair[1] + ' ' + counts[pair[0]]));
    button.type = 'button';
    button.setAttribute('data-status', pair[0]);
    button.addEventListener('click', function () { setStatus(pair[0]); });
    filterButtons[pair[0]] = button;
  });
  var listbox = T.listbox(panes.list, 'list', 'Tests');
  var shown = listbox.shown, list = listbox.list;
  var rows = add(list, el('div', 'rows'));

  var detail = page.detail = panes.detail;
  T.keyHint(detail, [['j', 'k', ' or arrows move, '], ['Enter', null, ' opens, '], ['/', null, ' searches, '], ['Esc', null, ' leaves the search.']]);

  // The search matches ids and display names.
  var lowerIDs = tests.map(function (test) { return (test.dn ? test.id + '\n' + test.dn : test.id).toLowerCase(); });
  var status = 'all', query = '', visible = [], cursor = 0, opened = -1;

  function searched(index) { return query === '' || lowerIDs[index].indexOf(query) !== -1; }
  function matches(index) {
    var test = tests[index];
    for (var i = 0; i < features.length; i++) {
      var decided = features[i].matches ? features[i].matches(test, index, status) : undefined;
      if (decided !== undefined) return decided;
    }
    if (status === 'flaky' ? !test.fl : status !== 'all' && test.o !== status) return false;
    return searched(index);
  }
  function refilter() {
    visible = [];
    for (var i = 0; i < tests.length; i++) if (matches(i)) visible.push(i);
    cursor = Math.max(0, visible.indexOf(opened));
    shown.textContent = visible.length === tests.length ? tests.length + ' tests' : visible.length + ' of ' + tests.length + ' tests';
    rows.style.height = visible.length * ROW + 'px';
    list.scrollTop = 0;
    renderRows();
  }
  function setStatus(value) {
    status = value;
    Object.keys(filterButtons).forEach(function (key) { filterButtons[key].setAttribute('aria-pressed', String(key === value)); });
    refilter();
  }
  function row(position) {
    var index = visible[position], test = tests[index], state = statusOf(test);
    var node = el('div', 'row');
    node.style.top = position * ROW + 'px';
    node.setAttribute('role', 'option');
    node.setAttribute('data-index', String(index));
    node.setAttribute('aria-selected', String(position === cursor));
    add(node, el('span', 'badge ' + state, LABEL[state]));
    var name = add(node, el('span', 'name'));
    name.title = test.id;
    var cut = test.id.lastIndexOf('/');
    if (cut === -1) cut = test.id.lastIndexOf('.');
    if (cut > 0) add(name, el('span', 'suite', test.id.slice(0, cut + 1)));
    name.appendChild(document.createTextNode(test.id.slice(cut + 1)));
    hook('row', node, test);
    add(node, el('span', 'dur', seconds(test.d)));
    node.addEventListener('click', function () { cursor = position; open(index); renderRows(); });
    return node;
  }
  function renderRows() {
    var height = list.clientHeight || 600;
    var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
    var last = Math.min(visible.length, Math.ceil((list.scrollTop + height) / ROW) + 8);
    rows.textContent = '';
    for (var position = first; position < last; position++) rows.appendChild(row(position));
  }
  var scheduled = false;
  list.addEventListener('scroll', function () {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () { scheduled = false; renderRows(); });
  });
  window.addEventListener('resize', renderRows);
  function move(by) {
    if (visible.length === 0) return;
    cursor = Math.min(visible.length - 1, Math.max(0, cursor + by));
    var top = cursor * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
    renderRows();
  }
  // Opens a test from elsewhere on the page, showing every test first if a filter or the search hides it.
  function reveal(index) {
    if (!matches(index)) { search.value = ''; query = ''; setStatus('all'); }
    cursor = Math.max(0, visible.indexOf(index));
    open(index);
    move(0);
  }

  // Details, built only when a test is opened.
  function section(title) { return T.section(detail, title); }
  // The details pane emptied for a view that is not a test's, returned.
  function blank() {
    opened = -1;
    renderRows();
    detail.textContent = '';
    detail.scrollTop = 0;
    return detail;
  }
  function messageList(parent, messages) {
    messages.forEach(function (message) {
      var box = add(parent, el('div', 'message ' + message.k));
      var where = [message.k === 'knownIssue' ? 'known issue' : message.k];
      if (message.l) where.push(message.l);
      if (message.c !== undefined) where.push('arguments: ' + message.c);
      add(box, el('div', 'where mono', where.join(' \u00b7 ')));
      add(box, el('pre', null, message.t));
    });
  }
  // Events `start` to `start + count` of `events`, `EVENT_PAGE` at a time: each `[ms from the start
  // of its attempt (or of the run), name, wire format, params]`.
  function timeline(parent, start, count) {
    var listNode = add(parent, el('ol', 'timeline mono'));
    var done = 0, more = null;
    function nextPage() {
      var end = Math.min(count, done + EVENT_PAGE);
      for (var i = done; i < end; i++) {
        var event = events[start + i];
        var item = add(listNode, el('li', 'event'));
        add(item, el('span', 'offset', offset(event[0])));
        add(add(item, el('span', 'ev-name', event[1])), el('span', 'source', event[2]));
        T.objectTree(item, event[3], 1, 'no parameters');
      }
      done = end;
      if (more) more.remove();
      more = null;
      if (done < count) {
        more = add(parent, el('button', 'more', 'Show ' + Math.min(EVENT_PAGE, count - done) + ' more (' + (count - done) + ' left)'));
        more.type = 'button';
        more.addEventListener('click', nextPage);
      }
    }
    nextPage();
  }
  // A retried test's earlier attempts, each with its messages, output and the events sent during it.
  function attempts(test) {
    var retries = section('Retries: ' + test.a.length + ' earlier attempt' + (test.a.length === 1 ? '' : 's'));
    test.a.forEach(function (attempt, number) {
      var box = add(retries, el('div', 'attempt'));
      add(box, el('div', 'head', 'Attempt ' + (number + 1) + ' of ' + (test.a.length + 1) + ': ' + attempt.o + ' in ' + seconds(attempt.d)));
      if (attempt.m) messageList(box, attempt.m);
      if (attempt.out) {
        var outputBox = add(box, el('details'));
        add(outputBox, el('summary', null, 'Output'));
        add(outputBox, el('pre', 'output', attempt.out));
      }
      if (attempt.e) {
        add(box, el('div', 'label', 'Events (' + attempt.e[1] + ')'));
        timeline(box, attempt.e[0], attempt.e[1]);
      }
    });
  }
  function open(index) {
    opened = index;
    var test = tests[index], state = statusOf(test);
    detail.textContent = '';
    detail.scrollTop = 0;
    add(detail, el('h2', null, test.id));
    var factsRow = add(detail, el('div', 'facts'));
    add(factsRow, el('span', 'badge ' + state, LABEL[state]));
    add(factsRow, el('span', null, seconds(test.d)));
    add(factsRow, el('span', null, test.fw === 'xctest' ? 'XCTest' : 'Swift Testing'));
    if (test.loc) add(factsRow, el('span', 'mono', test.loc));
    if (test.n !== undefined) add(factsRow, el('span', null, test.n + (test.n === 1 ? ' case' : ' cases')));
    if (test.a) add(factsRow, el('span', null, (test.a.length + 1) + ' attempts'));
    if (test.m) messageList(section(test.o === 'skipped' ? 'Skipped' : test.o === 'passed' ? 'Issues' : 'Failure'), test.m);
    hook('detail', test, section);
    if (test.a) attempts(test);
    if (test.out) add(section('Output'), el('pre', 'output', test.out));
    // A retried test's own events are its last attempt's; the earlier ones' are under Retries.
    if (test.e) timeline(section((test.a ? 'Events of the last attempt (' : 'Events (') + test.e[1] + ')'), test.e[0], test.e[1]);
    try { history.replaceState(null, '', '#test=' + encodeURIComponent(test.id)); } catch (e) { /* some file:// contexts refuse */ }
  }
  function openUnattributed() {
    blank();
    add(detail, el('h2', null, 'Events not attributed to a test'));
    add(detail, el('p', 'hint', 'Offsets are from the start of the run.'));
    timeline(section('Events (' + data.unattributed[1] + ')'), data.unattributed[0], data.unattributed[1]);
  }

  search.addEventListener('input', function () { query = search.value.trim().toLowerCase(); refilter(); });
  T.listKeys(list, {
    search: search,
    move: move,
    open: function () { if (visible.length) { open(visible[cursor]); renderRows(); } },
    fromField: function (isEnter) { if (isEnter && visible.length) { cursor = 0; open(visible[0]); renderRows(); } }
  });

  // Start: `#test=ID` opens that test, `#status=failed` filters; otherwise the first row is selected
  // (failures sort first).
  var params = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (part) {
    var at = part.indexOf('=');
    if (at > 0) { try { params[part.slice(0, at)] = decodeURIComponent(part.slice(at + 1)); } catch (e) { /* ignore a bad hash */ } }
  });
  setStatus(filterButtons[params.status] ? params.status : 'all');
  if (params.test !== undefined) {
    for (var i = 0; i < visible.length; i++) {
      if (tests[visible[i]].id === params.test) { cursor = i; open(visible[i]); move(0); break; }
    }
  }
  hook('start', params);
  // A failed run with nothing else to show yet (no `#test=`, no verdict view) opens its first failure.
  if (opened === -1 && !detail.querySelector('h2') && visible.length && (tests[visible[0]].o === 'failed' || tests[visible[0]].o === 'error')) {
    open(visible[0]);
    renderRows();
  }
  root.setAttribute('data-render-ms', String(Math.round(performance.now())));
  root.setAttribute('data-ready', 'true');
})(Telltale);
