extension HTMLReportTemplate.ScriptHooks {
    /// What Swift Testing says beyond pass or fail: display names beside ids (and searched),
    /// tag chips and a tag filter, bug links, warning and known-issue marks, a table of a
    /// parameterized test's cases, and its attachments (images and text inline, the rest linked).
    static let richResults = Self(
        filters: lines(
            #"""
              // Tags (suite tags included): a filter beside the status buttons; `#tag=NAME` selects one.
              var tagFilter = '', tagCounts = {};
              tests.forEach(function (test) { (test.tg || []).forEach(function (tag) { tagCounts[tag] = (tagCounts[tag] || 0) + 1; }); });
              var tagNames = Object.keys(tagCounts).sort();
              var tagSelect = null;
              if (tagNames.length) {
                tagSelect = add(controls, el('select', 'tag-filter'));
                tagSelect.id = 'tag-filter';
                tagSelect.setAttribute('aria-label', 'Show tests with a tag');
                add(tagSelect, el('option', null, 'All tags')).value = '';
                tagNames.forEach(function (tag) { add(tagSelect, el('option', null, tag + ' (' + tagCounts[tag] + ')')).value = tag; });
                tagSelect.addEventListener('change', function () { tagFilter = tagSelect.value; refilter(); });
              }
            """#),
        matches: lines(
            #"""
                if (tagFilter && !(test.tg && test.tg.indexOf(tagFilter) !== -1)) return false;
            """#),
        row: lines(
            #"""
                if (test.dn) add(node, el('span', 'dn', test.dn)).title = 'Display name';
                if (test.cs) add(node, caseTag(test.cs));
                if (test.w) add(node, el('span', 'htag warn', '\u26a0 ' + test.w)).title = test.w + (test.w === 1 ? ' warning' : ' warnings') + ' (they do not fail the test)';
                if (hasKnownIssue(test)) add(node, el('span', 'htag known', 'known issue'));
                if (test.bg) add(node, el('span', 'htag bug', 'bug')).title = test.bg.map(function (bug) { return bug.l; }).join(', ');
                if (test.at) add(node, el('span', 'htag attached', test.at.length + (test.at.length === 1 ? ' file' : ' files'))).title = 'Attachments';
                (test.tg || []).slice(0, 3).forEach(function (tag) { add(node, el('span', 'chip', tag)); });
            """#),
        detail: lines(
            #"""
                if (test.dn) detail.insertBefore(el('p', 'display-name', test.dn), detail.children[1]);
                if (test.tg) tagChips(section('Tags'), test.tg);
                if (test.bg) bugLinks(section('Bugs'), test.bg);
                if (test.cs) caseTable(section('Cases'), test.cs);
                if (test.at) attachmentList(section('Attachments (' + test.at.length + ')'), test.at);
            """#),
        functions: lines(
            #"""
              // Rich results. Search covers display names too.
              lowerIDs = tests.map(function (test) { return (test.dn ? test.id + '\n' + test.dn : test.id).toLowerCase(); });
              function isFailure(outcome) { return outcome === 'failed' || outcome === 'error'; }
              function hasKnownIssue(test) { return !!test.m && test.m.some(function (message) { return message.k === 'knownIssue'; }); }
              function caseTag(cases) {
                var failed = cases.filter(function (item) { return isFailure(item.o); }).length;
                var text = cases.length + (cases.length === 1 ? ' case' : ' cases') + (failed ? ', ' + failed + ' failed' : '');
                return el('span', 'htag cases' + (failed ? ' failed' : ''), text);
              }
              function tagChips(parent, tags) {
                var box = add(parent, el('div', 'chips'));
                tags.forEach(function (tag) {
                  var chip = add(box, el('button', 'chip', tag));
                  chip.type = 'button';
                  chip.title = 'Show only tests tagged ' + tag;
                  chip.addEventListener('click', function () { if (tagSelect) { tagSelect.value = tag; tagFilter = tag; refilter(); } });
                });
              }
              function bugLinks(parent, bugs) {
                var listNode = add(parent, el('ul', 'bugs'));
                bugs.forEach(function (bug) {
                  var item = add(listNode, el('li'));
                  if (bug.u) {
                    var link = add(item, el('a', 'bug-link', bug.l));
                    link.href = bug.u;
                    link.target = '_blank';
                    link.rel = 'noopener noreferrer';
                    if (bug.l !== bug.u) add(item, el('span', 'hint mono', ' ' + bug.u));
                  } else {
                    add(item, el('span', 'bug-label', bug.l));
                  }
                });
              }
              function caseTable(parent, cases) {
                parent.firstChild.textContent = 'Cases: ' + caseTag(cases).textContent;
                var table = add(parent, el('table', 'cases'));
                var head = add(add(table, el('thead')), el('tr'));
                ['Outcome', 'Arguments', 'Duration'].forEach(function (title) { add(head, el('th', null, title)); });
                var body = add(table, el('tbody'));
                cases.forEach(function (item) {
                  var line = add(body, el('tr', 'case-row ' + item.o));
                  add(add(line, el('td')), el('span', 'badge ' + item.o, LABEL[item.o] || item.o));
                  add(line, el('td', 'mono', item.n));
                  add(line, el('td', 'dur', seconds(item.d)));
                });
              }
              function fileHref(path) { return path.split('/').map(encodeURIComponent).join('/'); }
              function bytes(count) {
                if (count < 1024) return count + ' B';
                if (count < 1048576) return (count / 1024).toFixed(1) + ' KiB';
                return (count / 1048576).toFixed(1) + ' MiB';
              }
              function attachmentList(parent, attachments) {
                attachments.forEach(function (item) {
                  var box = add(parent, el('figure', 'attachment ' + item.k));
                  var caption = add(box, el('figcaption'));
                  var link = add(caption, el('a', 'attachment-link mono', item.n));
                  link.href = fileHref(item.p);
                  link.target = '_blank';
                  link.rel = 'noopener';
                  add(caption, el('span', 'hint', ' ' + bytes(item.b) + (item.c !== undefined ? ' \u00b7 arguments: ' + item.c : '')));
                  if (item.img) {
                    var image = add(box, el('img', 'attachment-image'));
                    image.alt = item.n;
                    image.src = item.img;
                  } else if (item.txt !== undefined) {
                    var fold = add(box, el('details', 'attachment-text'));
                    fold.open = item.txt.length < 4000;
                    add(fold, el('summary', null, item.k === 'json' ? 'JSON' : 'Text'));
                    var parsed = undefined;
                    if (item.k === 'json' && !item.cut) { try { parsed = JSON.parse(item.txt); } catch (e) { parsed = undefined; } }
                    if (parsed !== undefined && parsed !== null && typeof parsed === 'object') {
                      var treeRoot = add(fold, el('ul', 'tree root'));
                      Object.keys(parsed).forEach(function (key) { tree(treeRoot, key, parsed[key], 0); });
                    } else {
                      add(fold, el('pre', 'output', item.txt));
                    }
                    if (item.cut) add(fold, el('p', 'hint', 'Cut here: the link above opens the whole file.'));
                  }
                  if (item.note) add(box, el('p', 'hint', item.note + '; the link opens it.'));
                });
              }
            """#),
        start: lines(
            #"""
              if (params.tag !== undefined && tagSelect && tagCounts[params.tag]) { tagSelect.value = params.tag; tagFilter = params.tag; refilter(); }
            """#)
    )
}

extension HTMLReportTemplate {
    /// Styles for the rich results, added after `css` only when the record has any.
    static let richResultsCSS = #"""
        .tag-filter { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); align-self: flex-start; }
        .row .dn { color: var(--muted); font-style: italic; overflow: hidden; text-overflow: ellipsis; flex: 0 1 auto; min-width: 0; max-width: 40%; }
        .htag.warn, .htag.known { color: var(--flaky); } .htag.bug { color: var(--error); } .htag.attached, .htag.cases { color: var(--muted); }
        .htag.cases.failed { color: var(--fail); }
        .chip { font-size: 11px; line-height: 16px; border-radius: 999px; padding: 0 8px; background: var(--sel); color: var(--fg); border: 1px solid var(--line); }
        button.chip { cursor: pointer; }
        .chips { display: flex; gap: 6px; flex-wrap: wrap; }
        .display-name { font-size: 15px; margin: -2px 0 8px; font-style: italic; }
        .message.warning { border-color: var(--flaky); }
        ul.bugs { margin: 0; padding-left: 18px; }
        a { color: var(--accent); }
        table.cases { border-collapse: collapse; width: 100%; }
        table.cases th { text-align: left; font-weight: 600; color: var(--muted); font-size: 12px; border-bottom: 1px solid var(--line); padding: 3px 8px; }
        table.cases td { border-bottom: 1px solid var(--line); padding: 4px 8px; vertical-align: middle; word-break: break-word; }
        table.cases tr.failed td, table.cases tr.error td { background: color-mix(in srgb, var(--fail) 8%, transparent); }
        figure.attachment { margin: 8px 0 12px; border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
        figure.attachment figcaption { margin-bottom: 6px; }
        .attachment-image { display: block; max-width: 100%; max-height: 480px; border: 1px solid var(--line); background: repeating-conic-gradient(var(--panel) 0 25%, var(--bg) 0 50%) 0 0 / 16px 16px; }
        .attachment-text pre.output { margin-top: 4px; }

        """#
}
