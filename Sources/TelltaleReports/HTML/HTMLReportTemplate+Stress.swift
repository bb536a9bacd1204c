extension HTMLReportTemplate {
    /// The Stress section (`--stress-new`): the stressed tests, why, their runs and verdict.
    static let stressCSS = #"""
        .stress { margin-top: 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); padding: 6px 12px; }
        .stress > summary { font-weight: 600; cursor: pointer; }
        table.stressed { border-collapse: collapse; font-size: 12.5px; margin: 6px 0; }
        table.stressed th, table.stressed td { padding: 2px 12px 2px 0; text-align: left; vertical-align: top; }
        table.stressed th { color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--line); }
        table.stressed tbody tr { cursor: pointer; } table.stressed tbody tr:hover { background: var(--hover); }
        .verdict-flakyOnArrival, .verdict-failing { color: var(--fail); font-weight: 600; }
        .verdict-stable { color: var(--pass); } .verdict-skipped { color: var(--skip); }
        .htag.arrival { color: var(--flaky); }

        """#
}

extension HTMLReportTemplate.ScriptHooks {
    static let stress = Self(
        header: lines(
            #"""
              var stressed = tests.filter(function (t) { return t.st; });
              if (stressed.length) stressSection(header);
            """#),
        row: lines(
            #"""
                if (test.st && test.st.v === 'flakyOnArrival') add(node, el('span', 'htag arrival', 'flaky on arrival')).title = 'Passed ' + test.st.p + ' of ' + test.st.n + ' runs';
            """#),
        detail: lines(
            #"""
                if (test.st) stressBlock(section('Stress: ' + test.st.x + ' more run' + (test.st.x === 1 ? '' : 's')), test.st);
            """#),
        functions: lines(
            #"""
              // Stress: function declarations only; the header calls them before this point.
              var VERDICT = { stable: 'stable', flakyOnArrival: 'flaky on arrival', failing: 'failed every run', skipped: 'skipped' };
              function verdictText(st) { return VERDICT[st.v] + (st.v === 'flakyOnArrival' && st.ro ? ' (reported only)' : ''); }
              function stressSection(parent) {
                var order = { flakyOnArrival: 0, failing: 1, stable: 2, skipped: 3 };
                var rows = stressed.slice().sort(function (a, b) { return order[a.st.v] - order[b.st.v] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
                var arrivals = rows.filter(function (t) { return t.st.v === 'flakyOnArrival'; }).length;
                var box = add(parent, el('details', 'stress'));
                box.id = 'stress';
                box.open = arrivals > 0;
                add(box, el('summary', null, 'Stress: ' + rows.length + ' new or changed test' + (rows.length === 1 ? '' : 's') + ' run ' +
                  rows[0].st.x + ' more time' + (rows[0].st.x === 1 ? '' : 's') + ', ' + arrivals + ' flaky on arrival'));
                add(box, el('p', 'hint', 'A test whose runs both passed and failed is flaky on arrival' +
                  (rows[0].st.ro ? '; the plan reports it without failing the run.' : ', and fails the run.')));
                var table = add(box, el('table', 'stressed'));
                var head = add(add(table, el('thead')), el('tr'));
                ['test', 'why', 'passed', 'verdict'].forEach(function (title) { add(head, el('th', null, title)); });
                var body = add(table, el('tbody'));
                rows.forEach(function (test) {
                  var tr = add(body, el('tr'));
                  add(tr, el('td', 'mono', test.id));
                  add(tr, el('td', null, test.st.r.join('; ')));
                  add(tr, el('td', null, test.st.p + ' of ' + test.st.n));
                  add(tr, el('td', 'verdict-' + test.st.v, verdictText(test.st)));
                  tr.addEventListener('click', function () { open(tests.indexOf(test)); renderRows(); });
                });
              }
              function stressBlock(parent, st) {
                add(parent, el('p', 'verdict-' + st.v, verdictText(st) + ': passed ' + st.p + ' of ' + st.n + ' runs'));
                add(parent, el('p', 'hint', 'Stressed because ' + st.r.join('; ') + '. Each run is one of the attempts below.'));
              }
            """#)
    )
}
