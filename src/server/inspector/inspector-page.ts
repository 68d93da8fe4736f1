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
  form.filters { display:flex; flex-wrap:wrap; gap:8px 12px; align-items:flex-end; margin:0 0 12px; }
  form.filters label { display:flex; flex-direction:column; font-size:12px; color:var(--muted); gap:2px; }
  form.filters input { font:inherit; font-size:14px; padding:4px 8px; border:1px solid var(--line); border-radius:6px; background:#fff; min-width:0; }
  form.filters .actions { display:flex; gap:8px; }
  .why { color:var(--bad); }
  .why .term { font-weight:600; }
  .share { font-size:12px; }
  /* Narrow screens (a phone at 390 px): rows become stacked cards, nothing scrolls sideways. */
  @media (max-width: 640px) {
    header { flex-wrap:wrap; gap:8px 12px; padding:10px 12px; }
    header .tenant { margin-left:0; }
    main { padding:12px 10px 32px; }
    .card { padding:12px; }
    .toolbar { flex-wrap:wrap; }
    form.filters label, form.filters input { width:100%; }
    table, thead, tbody, tr, td { display:block; width:100%; }
    thead { display:none; }
    tbody tr { border:1px solid var(--line); border-radius:6px; margin:0 0 8px; padding:6px 8px; }
    td { border:0; padding:2px 0; }
    td[data-label]::before { content:attr(data-label) ': '; color:var(--muted); font-size:12px; }
    .grid, .termrow { grid-template-columns:1fr; }
    .grid dd { margin-bottom:6px; }
  }
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
  // The list (with its filters) each detail view's back link returns to.
  var lastList = {};
  function backTo(view) { return lastList[view] || '#/' + view; }

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
  /** The browser's time zone, named beside every time shown and every time filter, so a time is never ambiguous. */
  var ZONE = (Intl.DateTimeFormat().resolvedOptions().timeZone) || 'local time';
  /** A stored instant in the browser's zone, with the zone's name (e.g. "01/12/2026, 16:02:11 CET"). */
  function when(iso) {
    var d = new Date(iso);
    return isNaN(d) ? String(iso) : d.toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });
  }
  /** A time cell: the zoned time, the exact ISO instant (UTC) as its tooltip and machine-readable value. */
  function timeEl(tag, attrs, iso) {
    var node = el(tag, attrs, [el('time', { datetime: String(iso), title: String(iso), text: when(iso) })]);
    return node;
  }
  /** The record's trace id, when the server stored one (requests carrying or starting a W3C trace), as a link to everything in that trace. */
  function traceLink(traceId) {
    if (!traceId) return el('span', { class: 'muted', text: '—' });
    return el('a', { class: 'mono trace', href: '#/trace/' + encodeURIComponent(traceId), 'data-trace-id': traceId, text: traceId });
  }

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
    document.getElementById('tenant').textContent = '';
    tenantShown = null;
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

  var tenantShown = null;
  /** Fills the header's tenant slot once per key: whose records the inspector shows. */
  function showTenant() {
    if (tenantShown === sessionStorage.getItem(KEY)) return;
    tenantShown = sessionStorage.getItem(KEY);
    api('/v0/tenant').then(function (t) { document.getElementById('tenant').textContent = 'tenant ' + t.tenant_id; }).catch(function () { tenantShown = null; });
  }
  function renderNav(active) {
    showTenant();
    var links = [['#/effects', 'Effects']];
    if (turnsAvailable) links.push(['#/turns', 'Turns']);
    links.push(['#/suggestions', 'Suggestions']);
    nav.replaceChildren.apply(nav, links.map(function (l) {
      return el('a', { href: l[0], text: l[1], class: active === l[1] ? 'active' : '' });
    }));
    document.getElementById('forget').hidden = false;
  }

  function showError(error) {
    if (error.message === 'unauthorized') return;
    main.replaceChildren(el('div', { class: 'card error', text: String(error.message || error) }));
  }

  /** A datetime-local input's value (local time) for an ISO instant, and back. */
  function localInput(iso) {
    var d = new Date(iso);
    if (!iso || isNaN(d)) return '';
    var pad = function (n) { return String(n).padStart(2, '0'); };
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T' + pad(d.getHours()) + ':' + pad(d.getMinutes());
  }
  function isoOf(local) { var d = new Date(local); return local && !isNaN(d) ? d.toISOString() : ''; }

  /**
   * A filter form whose state lives in the URL (the hash's query), so a view can be shared: the
   * fields are read from params, and applying them only changes the address, which re-renders.
   */
  function filterForm(view, params, fields) {
    var inputs = {};
    var form = el('form', { class: 'filters', id: 'filters', onsubmit: function (e) {
      e.preventDefault();
      var next = new URLSearchParams();
      fields.forEach(function (f) {
        var v = inputs[f.name].value.trim();
        if (f.type === 'datetime-local') v = isoOf(v);
        if (v) next.set(f.name, v);
      });
      var qs = next.toString();
      location.hash = '#/' + view + (qs ? '?' + qs : '');
    } }, fields.map(function (f) {
      var input;
      if (f.options) {
        input = el('select', { name: f.name, id: 'filter-' + f.name, onchange: function () { form.requestSubmit(); } }, f.options.map(function (o) {
          var option = el('option', { value: o[0], text: o[1] });
          if (o[0] === (params.get(f.name) || '')) option.selected = true;
          return option;
        }));
      } else {
        input = el('input', { name: f.name, id: 'filter-' + f.name, type: f.type || 'text', placeholder: f.placeholder || '' });
        input.value = f.type === 'datetime-local' ? localInput(params.get(f.name)) : (params.get(f.name) || '');
      }
      inputs[f.name] = input;
      return el('label', { for: 'filter-' + f.name }, [f.type === 'datetime-local' ? f.label + ' (' + ZONE + ')' : f.label, input]);
    }).concat([el('div', { class: 'actions' }, [
      el('button', { type: 'submit', class: 'primary', text: 'Apply' }),
      el('button', { type: 'button', text: 'Clear', onclick: function () { location.hash = '#/' + view; } }),
    ])]));
    return form;
  }

  /** Listing query for the API from the URL's filters: only the named ones, renamed where the API's name differs. */
  function apiQuery(params, names, cursor, limit) {
    var q = new URLSearchParams();
    q.set('limit', String(limit || 50));
    Object.keys(names).forEach(function (k) { var v = params.get(k); if (v) q.set(names[k], v); });
    if (cursor) q.set('cursor', cursor);
    return q.toString();
  }

  var VIOLATION_LABELS = { forbidden_term_present: 'forbidden', missing_must_include: 'missing must_include', missing_must_ask: 'missing must_ask', missing_canonical_term: 'missing canonical' };
  /** Why a row fell back, in a few words: its first violation. */
  function whyCell(e) {
    if (e.status !== 'fallback') return el('td', { class: 'muted', 'data-label': 'Why', text: '—' });
    if (!e.first_violation) return el('td', { class: 'why', 'data-label': 'Why', text: e.candidate_count === 0 ? 'no candidate given' : 'fallback' });
    var v = e.first_violation;
    return el('td', { class: 'why', 'data-label': 'Why', 'data-code': v.code }, [
      (VIOLATION_LABELS[v.code] || v.code) + ' ',
      el('span', { class: 'term', text: '「' + v.term + '」' }),
      e.candidate_count > 1 ? el('span', { class: 'muted', text: ' (candidate ' + (v.candidate + 1) + ' of ' + e.candidate_count + ')' }) : null,
    ]);
  }

  function effectsView(params) {
    renderNav('Effects');
    var names = { status: 'status', kind: 'interaction_kind', since: 'since', until: 'until', text: 'text' };
    var table = el('tbody', {});
    var more = el('div', {});
    var form = filterForm('effects', params, [
      { name: 'status', label: 'Status', options: [['', 'every status'], ['accepted', 'accepted'], ['fallback', 'fallback']] },
      { name: 'kind', label: 'Interaction kind', placeholder: 'e.g. ticket_inventory' },
      { name: 'since', label: 'From', type: 'datetime-local' },
      { name: 'until', label: 'Until', type: 'datetime-local' },
      { name: 'text', label: 'Text in reply or candidates', type: 'search' },
    ]);
    function load(cursor) {
      return api('/v0/effects?' + apiQuery(params, names, cursor)).then(function (page) {
        page.items.forEach(function (e) {
          table.appendChild(el('tr', { 'data-effect-id': e.id, onclick: function () { location.hash = '#/effects/' + e.id; } }, [
            timeEl('td', { class: 'muted', 'data-label': 'When' }, e.created_at),
            el('td', { 'data-label': 'Status' }, [badge(e.status)]),
            el('td', { class: 'mono', 'data-label': 'Interaction', text: e.interaction_kind }),
            whyCell(e),
            el('td', { 'data-label': 'Body sent', text: e.body }),
          ]));
        });
        if (page.next_cursor) more.replaceChildren(el('button', { id: 'older', text: 'Older effects', onclick: function () { load(page.next_cursor).catch(showError); } }));
        else more.replaceChildren();
        return page;
      });
    }
    return load().then(function (page) {
      main.replaceChildren(el('div', { class: 'card' }, [
        el('div', { class: 'toolbar' }, [el('h2', { text: 'Reply effects' }), el('span', { class: 'muted share', text: 'Filters are in the address: copy it to share this view.' })]),
        form,
        page.items.length === 0 ? el('p', { class: 'muted', id: 'empty', text: 'No effects match: POST /v0/reply-contracts/verify makes one.' }) :
        el('table', { id: 'effects' }, [
          el('thead', {}, [el('tr', {}, [el('th', { text: 'When' }), el('th', { text: 'Status' }), el('th', { text: 'Interaction' }), el('th', { text: 'Why it fell back' }), el('th', { text: 'Body sent' })])]),
          table,
        ]),
        more,
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
        el('a', { class: 'back', href: backTo('effects'), text: '← effects' }),
        el('div', { class: 'card', id: 'effect' }, [
          el('h2', {}, [document.createTextNode('Effect '), el('span', { class: 'mono', text: e.id + ' ' }), badge(e.status)]),
          el('dl', { class: 'grid' }, [
            el('dt', { text: 'When' }), timeEl('dd', { id: 'effect-when' }, e.created_at),
            el('dt', { text: 'Trace' }), el('dd', { id: 'effect-trace' }, [traceLink(record.trace_id || e.trace_id)]),
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

  function turnsView(params) {
    renderNav('Turns');
    var names = { conversation: 'conversation_id', fallback: 'fallback', model_failure: 'model_failure', text: 'text', since: 'since', until: 'until' };
    var form = filterForm('turns', params, [
      { name: 'fallback', label: 'Reply', options: [['', 'every reply'], ['true', "fell back to code's words"], ['false', 'no fallback']] },
      { name: 'model_failure', label: 'Model', options: [['', 'every turn'], ['true', 'a model call failed'], ['false', 'no model failure']] },
      { name: 'text', label: 'Text in message or reply', type: 'search' },
      { name: 'conversation', label: 'Conversation id' },
      { name: 'since', label: 'From', type: 'datetime-local' },
      { name: 'until', label: 'Until', type: 'datetime-local' },
    ]);
    return api('/v0/turns?' + apiQuery(params, names, null, 100)).then(function (page) {
      var rows = page.items.map(function (t) {
        return el('tr', { 'data-turn-id': t.id, onclick: function () { location.hash = '#/turns/' + encodeURIComponent(t.id); } }, [
          timeEl('td', { class: 'muted', 'data-label': 'When' }, t.created_at),
          el('td', { class: 'mono', 'data-label': 'Turn', text: t.id }),
          el('td', { class: 'mono', 'data-label': 'Conversation', text: t.conversation_id || '' }),
          el('td', { 'data-label': 'Flags', class: 'flags' }, [
            t.fallback_reason ? el('span', { class: 'badge fallback', 'data-flag': 'fallback', title: t.fallback_reason, text: 'fallback' }) : null,
            t.model_failure ? el('span', { class: 'badge failed', 'data-flag': 'model_failure', text: 'model failed' }) : null,
          ]),
          el('td', { 'data-label': 'Reply', text: t.reply || '' }),
        ]);
      });
      main.replaceChildren(el('div', { class: 'card' }, [
        el('div', { class: 'toolbar' }, [el('h2', { text: 'Turns' }), el('span', { class: 'muted share', text: 'Filters are in the address: copy it to share this view.' })]),
        form,
        rows.length === 0 ? el('p', { class: 'muted', id: 'empty', text: 'No turns match.' }) :
        el('table', { id: 'turns' }, [
          el('thead', {}, [el('tr', {}, [el('th', { text: 'When' }), el('th', { text: 'Turn' }), el('th', { text: 'Conversation' }), el('th', { text: 'Flags' }), el('th', { text: 'Reply' })])]),
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
        el('a', { class: 'back', href: backTo('turns'), text: '← turns' }),
        el('div', { class: 'card', id: 'turn' }, [
          el('h2', {}, [document.createTextNode('Turn '), el('span', { class: 'mono', text: record.id })]),
          el('dl', { class: 'grid' }, [
            el('dt', { text: 'When' }), timeEl('dd', { id: 'turn-when' }, record.created_at),
            el('dt', { text: 'Trace' }), el('dd', { id: 'turn-trace' }, [traceLink(record.trace_id)]),
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

  var RESULT_TYPES = [['', 'every result'], ['suggestions', 'suggestions'], ['clarification', 'clarification'], ['hold', 'hold'], ['close', 'close']];

  function suggestionsView(params) {
    renderNav('Suggestions');
    var names = { type: 'result_type', match: 'match_id', since: 'since', until: 'until' };
    var form = filterForm('suggestions', params, [
      { name: 'type', label: 'Result', options: RESULT_TYPES },
      { name: 'match', label: 'Match id' },
      { name: 'since', label: 'From', type: 'datetime-local' },
      { name: 'until', label: 'Until', type: 'datetime-local' },
    ]);
    return api('/v0/suggestions?' + apiQuery(params, names, null, 100)).then(function (page) {
      var rows = page.items.map(function (s) {
        return el('tr', { 'data-suggestion-id': s.id, onclick: function () { location.hash = '#/suggestions/' + encodeURIComponent(s.id); } }, [
          timeEl('td', { class: 'muted', 'data-label': 'When' }, s.created_at),
          el('td', { 'data-label': 'Result' }, [badge(s.result_type === 'suggestions' ? 'accepted' : s.result_type), s.suggestion_count ? el('span', { class: 'muted', text: ' ' + s.suggestion_count }) : null]),
          el('td', { class: 'mono', 'data-label': 'Match', text: s.match_id }),
          el('td', { 'data-label': 'Why', text: s.question ? s.analysis_summary + ' — asks: ' + s.question : s.analysis_summary }),
        ]);
      });
      main.replaceChildren(el('div', { class: 'card' }, [
        el('div', { class: 'toolbar' }, [el('h2', { text: 'Suggestion results' }), el('span', { class: 'muted share', text: 'Filters are in the address: copy it to share this view.' })]),
        form,
        rows.length === 0 ? el('p', { class: 'muted', id: 'empty', text: 'No suggestion results match: POST /v0/suggestions makes one.' }) :
        el('table', { id: 'suggestions' }, [
          el('thead', {}, [el('tr', {}, [el('th', { text: 'When' }), el('th', { text: 'Result' }), el('th', { text: 'Match' }), el('th', { text: 'Summary' })])]),
          el('tbody', {}, rows),
        ]),
      ]));
    });
  }

  function suggestionView(id) {
    renderNav('Suggestions');
    return api('/v0/suggestions/' + encodeURIComponent(id)).then(function (record) {
      var r = record.result;
      var ev = record.evidence || {};
      main.replaceChildren(
        el('a', { class: 'back', href: backTo('suggestions'), text: '← suggestion results' }),
        el('div', { class: 'card', id: 'suggestion' }, [
          el('h2', {}, [document.createTextNode('Suggestion result '), el('span', { class: 'mono', text: record.id + ' ' }), badge(r.resultType === 'suggestions' ? 'accepted' : r.resultType)]),
          el('dl', { class: 'grid' }, [
            el('dt', { text: 'Trace' }), el('dd', { id: 'suggestion-trace' }, [traceLink(record.trace_id)]),
            el('dt', { text: 'Match' }), el('dd', { class: 'mono', text: ev.match_id || '' }),
            el('dt', { text: 'Result' }), el('dd', { class: 'mono', id: 'result-type', text: r.resultType }),
            el('dt', { text: 'Summary' }), el('dd', { id: 'analysis-summary', text: r.analysisSummary }),
            r.question ? el('dt', { text: 'Question' }) : null, r.question ? el('dd', { text: r.question }) : null,
            ev.needs_model ? el('dt', { text: 'Model' }) : null, ev.needs_model ? el('dd', { text: 'none configured: generation needs one' }) : null,
          ]),
          section('Suggestions', (r.suggestions || []).map(function (x) {
            return el('div', { class: 'block' }, [el('div', { class: 'text', text: x.text }), el('div', { class: 'muted', text: x.rationale })]);
          })),
          section('Gates', (ev.gates || []).map(function (g) {
            return el('div', { class: 'block', 'data-gate': g.gate }, [el('strong', { class: 'mono', text: g.gate + ' ' }), badge(g.decision === 'pass' ? 'passed' : g.decision === 'stop' ? 'refused' : g.decision), el('span', { class: 'muted mono', text: ' ' + g.reason })]);
          })),
          section('Audits', (ev.audits || []).map(function (a) {
            return el('div', { class: 'block' }, [
              el('strong', { class: 'mono', text: a.audit + ' ' }), badge(a.passed ? 'passed' : 'failed'),
              el('span', { class: 'muted', text: a.candidate === null ? ' whole result' : ' candidate ' + (a.candidate + 1) + ', round ' + a.round }),
              a.findings.length ? el('ul', { class: 'terms bad' }, a.findings.map(function (f) { return el('li', { text: f.code + ': ' + f.detail }); })) : null,
            ]);
          })),
          section('Model calls', (ev.calls || []).map(function (call) {
            return el('div', { class: 'block' }, [el('div', {}, [el('strong', { class: 'mono', text: call.task + ' ' }), badge(call.outcome === 'ok' ? 'passed' : call.outcome)]), keyValues(call, ['task', 'outcome'])]);
          })),
          el('details', {}, [el('summary', { text: 'Evidence' }), el('pre', { class: 'mono', text: JSON.stringify(ev, null, 2) })]),
        ]),
      );
    });
  }

  /**
   * Everything one trace touched: the effects, turns and suggestion results whose stored trace id
   * is traceId (a host that sends one traceparent for its whole request finds its verification
   * beside its turn here). The lists have no trace filter, so this reads each one's newest 200
   * records and says so.
   */
  function traceView(traceId) {
    renderNav('');
    var lists = [api('/v0/effects?limit=200'), turnsAvailable ? api('/v0/turns?limit=200') : Promise.resolve({ items: [] }), api('/v0/suggestions?limit=200')];
    return Promise.all(lists).then(function (pages) {
      var of = function (page) { return page.items.filter(function (x) { return x.trace_id === traceId; }); };
      var effects = of(pages[0]), turns = of(pages[1]), suggestions = of(pages[2]);
      var link = function (href, when_, label, id) { return el('div', { class: 'block', 'data-trace-item': id }, [el('a', { href: href, class: 'mono', text: label }), document.createTextNode(' '), el('span', { class: 'muted' }, [el('time', { datetime: when_, title: when_, text: when(when_) })])]); };
      main.replaceChildren(el('div', { class: 'card', id: 'trace' }, [
        el('h2', {}, [document.createTextNode('Trace '), el('span', { class: 'mono', text: traceId })]),
        el('p', { class: 'muted', text: 'The records this trace left, among the newest 200 effects, turns and suggestion results.' }),
        section('Effects', effects.map(function (e) { return link('#/effects/' + encodeURIComponent(e.id), e.created_at, e.id + ' ' + e.status, e.id); })),
        section('Turns', turns.map(function (t) { return link('#/turns/' + encodeURIComponent(t.id), t.created_at, t.id, t.id); })),
        section('Suggestions', suggestions.map(function (x) { return link('#/suggestions/' + encodeURIComponent(x.id), x.created_at, x.id + ' ' + x.result_type, x.id); })),
        effects.length + turns.length + suggestions.length === 0 ? el('p', { id: 'empty', text: 'No record of this trace among the newest ones.' }) : null,
      ]));
    });
  }

  function route() {
    if (!sessionStorage.getItem(KEY)) return askForKey();
    var hash = location.hash || '#/effects';
    var at = hash.indexOf('?');
    var params = new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
    var parts = (at < 0 ? hash : hash.slice(0, at)).slice(2).split('/');
    if (!parts[1]) lastList[parts[0] || 'effects'] = hash;
    var work;
    if (parts[0] === 'effects' && parts[1]) work = effectView(decodeURIComponent(parts[1]));
    else if (parts[0] === 'turns' && parts[1]) work = turnView(decodeURIComponent(parts[1]));
    else if (parts[0] === 'turns') work = turnsView(params);
    else if (parts[0] === 'suggestions' && parts[1]) work = suggestionView(decodeURIComponent(parts[1]));
    else if (parts[0] === 'suggestions') work = suggestionsView(params);
    else if (parts[0] === 'trace' && parts[1]) work = traceView(decodeURIComponent(parts[1]));
    else work = effectsView(params);
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
