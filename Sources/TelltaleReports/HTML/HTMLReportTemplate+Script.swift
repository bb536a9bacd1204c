import TelltaleWebAssets

extension HTMLReportTemplate {
    /// The page's behaviour: the list (built lazily), filters, search, keyboard, and each
    /// test's details on demand. Data comes only from the JSON block, written with textContent.
    static let script = script(ScriptHooks())
    /// The same, with the run's analytics verdict (`data.verification`) shown: for records that have one.
    static let scriptWithAnalytics = script(.analytics)

    /// The script for a record: the plain one, or with the analytics verdict, the run history
    /// and quarantine, the rich results (names, tags, bugs, cases, attachments) and code
    /// coverage, as the record has them.
    static func script(analytics: Bool, history: Bool, richResults: Bool, coverage: Bool = false, stress: Bool = false) -> String {
        if !richResults, !coverage, !stress {
            switch (analytics, history) {
            case (false, false): return script
            case (true, false): return scriptWithAnalytics
            default: break
            }
        }
        var hooks = analytics ? ScriptHooks.analytics : ScriptHooks()
        if history { hooks = hooks + .history }
        if richResults { hooks = hooks + .richResults }
        if coverage { hooks = hooks + .coverage }
        if stress { hooks = hooks + .stress }
        return script(hooks)
    }

    private static func script(_ hooks: ScriptHooks) -> String {
        #"""
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('telltale-data').textContent);
          var tests = data.tests, events = data.events, run = data.run, totals = data.totals;
          var ROW = 30, EVENT_PAGE = 200;
          var root = document.documentElement;

        \#(WebAssets.domHelpers)  function seconds(value) {
            if (value < 1) return Math.round(value * 1000) + ' ms';
            if (value < 60) return value.toFixed(2) + ' s';
            var minutes = Math.floor(value / 60);
            return minutes + ' min ' + Math.round(value - minutes * 60) + ' s';
          }
          function offset(ms) {
            return (ms < 0 ? '\u2212' : '+') + (Math.abs(ms) / 1000).toFixed(3) + ' s';
          }
          function statusOf(test) { return test.fl ? 'flaky' : test.o; }
          var LABEL = { passed: 'PASS', failed: 'FAIL', error: 'ERROR', skipped: 'SKIP', flaky: 'FLAKY' };

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
          var header = add(app, el('header', 'top'));
          var titleRow = add(header, el('div', 'title-row'));
          add(titleRow, el('h1', null, 'Telltale \u00b7 ' + run.name));
          var failedCount = totals.failed + totals.errors;
        \#(hooks.verdict)  add(titleRow, el('span', 'verdict ' + (failedCount > 0 ? 'failed' : 'passed'), failedCount > 0 ? 'FAILED' : 'PASSED'));
          add(titleRow, el('span', 'spacer-flex'));
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
          facts.push(run.host + ' (' + run.os + ')');
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
          }
          var counted = totals.tests - totals.skipped;
          stat('tests', 'tests', totals.tests, false);
          stat('passed', 'passed', totals.passed, totals.passed === 0);
          stat('failed', 'failed', totals.failed, totals.failed === 0);
          stat('errors', 'errors', totals.errors, totals.errors === 0);
          stat('skipped', 'skipped', totals.skipped, totals.skipped === 0);
          stat('flaky', 'flaky', totals.flaky, totals.flaky === 0);
          if (counted > 0) stat('pass-rate', 'pass rate', (Math.floor(totals.passed / counted * 1000) / 10).toFixed(1) + '%', false);
          stat('duration', 'duration', seconds(run.duration), false);
          if (run.events > 0) stat('events', 'events', run.events, false);

        \#(hooks.stats)  if (run.notes && run.notes.length) {
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

        \#(hooks.header)  // The list: filters, search, and a virtualised list of rows.
          var layout = add(app, el('main', 'layout'));
          var listPane = add(layout, el('section', 'list-pane'));
          var controls = add(listPane, el('div', 'controls'));
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
        \#(hooks.filters)  var filterButtons = {};
          FILTERS.forEach(function (pair) {
            if (pair[0] !== 'all' && counts[pair[0]] === 0) return;
            var button = add(filters, el('button', null, pair[1] + ' ' + counts[pair[0]]));
            button.type = 'button';
            button.setAttribute('data-status', pair[0]);
            button.addEventListener('click', function () { setStatus(pair[0]); });
            filterButtons[pair[0]] = button;
          });
          var shown = add(listPane, el('div', 'shown'));
          shown.id = 'shown';
          var list = add(listPane, el('div', 'list'));
          list.id = 'list';
          list.tabIndex = 0;
          list.setAttribute('role', 'listbox');
          list.setAttribute('aria-label', 'Tests');
          var rows = add(list, el('div', 'rows'));

          var detail = add(layout, el('section', 'detail-pane'));
          detail.id = 'detail';
          detail.setAttribute('aria-live', 'polite');
          var hint = add(detail, el('p', 'hint'));
          [['j', 'k', ' or arrows move, '], ['Enter', null, ' opens, '], ['/', null, ' searches, '], ['Esc', null, ' leaves the search.']].forEach(function (keys) {
            add(hint, el('kbd', null, keys[0]));
            if (keys[1]) { hint.appendChild(document.createTextNode(' / ')); add(hint, el('kbd', null, keys[1])); }
            hint.appendChild(document.createTextNode(keys[2]));
          });

          var lowerIDs = tests.map(function (test) { return test.id.toLowerCase(); });
          var status = 'all', query = '', visible = [], cursor = 0, opened = -1;

          function matches(index) {
            var test = tests[index];
        \#(hooks.matches)    if (status === 'flaky' ? !test.fl : status !== 'all' && test.o !== status) return false;
            return query === '' || lowerIDs[index].indexOf(query) !== -1;
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
        \#(hooks.row)    add(node, el('span', 'dur', seconds(test.d)));
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

          // Details, built only when a test is opened.
        \#(WebAssets.detailSection)  function messageList(parent, messages) {
            messages.forEach(function (message) {
              var box = add(parent, el('div', 'message ' + message.k));
              var where = [message.k === 'knownIssue' ? 'known issue' : message.k];
              if (message.l) where.push(message.l);
              if (message.c !== undefined) where.push('arguments: ' + message.c);
              add(box, el('div', 'where mono', where.join(' \u00b7 ')));
              add(box, el('pre', null, message.t));
            });
          }
        \#(WebAssets.jsonTree(openDepth: 1))  function timeline(parent, start, count) {
            var listNode = add(parent, el('ol', 'timeline mono'));
            var done = 0;
            function page() {
              var end = Math.min(count, done + EVENT_PAGE);
              for (var i = done; i < end; i++) {
                var event = events[start + i];
                var item = add(listNode, el('li', 'event'));
                add(item, el('span', 'offset', offset(event[0])));
                var name = add(item, el('span', 'ev-name', event[1]));
                add(name, el('span', 'source', event[2]));
                var params = add(item, el('ul', 'tree root'));
                var keys = Object.keys(event[3]);
                if (keys.length === 0) add(params, el('li', 'count', 'no parameters'));
                keys.forEach(function (key) { tree(params, key, event[3][key], 0); });
              }
              done = end;
              if (more) more.remove();
              more = null;
              if (done < count) {
                more = add(parent, el('button', 'more', 'Show ' + Math.min(EVENT_PAGE, count - done) + ' more (' + (count - done) + ' left)'));
                more.type = 'button';
                more.addEventListener('click', page);
              }
            }
            var more = null;
            page();
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
        \#(hooks.detail)    if (test.a) {
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
              });
            }
            if (test.out) add(section('Output'), el('pre', 'output', test.out));
            if (test.e) timeline(section('Events (' + test.e[1] + ')'), test.e[0], test.e[1]);
            try { history.replaceState(null, '', '#test=' + encodeURIComponent(test.id)); } catch (e) { /* some file:// contexts refuse */ }
          }
          function openUnattributed() {
            opened = -1;
            detail.textContent = '';
            add(detail, el('h2', null, 'Events not attributed to a test'));
            add(detail, el('p', 'hint', 'Offsets are from the start of the run.'));
            timeline(section('Events (' + data.unattributed[1] + ')'), data.unattributed[0], data.unattributed[1]);
          }

        \#(hooks.functions)  search.addEventListener('input', function () { query = search.value.trim().toLowerCase(); refilter(); });
          document.addEventListener('keydown', function (event) {
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            if (event.target === search) {
              if (event.key === 'Escape') { search.blur(); list.focus(); }
              else if (event.key === 'Enter' || event.key === 'ArrowDown') {
                event.preventDefault();
                list.focus();
                if (event.key === 'Enter' && visible.length) { cursor = 0; open(visible[0]); renderRows(); }
              }
              return;
            }
            if (event.target && (event.target.tagName === 'INPUT' || event.target.tagName === 'TEXTAREA')) return;
            switch (event.key) {
              case '/': event.preventDefault(); search.focus(); search.select(); break;
              case 'j': case 'ArrowDown': event.preventDefault(); move(1); break;
              case 'k': case 'ArrowUp': event.preventDefault(); move(-1); break;
              case 'Home': event.preventDefault(); move(-visible.length); break;
              case 'End': event.preventDefault(); move(visible.length); break;
              case 'PageDown': event.preventDefault(); move(Math.floor(list.clientHeight / ROW)); break;
              case 'PageUp': event.preventDefault(); move(-Math.floor(list.clientHeight / ROW)); break;
              case 'Enter': case 'o':
                if (event.target && event.target.tagName === 'BUTTON') return;
                if (visible.length) { event.preventDefault(); open(visible[cursor]); renderRows(); }
                break;
            }
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
        \#(hooks.start)  // A failed run with nothing else to show yet (no `#test=`, no verdict view) opens its first failure.
          if (opened === -1 && !detail.querySelector('h2') && visible.length && (tests[visible[0]].o === 'failed' || tests[visible[0]].o === 'error')) {
            open(visible[0]);
            renderRows();
          }
          root.setAttribute('data-render-ms', String(Math.round(performance.now())));
          root.setAttribute('data-ready', 'true');
        })();

        """#
    }
}
