import TelltaleWebAssets

extension InspectorPage {
    /// The details pane of the inspector's script (a tree of params and the raw body) and the
    /// end of the function `listAndStreamScript` opens: the two are one script, in two files.
    static let detailsScript = #"""
          // Details.
        \#(WebAssets.detailSection)\#(WebAssets.jsonTree(openDepth: 2))  function fact(list, term, value) {
            add(list, el('dt', null, term));
            add(list, el('dd', 'mono', value));
          }
          function showEvent(event, inPage) {
            detail.textContent = '';
            detail.scrollTop = 0;
            add(detail, el('h2', null, event.name));
            if (!inPage) add(detail, el('p', 'hint', 'Read from the server: not among the events this page holds.'));
            var facts = add(detail, el('dl', 'facts'));
            fact(facts, 'id', event.id);
            fact(facts, 'received', event.receivedAt);
            fact(facts, 'source', event.source);
            fact(facts, 'session', event.session);
            fact(facts, 'test', event.test === null || event.test === undefined ? '\u2014' : event.test);
            if (event.check) {
              var verdict = section('Tracking plan');
              if (event.check.valid) add(verdict, el('p', 'verdict-good', '\u2713 keeps the tracking plan'));
              else {
                add(verdict, el('p', 'verdict-bad', '\u2717 breaks the tracking plan: ' + event.check.violations.length + (event.check.violations.length === 1 ? ' violation' : ' violations')));
                event.check.violations.forEach(function (violation) {
                  var box = add(verdict, el('div', 'violation'));
                  add(box, el('div', 'where mono', violation.kind + (violation.path ? ' \u00b7 ' + violation.path : '')));
                  add(box, el('div', null, violation.message));
                  var expected = 'expected ' + violation.expected + (violation.actual !== null && violation.actual !== undefined ? ' \u00b7 actual ' + violation.actual : '');
                  add(box, el('div', 'where mono', expected));
                });
              }
            }
            var params = section('Params');
            var root = add(params, el('ul', 'tree root'));
            var keys = Object.keys(event.params || {});
            if (keys.length === 0) add(root, el('li', 'count', 'no params'));
            keys.forEach(function (key) { tree(root, key, event.params[key], 0); });
            if (event.raw !== undefined) {
              var raw = section('Raw body, as received');
              add(raw, el('pre', 'raw', typeof event.raw === 'string' ? event.raw : JSON.stringify(event.raw, null, 2)));
            }
            var whole = add(section('Stored event'), el('details'));
            add(whole, el('summary', null, 'JSON'));
            var copy = {};
            Object.keys(event).forEach(function (key) { if (key.charAt(0) !== '_') copy[key] = event[key]; });
            add(whole, el('pre', 'raw', JSON.stringify(copy, null, 2)));
          }
          function openBad(index, row) {
            var capture = bad[index];
            Array.prototype.forEach.call(badRows.querySelectorAll('[aria-selected="true"]'), function (node) { node.setAttribute('aria-selected', 'false'); });
            if (row) row.setAttribute('aria-selected', 'true');
            detail.textContent = '';
            add(detail, el('h2', null, 'Refused: ' + capture.status + ' ' + capture.method + ' ' + capture.path));
            var facts = add(detail, el('dl', 'facts'));
            fact(facts, 'id', capture.id);
            fact(facts, 'received', capture.receivedAt);
            fact(facts, 'session', capture.session);
            fact(facts, 'content type', capture.contentType || '\u2014');
            fact(facts, 'body', capture.bodySize + ' bytes');
            add(section('Reason'), el('p', null, capture.reason));
            add(section('Body (the first bytes)'), el('pre', 'raw', capture.bodySample));
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
            if (event) showEvent(event, true);
            else {
              detail.textContent = '';
              add(detail, el('p', 'hint', 'Loading event ' + id + '\u2026'));
              fetch('/_telltale/events/' + encodeURIComponent(id)).then(function (answer) {
                return answer.json().then(function (body) { return { ok: answer.ok, body: body }; });
              }).then(function (result) {
                if (selected !== id) return;
                if (result.ok) showEvent(result.body, false);
                else { detail.textContent = ''; add(detail, el('p', 'hint', result.body.error || ('No event ' + id + '.'))); }
              }).catch(function () { detail.textContent = ''; add(detail, el('p', 'hint', 'Could not reach the server for event ' + id + '.')); });
            }
            try { history.replaceState(null, '', '#event=' + encodeURIComponent(id)); } catch (e) { /* ignore */ }
          }
          function cssEscape(text) { return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, '\\$&'); }
          function move(by) {
            var rows = tab === 'events' ? eventRows.querySelectorAll('.event-row') : badRows.querySelectorAll('.bad-row');
            if (rows.length === 0) return;
            var current = -1;
            for (var i = 0; i < rows.length; i++) if (rows[i].getAttribute('aria-selected') === 'true') { current = i; break; }
            var next = current === -1 ? (by > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, current + by));
            var row = rows[next];
            if (tab === 'events') select(row.getAttribute('data-event-id'), false);
            else { openBad(Number(row.getAttribute('data-bad-index')), row); row.scrollIntoView({ block: 'nearest' }); }
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
          document.addEventListener('keydown', function (event) {
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            var target = event.target;
            var typing = target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA');
            if (typing) {
              if (event.key === 'Escape') { target.blur(); table.focus(); }
              else if (event.key === 'Enter' && target.tagName === 'INPUT' && target.type !== 'checkbox') { event.preventDefault(); table.focus(); move(1); }
              return;
            }
            switch (event.key) {
              case '/': event.preventDefault(); textFilter.focus(); textFilter.select(); break;
              case 'j': case 'ArrowDown': event.preventDefault(); move(1); break;
              case 'k': case 'ArrowUp': event.preventDefault(); move(-1); break;
              case 'Home': event.preventDefault(); move(-MAX_ROWS); break;
              case 'End': event.preventDefault(); move(MAX_ROWS); break;
              case 'Enter': case 'o':
                if (target && target.tagName === 'BUTTON') return;
                event.preventDefault();
                if (selected !== null && tab === 'events') select(selected, false); else move(1);
                break;
              case 'p': event.preventDefault(); pauseButton.click(); break;
              case 'Escape':
                selected = null;
                Array.prototype.forEach.call(document.querySelectorAll('[aria-selected="true"].event-row, [aria-selected="true"].bad-row'), function (node) { node.setAttribute('aria-selected', 'false'); });
                detail.textContent = '';
                keyHint();
                break;
            }
          });
          window.addEventListener('hashchange', function () { var id = hashEvent(); if (id !== null && id !== selected) select(id, false); });

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
          connect();
          document.documentElement.setAttribute('data-ready', 'true');
        })();

        """#
}
