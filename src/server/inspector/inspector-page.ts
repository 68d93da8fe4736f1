/**
 * The inspector (`turns`: whether the turn routes are mounted, so the Turns view shows): one self-contained HTML page (inline CSS and script, no external assets) that
 * asks for an API key, keeps it in `sessionStorage` for the tab's life, and reads the same JSON
 * API a host uses. It renders every value with `textContent`, never as HTML, so a candidate
 * reply cannot inject markup into the page that shows it.
 */
export function inspectorPage({ turns }: { turns: boolean }): string {
  return PAGE.replace('__TURNS_AVAILABLE__', turns ? 'true' : 'false');
}

const PAGE = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warrant inspector</title>
<style>
  :root { --ink:#1d232b; --muted:#5c6773; --line:#dde3ea; --bg:#f6f8fa; --ok:#1a7f37; --okbg:#dafbe1; --warn:#9a6700; --warnbg:#fff8c5; --bad:#cf222e; --badbg:#ffebe9; --accent:#0b5cad; }
  * { box-sizing: border-box; }
  body { margin:0; font:15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK TC", sans-serif; color:var(--ink); background:var(--bg); }
  header { display:flex; align-items:center; gap:16px; padding:12px 24px; background:#fff; border-bottom:1px solid var(--line); }
  header h1 { font-size:18px; margin:0; }
  header nav { display:flex; gap:4px; }
  header nav a { padding:4px 10px; border-radius:6px; color:var(--muted); text-decoration:none; }
  header nav a.active { background:var(--bg); color:var(--ink); font-weight:600; }
  header .tenant { margin-left:auto; color:var(--muted); font-size:13px; }
  header button { font:inherit; font-size:13px; }
  main { max-width:1100px; margin:0 auto; padding:20px 24px 48px; }
  .card { background:#fff; border:1px solid var(--line); border-radius:8px; padding:16px 18px; margin-bottom:16px; }
  .card h2 { font-size:16px; margin:0 0 10px; }
  .card h3 { font-size:14px; margin:14px 0 6px; color:var(--muted); text-transform:uppercase; letter-spacing:.04em; }
  table { width:100%; border-collapse:collapse; }
  th, td { text-align:left; padding:8px 10px; border-bottom:1px solid var(--line); vertical-align:top; }
  th { font-size:12px; color:var(--muted); text-transform:uppercase; letter-spacing:.04em; }
  tbody tr { cursor:pointer; }
  tbody tr:hover { background:#f0f5fb; }
  .badge { display:inline-block; padding:1px 8px; border-radius:999px; font-size:12px; font-weight:600; }
  .badge.accepted, .badge.answered, .badge.passed, .badge.committed { background:var(--okbg); color:var(--ok); }
  .badge.fallback, .badge.failed, .badge.refused { background:var(--badbg); color:var(--bad); }
  .badge.other { background:var(--warnbg); color:var(--warn); }
  .mono { font-family:ui-monospace, SFMono-Regular, Menlo, monospace; font-size:13px; }
  .muted { color:var(--muted); }
  .text { white-space:pre-wrap; word-break:break-word; background:var(--bg); border:1px solid var(--line); border-radius:6px; padding:10px 12px; margin:6px 0; font-size:16px; }
  mark.forbidden { background:var(--badbg); color:var(--bad); border-bottom:2px solid var(--bad); padding:0 1px; border-radius:2px; }
  .toolbar { display:flex; align-items:center; justify-content:space-between; gap:12px; margin-bottom:8px; }
  .toolbar h2 { margin:0; }
  select { font:inherit; padding:4px 8px; border:1px solid var(--line); border-radius:6px; background:#fff; }
  #older { margin-top:12px; }
  .termrow { display:grid; grid-template-columns:160px 1fr; gap:8px; align-items:baseline; }
  ul.terms { list-style:none; padding:0; margin:4px 0; display:flex; flex-wrap:wrap; gap:6px; }
  ul.terms li { background:var(--warnbg); color:var(--warn); border-radius:4px; padding:1px 8px; }
  ul.terms.bad li { background:var(--badbg); color:var(--bad); }
  .grid { display:grid; grid-template-columns: 180px 1fr; gap:4px 16px; }
  .grid dt { color:var(--muted); }
  .grid dd { margin:0; }
  form.key { max-width:480px; margin:80px auto; }
  form.key input { width:100%; font:inherit; padding:8px 10px; border:1px solid var(--line); border-radius:6px; margin:8px 0 12px; }
  button { font:inherit; padding:6px 14px; border-radius:6px; border:1px solid var(--line); background:#fff; cursor:pointer; }
  button.primary { background:var(--accent); color:#fff; border-color:var(--accent); }
  .error { color:var(--bad); }
  a.back { color:var(--accent); text-decoration:none; display:inline-block; margin-bottom:12px; }
  .candidate { border-left:4px solid var(--line); padding-left:12px; margin:12px 0; }
  .candidate.pass { border-left-color:var(--ok); }
  .candidate.fail { border-left-color:var(--bad); }
  .block { border:1px solid var(--line); border-radius:6px; padding:8px 12px; margin:6px 0; }
  pre { white-space:pre-wrap; word-break:break-word; margin:4px 0; }
  details summary { cursor:pointer; color:var(--accent); }
</style>
</head>
<body>
<header>
  <h1>Warrant inspector</h1>
  <nav id="nav"></nav>
  <span class="tenant" id="tenant"></span>
  <button id="forget" hidden>Forget key</button>
</header>
<main id="main"></main>
<script>
(function () {
  'use strict';
  var KEY = 'warrant.apiKey';
  var main = document.getElementById('main');
  var nav = document.getElementById('nav');
  var turnsAvailable = __TURNS_AVAILABLE__;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k === 'class') node.className = attrs[k];
      else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), attrs[k]);
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c != null) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function badge(value) {
    var known = ['accepted', 'fallback', 'answered', 'passed', 'failed', 'committed', 'refused'];
    return el('span', { class: 'badge ' + (known.indexOf(value) >= 0 ? value : 'other'), text: String(value) });
  }
  function when(iso) { var d = new Date(iso); return isNaN(d) ? String(iso) : d.toLocaleString(); }

  function api(path) {
    return fetch(path, { headers: { authorization: 'Bearer ' + sessionStorage.getItem(KEY) } }).then(function (res) {
      return res.json().then(function (body) {
        if (res.status === 401) { sessionStorage.removeItem(KEY); askForKey('That key was refused.'); throw new Error('unauthorized'); }
        if (!res.ok) throw new Error(body.detail || ('HTTP ' + res.status));
        return body;
      });
    });
  }

  function askForKey(message) {
    document.getElementById('forget').hidden = true;
    nav.replaceChildren();
    var input = el('input', { type: 'password', id: 'api-key', autocomplete: 'off' });
    var form = el('form', { class: 'key card', onsubmit: function (e) {
      e.preventDefault();
      if (!input.value.trim()) return;
      sessionStorage.setItem(KEY, input.value.trim());
      route();
    } }, [
      el('h2', { text: 'API key' }),
      el('p', { class: 'muted', text: 'The inspector reads the same API a host uses. The key stays in this tab only (sessionStorage).' }),
      message ? el('p', { class: 'error', text: message }) : null,
      el('label', { for: 'api-key', text: 'Key (starts with wk_)' }),
      input,
      el('button', { class: 'primary', type: 'submit', text: 'Open' }),
    ]);
    main.replaceChildren(form);
    input.focus();
  }

  function renderNav(active) {
    var links = [['#/effects', 'Effects']];
    if (turnsAvailable) links.push(['#/turns', 'Turns']);
    nav.replaceChildren.apply(nav, links.map(function (l) {
      return el('a', { href: l[0], text: l[1], class: active === l[1] ? 'active' : '' });
    }));
    document.getElementById('forget').hidden = false;
  }

  function showError(error) {
    if (error.message === 'unauthorized') return;
    main.replaceChildren(el('div', { class: 'card error', text: String(error.message || error) }));
  }

  function effectsView(status, cursor) {
    renderNav('Effects');
    status = status || '';
    var query = '/v0/effects?limit=50' + (status ? '&status=' + status : '') + (cursor ? '&cursor=' + encodeURIComponent(cursor) : '');
    return api(query).then(function (page) {
      var rows = page.items.map(function (e) {
        return el('tr', { 'data-effect-id': e.id, onclick: function () { location.hash = '#/effects/' + e.id; } }, [
          el('td', { class: 'muted', text: when(e.created_at) }),
          el('td', {}, [badge(e.status)]),
          el('td', { class: 'mono', text: e.interaction_kind }),
          el('td', { text: e.body }),
        ]);
      });
      var filter = el('select', { id: 'status-filter', onchange: function () { effectsView(filter.value).catch(showError); } },
        [['', 'every status'], ['accepted', 'accepted'], ['fallback', 'fallback']].map(function (o) {
          var option = el('option', { value: o[0], text: o[1] });
          if (o[0] === status) option.selected = true;
          return option;
        }));
      main.replaceChildren(el('div', { class: 'card' }, [
        el('div', { class: 'toolbar' }, [el('h2', { text: 'Recent reply effects' }), filter]),
        rows.length === 0 ? el('p', { class: 'muted', text: 'No effects here: POST /v0/reply-contracts/verify to make one.' }) :
        el('table', { id: 'effects' }, [
          el('thead', {}, [el('tr', {}, [el('th', { text: 'When' }), el('th', { text: 'Status' }), el('th', { text: 'Interaction' }), el('th', { text: 'Body sent' })])]),
          el('tbody', {}, rows),
        ]),
        page.next_cursor ? el('button', { id: 'older', text: 'Older effects', onclick: function () { effectsView(status, page.next_cursor).catch(showError); } }) : null,
      ]));
    });
  }

  /** Splits text into plain and highlighted runs from [start, end) UTF-16 offsets; overlaps merge. */
  function highlighted(text, matches) {
    var cover = new Array(text.length);
    matches.forEach(function (m) { for (var i = m.start; i < m.end && i < text.length; i++) (cover[i] = cover[i] || []).push(m.term); });
    var out = el('div', { class: 'text' });
    var i = 0;
    while (i < text.length) {
      var j = i + 1;
      var on = !!cover[i];
      while (j < text.length && !!cover[j] === on) j++;
      var piece = text.slice(i, j);
      if (on) {
        var terms = [];
        for (var k = i; k < j; k++) cover[k].forEach(function (t) { if (terms.indexOf(t) < 0) terms.push(t); });
        out.appendChild(el('mark', { class: 'forbidden', title: 'forbidden: ' + terms.join(', '), 'data-terms': terms.join('\n'), text: piece }));
      } else out.appendChild(document.createTextNode(piece));
      i = j;
    }
    return out;
  }
  function termList(label, terms, bad) {
    if (!terms || terms.length === 0) return null;
    return el('div', { class: 'termrow' }, [
      el('span', { class: 'muted', text: label }),
      el('ul', { class: 'terms' + (bad ? ' bad' : ''), 'data-list': label }, terms.map(function (t) { return el('li', { text: t }); })),
    ]);
  }

  function effectView(id) {
    renderNav('Effects');
    return api('/v0/effects/' + encodeURIComponent(id)).then(function (record) {
      var e = record.effect;
      var roles = Object.keys(e.entity_roles || {}).map(function (k) { return k + ' → ' + e.entity_roles[k]; }).join(', ');
      var candidates = (e.candidates || []).map(function (v) {
        var text = record.candidates[v.index] || '';
        var chosen = e.selected_candidate === v.index;
        return el('div', { class: 'candidate ' + (v.passed ? 'pass' : 'fail'), 'data-candidate': String(v.index) }, [
          el('div', {}, [el('strong', { text: 'Candidate ' + (v.index + 1) + ' ' }), badge(v.passed ? 'passed' : 'failed'), chosen ? el('span', { class: 'muted', text: '  selected' }) : null]),
          highlighted(text, v.forbidden_matches || []),
          termList('forbidden present', v.forbidden_terms_present, true),
          termList('disguises seen', v.disguises_seen, true),
          termList('missing must_include', v.missing_must_include),
          termList('missing must_ask', v.missing_must_ask),
          termList('missing canonical', v.missing_canonical_terms),
          (v.normalization_hints || []).length ? el('p', { class: 'muted', text: 'Would match after NFC normalization: ' + v.normalization_hints.map(function (h) { return h.term + ' (' + h.list + ')'; }).join(', ') }) : null,
        ]);
      });
      main.replaceChildren(
        el('a', { class: 'back', href: '#/effects', text: '← all effects' }),
        el('div', { class: 'card', id: 'effect' }, [
          el('h2', {}, [document.createTextNode('Effect '), el('span', { class: 'mono', text: e.id + ' ' }), badge(e.status)]),
          el('dl', { class: 'grid' }, [
            el('dt', { text: 'When' }), el('dd', { text: when(e.created_at) }),
            el('dt', { text: 'Interaction' }), el('dd', { class: 'mono', text: e.interaction_kind }),
            el('dt', { text: 'Authority' }), el('dd', { class: 'mono', text: e.authority_status }),
            el('dt', { text: 'Roles' }), el('dd', { class: 'mono', text: roles || '—' }),
            el('dt', { text: 'Selected' }), el('dd', { text: e.selected_candidate === null ? 'none: the approved fallback' : 'candidate ' + (e.selected_candidate + 1) }),
          ]),
          el('h3', { text: 'Body sent' }),
          el('div', { class: 'text', id: 'body-sent', text: e.body }),
          el('h3', { text: 'Candidates' }),
          candidates.length ? el('div', {}, candidates) : el('p', { class: 'muted', text: 'No candidates were given.' }),
          el('details', {}, [el('summary', { text: 'Contract' }), el('pre', { class: 'mono', text: JSON.stringify(record.contract, null, 2) })]),
        ]),
      );
    });
  }

  function turnsView() {
    renderNav('Turns');
    return api('/v0/turns?limit=100').then(function (page) {
      var rows = page.items.map(function (t) {
        return el('tr', { 'data-turn-id': t.id, onclick: function () { location.hash = '#/turns/' + encodeURIComponent(t.id); } }, [
          el('td', { class: 'muted', text: when(t.created_at) }),
          el('td', { class: 'mono', text: t.id }),
          el('td', { class: 'mono', text: t.conversation_id || '' }),
          el('td', { text: t.reply || '' }),
        ]);
      });
      main.replaceChildren(el('div', { class: 'card' }, [
        el('h2', { text: 'Recent turns' }),
        rows.length === 0 ? el('p', { class: 'muted', text: 'No turns yet.' }) :
        el('table', { id: 'turns' }, [
          el('thead', {}, [el('tr', {}, [el('th', { text: 'When' }), el('th', { text: 'Turn' }), el('th', { text: 'Conversation' }), el('th', { text: 'Reply' })])]),
          el('tbody', {}, rows),
        ]),
      ]));
    });
  }

  function section(title, items) {
    if (!items || items.length === 0) return null;
    return el('div', { 'data-section': title }, [el('h3', { text: title })].concat(items));
  }
  function keyValues(object, skip) {
    var rows = [];
    Object.keys(object || {}).forEach(function (k) {
      if (skip && skip.indexOf(k) >= 0) return;
      var v = object[k];
      if (v === null || v === undefined) return;
      rows.push(el('dt', { text: k }));
      rows.push(typeof v === 'object' ? el('dd', {}, [el('pre', { class: 'mono', text: JSON.stringify(v, null, 2) })]) : el('dd', { class: 'mono', text: String(v) }));
    });
    return el('dl', { class: 'grid' }, rows);
  }
  function turnView(id) {
    renderNav('Turns');
    return api('/v0/turns/' + encodeURIComponent(id)).then(function (record) {
      var r = record.result;
      var input = record.input || {};
      if (!r) {
        main.replaceChildren(el('div', { class: 'card', text: 'Turn ' + record.id + ' is committed but not composed yet.' }));
        return;
      }
      var blocks = r.blocks || [];
      var of = function (kind) { return blocks.filter(function (b) { return b.kind === kind; }); };
      var transition = of('transition')[0] || {};
      var calls = (r.evidence && r.evidence.model_calls) || [];
      main.replaceChildren(
        el('a', { class: 'back', href: '#/turns', text: '← all turns' }),
        el('div', { class: 'card', id: 'turn' }, [
          el('h2', {}, [document.createTextNode('Turn '), el('span', { class: 'mono', text: record.id })]),
          el('dl', { class: 'grid' }, [
            el('dt', { text: 'When' }), el('dd', { text: when(record.created_at) }),
            el('dt', { text: 'Conversation' }), el('dd', { class: 'mono', text: record.conversation_id }),
            el('dt', { text: 'Locale' }), el('dd', { class: 'mono', text: r.locale || '' }),
            el('dt', { text: 'Events committed' }), el('dd', { text: String(r.evidence ? r.evidence.events_committed : 0) }),
          ]),
          input.message ? section('Message', [el('div', { class: 'text', text: input.message })]) : null,
          el('h3', { text: 'Final reply' }),
          el('div', { class: 'text', id: 'final-reply', text: transition.text || '' }),
          el('p', { class: 'muted', text: 'written by ' + (transition.written_by || '?') + (transition.fallback_reason ? ' — fallback: ' + transition.fallback_reason : '') }),
          section('Receipts', of('receipt').map(function (b) {
            return el('div', { class: 'block', 'data-block': b.id }, [el('strong', { text: b.title }), el('div', { text: b.body }), el('div', { class: 'muted mono', text: b.record_id + ' rev ' + b.revision + ' · ' + b.event_type })]);
          })),
          section('Notices', of('notice').map(function (b) {
            return el('div', { class: 'block', 'data-block': b.id }, [el('span', { class: 'badge other', text: b.code }), document.createTextNode(' ' + b.text)]);
          })),
          section('Answers', of('answer').map(function (b) {
            return el('div', { class: 'block', 'data-block': b.id }, [
              el('div', {}, [el('strong', { text: b.question + ' ' }), badge(b.status)]),
              b.text ? el('div', { text: b.text }) : null,
              el('div', { class: 'muted', text: 'basis: ' + (b.basis ? b.basis.source + (b.basis.record_ids && b.basis.record_ids.length ? ' (' + b.basis.record_ids.join(', ') + ')' : '') : '—') + (b.written_by ? ' · written by ' + b.written_by : '') }),
            ]);
          })),
          section('Ask', r.ask ? [el('div', { class: 'block', id: 'ask' }, [el('span', { class: 'badge other', text: r.ask.kind }), document.createTextNode(' ' + r.ask.text)])] : []),
          section('Card', of('card').map(function (b) {
            return el('div', { class: 'block' }, [el('strong', { text: b.title }), el('div', { class: 'muted', text: (b.buttons || []).map(function (x) { return x.label; }).join(' · ') })]);
          })),
          section('Model calls', calls.map(function (call) {
            return el('div', { class: 'block' }, [el('div', {}, [el('strong', { class: 'mono', text: call.task + ' ' }), badge(call.outcome === 'ok' ? 'passed' : call.outcome)]), keyValues(call, ['task', 'outcome'])]);
          })),
          r.evidence && r.evidence.understanding_failure ? section('Understanding failed', [el('div', { class: 'error', text: r.evidence.understanding_failure })]) : null,
          el('details', {}, [el('summary', { text: 'Input' }), el('pre', { class: 'mono', text: JSON.stringify(input, null, 2) })]),
        ]),
      );
    });
  }

  function route() {
    if (!sessionStorage.getItem(KEY)) return askForKey();
    var hash = location.hash || '#/effects';
    var parts = hash.slice(2).split('/');
    var work;
    if (parts[0] === 'effects' && parts[1]) work = effectView(decodeURIComponent(parts[1]));
    else if (parts[0] === 'turns' && parts[1]) work = turnView(decodeURIComponent(parts[1]));
    else if (parts[0] === 'turns') work = turnsView();
    else work = effectsView();
    work.catch(showError);
  }

  document.getElementById('forget').addEventListener('click', function () { sessionStorage.removeItem(KEY); location.hash = ''; askForKey(); });
  window.addEventListener('hashchange', route);
  route();
})();
</script>
</body>
</html>
`;
