extension HTMLReportTemplate.ScriptHooks {
    /// The analytics verdict: a figure for tracking-plan coverage and one for the tests whose
    /// checks failed, a header button and a filter for them, a mark on their rows, the run's
    /// Analytics view (shown under the key hint until a test is opened, and at `#analytics`),
    /// and each test's checks beside its messages. Like the rest of the page, it builds every
    /// element with `textContent`.
    static let analytics = Self(
        verdict: lines(
            #"""
              // Tracking-plan violations of events sent outside any test fail the run, as a failed test does.
              var verification = data.verification;
              failedCount += verification.unattributed.length;
            """#),
        stats: lines(
            #"""
              if (verification.coverage) {
                var planned = verification.coverage.length, sent = planned - unsent().length;
                stat('coverage', 'plan coverage', planned ? (Math.floor(sent / planned * 1000) / 10).toFixed(1) + '%' : '100.0%', false);
                stats.lastChild.title = sent + ' of ' + planned + ' events in the tracking plan were sent';
              }
              var checksFailed = verification.failed.length + (verification.others ? verification.others.length : 0);
              stat('analytics', 'analytics failed', checksFailed, checksFailed === 0);
              stats.lastChild.title = 'Tests whose analytics checks failed, of ' + verification.checked + ' checked';
            """#),
        header: lines(
            #"""
              var analyticsParts = [];
              if (checksFailed) analyticsParts.push(plural(checksFailed, 'test') + ' failed checks');
              if (verification.unattributed.length) analyticsParts.push(plural(verification.unattributed.length, 'violation') + ' outside tests');
              if (verification.unused.length) analyticsParts.push(plural(verification.unused.length, 'unused selector'));
              var analyticsButton = add(header, el('button', 'analytics-button' + (verification.ok ? '' : ' failed'),
                'Analytics: ' + (analyticsParts.length ? analyticsParts.join(', ') : 'every check passed')));
              analyticsButton.type = 'button';
              analyticsButton.addEventListener('click', openAnalytics);
            """#),
        filters: lines(
            #"""
              counts.analytics = verification.failed.length;
              FILTERS.push(['analytics', 'Analytics failed']);
            """#),
        matches: lines(
            #"""
                if (status === 'analytics') return failedChecks(test.v) && (query === '' || lowerIDs[index].indexOf(query) !== -1);
            """#),
        row: lines(
            #"""
                if (failedChecks(test.v)) add(node, el('span', 'vtag', 'analytics')).title = 'Analytics checks failed: ' + checkSummary(test.v);
            """#),
        detail: lines(
            #"""
                if (test.v) verificationBlock(section('Analytics checks'), test.v);
            """#),
        functions: lines(
            #"""
              // Analytics: the run's verdict (plan expectations, tracking plan, coverage) and each test's.
              function words(kind) { return kind.replace(/([A-Z])/g, ' $1').toLowerCase(); }
              function plural(count, one) { return count + ' ' + (count === 1 ? one : one + 's'); }
              function failedChecks(v) { return !!(v && (v.f || v.x)); }
              function unsent() { return (verification.coverage || []).filter(function (entry) { return entry[1] === 0; }); }
              function eventIDs(ids, more) {
                return ids.map(function (id) { return '#' + id; }).join(', ') + (more ? ', \u2026 ' + more + ' more' : '');
              }
              function shortJSON(value) {
                var text = JSON.stringify(value);
                return text.length > 160 ? text.slice(0, 159) + '\u2026' : text;
              }
              function checkSummary(v) {
                var counts = {}, kinds = [];
                (v.f || []).forEach(function (failure) {
                  if (!counts[failure.k]) { counts[failure.k] = 0; kinds.push(failure.k); }
                  counts[failure.k]++;
                });
                var parts = kinds.map(function (kind) { return plural(counts[kind], words(kind)); });
                if (v.x) parts.push(plural(v.x.length, 'tracking-plan violation'));
                return parts.join(', ');
              }
              function block(parent, title) {
                var node = add(parent, el('section', 'block'));
                add(node, el('h3', null, title));
                return node;
              }
              function violationTable(parent, violations) {
                var table = add(parent, el('table', 'vtable'));
                var head = add(add(table, el('thead')), el('tr'));
                ['kind', 'event', 'path', 'expected', 'actual', 'count'].forEach(function (title) { add(head, el('th', null, title)); });
                var body = add(table, el('tbody'));
                violations.forEach(function (violation) {
                  var row = add(body, el('tr'));
                  add(row, el('td', 'vkind', words(violation.k)));
                  add(row, el('td', 'mono', violation.ev));
                  add(row, el('td', 'mono', violation.p || '\u2014'));
                  add(row, el('td', 'mono value', violation.e));
                  var actual = violation.a !== undefined ? violation.a : violation.k === 'missingRequired' ? 'missing' : '\u2014';
                  add(row, el('td', 'mono value' + (actual === '\u2014' ? '' : ' vactual'), actual));
                  var count = add(row, el('td', 'num', violation.n));
                  if (violation.ids) count.title = eventIDs(violation.ids, violation.more);
                });
              }
              // A near miss: the params that differ from the expectation marked, then the event's other params.
              function closestEvent(parent, event) {
                var box = add(parent, el('div', 'closest'));
                var head = add(box, el('div', 'vhead'));
                add(head, el('span', 'ev-name', event.ev));
                add(head, el('span', 'mono vnote', '#' + event.id));
                if (event.other) add(head, el('span', 'vnote', 'another event'));
                if (event.p > 0) add(head, el('span', 'vnote', event.m + ' of ' + event.p + ' params match'));
                if (event.at !== undefined) add(head, el('span', 'mono vnote', offset(event.at)));
                var body = add(add(box, el('table', 'vparams mono')), el('tbody'));
                var differing = {};
                event.d.forEach(function (difference) {
                  differing[difference.p.split(/[.\[]/)[0]] = true;
                  var row = add(body, el('tr', 'vdiff'));
                  add(row, el('td', 'mark', '\u2260')).title = 'differs from the expectation';
                  add(row, el('td', 'k', difference.p));
                  var value = add(row, el('td', 'value'));
                  add(value, el('span', 'vactual', difference.a === undefined ? 'missing' : difference.a));
                  value.appendChild(document.createTextNode(' \u00b7 '));
                  add(value, el('span', 'vexpected', 'expected ' + difference.e));
                });
                var others = Object.keys(event.params).filter(function (key) { return !differing[key]; });
                others.slice(0, 12).forEach(function (key) {
                  var row = add(body, el('tr', 'vsame'));
                  add(row, el('td', 'mark'));
                  add(row, el('td', 'k', key));
                  add(row, el('td', 'value', shortJSON(event.params[key])));
                });
                if (others.length > 12) add(add(body, el('tr', 'vsame')), el('td', null, '\u2026 ' + (others.length - 12) + ' more params')).colSpan = 3;
              }
              // One test's checks: each failed expectation (kind, event, plan line, the events involved,
              // the closest events), then its tracking-plan violations. The message itself is left out
              // when the test's messages above already hold it.
              function verificationBlock(parent, v) {
                var failed = failedChecks(v);
                add(parent, el('div', 'vsum' + (failed ? ' failed' : ''), plural(v.n, 'event') + ' \u00b7 ' + (failed ? checkSummary(v) : 'every check passed')));
                (v.f || []).forEach(function (failure) {
                  var box = add(parent, el('div', 'vfail'));
                  var head = add(box, el('div', 'vhead'));
                  add(head, el('span', 'vkind', words(failure.k)));
                  if (failure.ev) add(head, el('span', 'ev-name', failure.ev));
                  if (failure.l) add(head, el('span', 'mono vnote', 'plan ' + failure.l));
                  if (failure.ids) add(head, el('span', 'mono vnote', eventIDs(failure.ids, failure.more)));
                  if (failure.t) add(box, el('pre', 'vtext', failure.t));
                  if (failure.c) {
                    add(box, el('div', 'vlabel', 'closest captured ' + (failure.c.length === 1 ? 'event' : 'events')));
                    failure.c.forEach(function (event) { closestEvent(box, event); });
                  }
                });
                if (v.x) {
                  add(parent, el('div', 'vlabel', 'tracking plan'));
                  violationTable(parent, v.x);
                }
              }
              // Opens a test from the Analytics view, showing every test first if the filter or search hides it.
              function jumpTo(index) {
                if (!matches(index)) { search.value = ''; query = ''; setStatus('all'); }
                cursor = Math.max(0, visible.indexOf(index));
                open(index);
                move(0);
              }
              function openOther(other) {
                opened = -1;
                detail.textContent = '';
                detail.scrollTop = 0;
                add(detail, el('h2', null, other.id));
                add(detail, el('p', 'hint', 'This test sent events but is not in the test list (it did not run, or ran in another shard).'));
                verificationBlock(section('Analytics checks'), other.v);
              }
              function showAnalytics(parent) {
                var view = add(parent, el('div', 'analytics'));
                view.id = 'analytics';
                var heading = add(view, el('h2', null, 'Analytics'));
                heading.appendChild(document.createTextNode(' '));
                add(heading, el('span', 'verdict ' + (verification.ok ? 'passed' : 'failed'), verification.ok ? 'PASSED' : 'FAILED'));
                var factsRow = add(view, el('div', 'facts'));
                add(factsRow, el('span', null, plural(verification.events, 'event') + ' captured'));
                if (verification.unattributedEvents > 0 && data.unattributed[1] > 0) {
                  var orphans = add(factsRow, el('button', 'link', verification.unattributedEvents + ' attributed to no test'));
                  orphans.type = 'button';
                  orphans.addEventListener('click', openUnattributed);
                } else {
                  add(factsRow, el('span', null, verification.unattributedEvents + ' attributed to no test'));
                }
                add(factsRow, el('span', null, plural(verification.checked, 'test') + ' checked'));

                var failedEntries = verification.failed.map(function (index) { return { index: index, id: tests[index].id, v: tests[index].v }; })
                  .concat((verification.others || []).map(function (other) { return { index: -1, id: other.id, v: other.v, other: other }; }));
                if (failedEntries.length) {
                  var failedBlock = block(view, 'Tests whose analytics checks failed (' + failedEntries.length + ')');
                  var failedList = add(failedBlock, el('ul', 'vtests'));
                  var shownEntries = 0, more = null;
                  var page = function () {
                    var end = Math.min(failedEntries.length, shownEntries + 100);
                    for (var i = shownEntries; i < end; i++) {
                      var entry = failedEntries[i];
                      var item = add(failedList, el('li'));
                      var link = add(item, el('button', 'link mono', entry.id));
                      link.type = 'button';
                      link.addEventListener('click', entry.other ? openOther.bind(null, entry.other) : jumpTo.bind(null, entry.index));
                      add(item, el('span', 'vnote', checkSummary(entry.v) + (entry.other ? ' \u00b7 not in the test list' : '')));
                    }
                    shownEntries = end;
                    if (more) more.remove();
                    more = null;
                    if (shownEntries < failedEntries.length) {
                      more = add(failedBlock, el('button', 'more', 'Show ' + Math.min(100, failedEntries.length - shownEntries) + ' more (' + (failedEntries.length - shownEntries) + ' left)'));
                      more.type = 'button';
                      more.addEventListener('click', page);
                    }
                  };
                  page();
                } else {
                  add(view, el('p', 'vsum', 'Every test passed its analytics checks.'));
                }

                if (verification.coverage) {
                  var planned = verification.coverage.length, missing = unsent().length;
                  var coverageBlock = block(view, 'Tracking-plan coverage: ' + (planned - missing) + ' of ' + planned + ' planned events sent');
                  if (missing) add(coverageBlock, el('p', 'vnote', plural(missing, 'planned event') + ' never sent, marked'));
                  var grid = add(coverageBlock, el('ul', 'coverage'));
                  verification.coverage.forEach(function (entry) {
                    var item = add(grid, el('li', entry[1] === 0 ? 'unsent' : null));
                    add(item, el('span', 'name mono', entry[0]));
                    add(item, el('span', 'count', entry[1] === 0 ? 'never sent' : entry[1]));
                  });
                }
                if (verification.unattributed.length) {
                  violationTable(block(view, 'Tracking-plan violations by events outside any test (' + verification.unattributed.length + ')'), verification.unattributed);
                }
                if (verification.unused.length) {
                  var unusedBlock = block(view, 'Expectations that selected no test (' + verification.unused.length + ')');
                  add(unusedBlock, el('p', 'vnote', 'A typo in the selector, or its tests did not run.'));
                  var unusedList = add(unusedBlock, el('ul', 'vunused mono'));
                  verification.unused.forEach(function (selector) { add(unusedList, el('li', null, selector)); });
                }
              }
              function openAnalytics() {
                opened = -1;
                detail.textContent = '';
                detail.scrollTop = 0;
                showAnalytics(detail);
                renderRows();
                try { history.replaceState(null, '', '#analytics'); } catch (e) { /* some file:// contexts refuse */ }
              }

            """#),
        start: lines(
            #"""
              if (opened === -1) { if (location.hash === '#analytics') openAnalytics(); else showAnalytics(detail); }
            """#)
    )

    static func lines(_ code: String) -> String { code + "\n" }
}

extension HTMLReportTemplate {
    /// Styles for the analytics verdict, added after `css` only when the page shows one.
    static let analyticsCSS = #"""
        .analytics-button { margin-top: 8px; }
        .orphans + .analytics-button { margin-left: 6px; }
        .analytics-button.failed { border-color: var(--fail); }
        .stat.analytics:not(.zero) .value { color: var(--fail); }
        .row .vtag { font-size: 11px; line-height: 15px; color: var(--fail); border: 1px solid var(--fail); border-radius: 4px; padding: 0 4px; }
        .analytics > h2 .verdict { margin-left: 4px; vertical-align: 2px; }
        .vsum { color: var(--muted); font-size: 12.5px; margin: 2px 0 4px; }
        .vsum.failed { color: var(--fail); }
        .vfail { border-left: 3px solid var(--fail); background: var(--code); padding: 6px 10px; margin: 6px 0; border-radius: 0 6px 6px 0; }
        .vhead { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: baseline; }
        .vkind { font-weight: 600; color: var(--fail); white-space: nowrap; }
        .vnote { color: var(--muted); font-size: 12px; }
        .vtext { margin-top: 4px; }
        .analytics p.vnote { margin: 2px 0 6px; }
        .vlabel { color: var(--muted); font-size: 12px; margin: 8px 0 2px; }
        .closest { border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; margin: 4px 0; background: var(--bg); }
        table.vparams, table.vtable { border-collapse: collapse; margin-top: 2px; font-size: 12.5px; }
        table.vtable { width: 100%; }
        table.vparams td, table.vtable td, table.vtable th { padding: 2px 10px 2px 0; vertical-align: top; text-align: left; overflow-wrap: break-word; }
        table.vparams td.value, table.vtable td.value { overflow-wrap: anywhere; }
        table.vparams td.mark { width: 1.4em; padding-left: 4px; }
        table.vparams td.k { color: var(--accent); white-space: nowrap; }
        table.vparams tr.vdiff td { background: color-mix(in srgb, var(--fail) 12%, transparent); }
        table.vparams tr.vdiff td.mark, table.vparams tr.vdiff td.k, table.vparams tr.vdiff .vactual { color: var(--fail); font-weight: 600; }
        table.vparams tr.vdiff .vexpected { color: var(--fg); }
        table.vparams tr.vsame td { color: var(--muted); }
        table.vtable th { color: var(--muted); font-weight: 600; font-size: 12px; border-bottom: 1px solid var(--line); white-space: nowrap; }
        table.vtable td.vkind { white-space: nowrap; }
        table.vtable td { border-bottom: 1px solid var(--line); }
        table.vtable td.vactual { color: var(--fail); }
        table.vtable td.num, table.vtable th:last-child { text-align: right; padding-right: 0; }
        .analytics .facts .link { font-size: inherit; }
        button.link { background: none; border: none; border-radius: 0; padding: 0; color: var(--accent); text-decoration: underline; text-align: left; word-break: break-all; }
        button.link:hover { background: none; }
        ul.vtests, ul.vunused { list-style: none; padding: 0; margin: 0; }
        ul.vtests li { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: baseline; padding: 2px 0; }
        ul.coverage { list-style: none; padding: 0; margin: 4px 0 0; display: flex; flex-wrap: wrap; gap: 4px; }
        ul.coverage li { border: 1px solid var(--line); border-radius: 4px; padding: 0 6px; }
        ul.coverage li .count { color: var(--muted); margin-left: 6px; font-size: 12px; }
        ul.coverage li.unsent { border-color: var(--fail); background: color-mix(in srgb, var(--fail) 10%, transparent); }
        ul.coverage li.unsent .count { color: var(--fail); font-weight: 600; }

        """#
}
