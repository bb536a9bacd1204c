import TelltaleWebAssets

extension InspectorPage {
    /// Follows `/_telltale/stream` (an `EventSource`, which reconnects by itself and sends the
    /// last id it saw, so the server replays only what it missed; a hello from another server
    /// process starts the page afresh). Events are kept in an array (the newest 100,000) and
    /// drawn in batches, once per animation frame, newest last; at most `MAX_ROWS` rows exist.
    /// Data only ever reaches the page through `textContent`.
    static let script = listAndStreamScript + detailsScript

    /// The header, filters, tabs, rows and the stream: the list half of one script (the
    /// function it opens is closed by `detailsScript`).
    static let listAndStreamScript = #"""
        (function () {
          'use strict';
          var MAX_EVENTS = 100000, MAX_ROWS = 2000;
          var events = [], byId = new Map(), bad = [], sources = {};
          var serverID = null, catalog = false, connected = false, paused = false, missed = 0;
          var selected = null, tab = 'events', pending = [], scheduled = false, stream = null, notes = [];

        \#(WebAssets.domHelpers)  function clock(iso) {
            var date = new Date(iso);
            if (isNaN(date.getTime())) return String(iso);
            function two(n) { return (n < 10 ? '0' : '') + n; }
            var ms = date.getMilliseconds();
            return two(date.getHours()) + ':' + two(date.getMinutes()) + ':' + two(date.getSeconds()) + '.' + (ms < 10 ? '00' : ms < 100 ? '0' : '') + ms;
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
          var pauseButton = add(titleRow, el('button', null, 'Pause'));
          pauseButton.id = 'pause';
          pauseButton.type = 'button';
          pauseButton.title = 'Stop drawing new events (they are still received); p';
          var clearButton = add(titleRow, el('button', null, 'Clear'));
          clearButton.id = 'clear';
          clearButton.type = 'button';
          clearButton.title = 'Remove every captured event from the server (the log file keeps them)';
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
          var eventsTab = add(tabs, el('button', null, 'Events'));
          eventsTab.id = 'tab-events';
          var badTab = add(tabs, el('button', null, 'Bad captures'));
          badTab.id = 'tab-bad';
          [eventsTab, badTab].forEach(function (button) { button.type = 'button'; button.setAttribute('role', 'tab'); });
          eventsTab.addEventListener('click', function () { showTab('events'); });
          badTab.addEventListener('click', function () { showTab('bad'); });

          var layout = add(app, el('main', 'layout'));
          var listPane = add(layout, el('section', 'list-pane'));
          var shown = add(listPane, el('div', 'shown'));
          shown.id = 'shown';
          var table = add(listPane, el('div', 'table'));
          table.id = 'events';
          table.tabIndex = 0;
          table.setAttribute('role', 'listbox');
          table.setAttribute('aria-label', 'Captured events');
          var eventHead = el('div', 'head-row');
          ['time', '', 'source', 'name', 'session', 'test'].forEach(function (title) { add(eventHead, el('span', null, title)); });
          var eventRows = el('div', 'rows');
          var badHead = el('div', 'head-row bad-head');
          ['time', 'status', 'method', 'path', 'reason'].forEach(function (title) { add(badHead, el('span', null, title)); });
          var badRows = el('div', 'rows');
          var detail = add(layout, el('section', 'detail-pane'));
          detail.id = 'event-details';
          detail.setAttribute('aria-live', 'polite');

          function keyHint() {
            var hint = add(detail, el('p', 'hint'));
            [['j', 'k', ' or arrows move, '], ['Enter', null, ' opens, '], ['/', null, ' filters, '], ['p', null, ' pauses, '], ['Esc', null, ' leaves a filter.']].forEach(function (keys) {
              add(hint, el('kbd', null, keys[0]));
              if (keys[1]) { hint.appendChild(document.createTextNode(' / ')); add(hint, el('kbd', null, keys[1])); }
              hint.appendChild(document.createTextNode(keys[2]));
            });
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
          function eventRow(event) {
            var row = el('div', 'event-row');
            row.setAttribute('role', 'option');
            row.setAttribute('data-event-id', event.id);
            row.setAttribute('aria-selected', String(selected === event.id));
            add(row, el('span', 'time mono', clock(event.receivedAt))).title = event.receivedAt;
            add(row, mark(event));
            add(row, el('span', 'source', event.source));
            add(row, el('span', 'name', event.name)).title = event.name;
            add(row, el('span', 'mono', event.session)).title = event.session;
            add(row, el('span', 'mono', event.test === null || event.test === undefined ? '\u2014' : event.test)).title = event.test || 'no test';
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
            add(row, el('span', 'mono', capture.path)).title = capture.path;
            add(row, el('span', null, capture.reason)).title = capture.reason;
            row.addEventListener('click', function () { openBad(index, row); });
            return row;
          }
          function atBottom() { return table.scrollHeight - table.scrollTop - table.clientHeight < 40; }
          function updateCounts() {
            countText.textContent = events.length + (events.length === 1 ? ' event' : ' events') + ' in the page \u00b7 ' + bad.length + ' bad';
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
            var from = Math.max(0, matching.length - MAX_ROWS);
            var fragment = document.createDocumentFragment();
            for (var i = from; i < matching.length; i++) fragment.appendChild(eventRow(matching[i]));
            eventRows.appendChild(fragment);
            if (matching.length === 0) add(eventRows, el('div', 'empty', events.length ? 'No event matches the filters.' : 'No events yet: send some to this server.'));
            shownText(matching.length, events.length);
            matchingCount = matching.length;
            if (follow) table.scrollTop = table.scrollHeight;
          }
          var matchingCount = 0;
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
            var from = Math.max(0, bad.length - MAX_ROWS);
            for (var i = from; i < bad.length; i++) fragment.appendChild(badRow(bad[i], i));
            badRows.appendChild(fragment);
            if (bad.length === 0) add(badRows, el('div', 'empty', 'No bad captures: every request could be read.'));
            shown.textContent = bad.length + ' bad captures (refused requests, with their reasons)';
          }
          function showTab(name) {
            tab = name;
            eventsTab.setAttribute('aria-selected', String(name === 'events'));
            badTab.setAttribute('aria-selected', String(name === 'bad'));
            table.textContent = '';
            if (name === 'events') { add(table, eventHead); add(table, eventRows); refilter(); }
            else { add(table, badHead); add(table, badRows); drawBad(); }
          }

          // Arrivals are drawn once per frame, so thousands a second cost one layout each frame.
          function flush() {
            scheduled = false;
            var batch = pending;
            pending = [];
            updateCounts();
            if (!paused && tab === 'events') appendRows(batch);
          }
          function schedule() {
            if (scheduled) return;
            scheduled = true;
            requestAnimationFrame(flush);
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
              var gone = events.splice(0, MAX_EVENTS / 10);
              gone.forEach(function (old) { byId.delete(old.id); });
              note('The page keeps the newest ' + MAX_EVENTS + ' events; older ones are still on the server (GET /_telltale/events) and in its log.');
            }
            if (paused) missed++;
            pending.push(event);
            schedule();
          }
          function note(text) {
            if (notes.indexOf(text) !== -1) return;
            notes.push(text);
            add(noteBox, el('div', null, text));
          }
          function clearPage() {
            events = []; byId = new Map(); pending = []; missed = 0; matchingCount = 0;
            if (selected !== null) { selected = null; detail.textContent = ''; keyHint(); }
            updateCounts();
            refilter();
          }
          function setStatus() {
            status.className = 'status ' + (paused ? 'paused' : connected ? 'live' : 'reconnecting');
            status.textContent = paused ? 'paused' : connected ? 'live' : 'reconnecting\u2026';
          }

          // The stream.
          function connect() {
            stream = new EventSource('/_telltale/stream');
            var mine = stream;
            stream.onopen = function () { if (mine === stream) { connected = true; setStatus(); } };
            stream.onerror = function () { if (mine === stream) { connected = false; setStatus(); } };
            stream.addEventListener('hello', function (message) {
              if (mine !== stream) return;
              var hello = JSON.parse(message.data);
              if (serverID !== null && hello.server !== serverID) {
                // Another server process: its ids start again, so the id this stream resumed
                // from means nothing to it. Start afresh, with a stream that replays everything.
                serverID = hello.server;
                stream.close();
                bad = [];
                clearPage();
                drawBad();
                note('The capture server restarted at ' + clock(new Date().toISOString()) + ': the page started afresh.');
                connect();
                return;
              }
              serverID = hello.server;
              catalog = hello.catalog;
              catalogText.textContent = catalog ? 'checked against a tracking plan' : 'no tracking plan (start with --catalog to check events)';
              if (hello.maxEvents) catalogText.textContent += ' \u00b7 the server keeps the newest ' + hello.maxEvents + ' in memory';
              connected = true;
              setStatus();
              fetch('/_telltale/bad').then(function (answer) { return answer.json(); }).then(function (body) {
                if (mine !== stream) return;
                bad = body.bad || [];
                updateCounts();
                drawBad();
              }).catch(function () { /* the stream carries later ones */ });
            });
            stream.addEventListener('capture', function (message) { if (mine === stream) store(JSON.parse(message.data)); });
            stream.addEventListener('bad', function (message) {
              if (mine !== stream) return;
              bad.push(JSON.parse(message.data));
              updateCounts();
              drawBad();
            });
            stream.addEventListener('reset', function (message) {
              if (mine !== stream) return;
              var reset = JSON.parse(message.data);
              if (reset.session === null || reset.session === undefined) {
                clearPage();
                bad = [];
                drawBad();
              } else {
                events = events.filter(function (event) {
                  if (event.session !== reset.session) return true;
                  byId.delete(event.id);
                  return false;
                });
                if (selected !== null && !byId.has(selected)) { selected = null; detail.textContent = ''; keyHint(); }
                updateCounts();
                refilter();
              }
            });
            stream.addEventListener('dropped', function (message) {
              if (mine !== stream) return;
              var dropped = JSON.parse(message.data);
              note('The server keeps only its newest events in memory (--max-events): those before ' + dropped.before + ' are only in its log now.');
            });
          }

        """#
}
