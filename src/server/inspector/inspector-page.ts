import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../package-root.js';

/**
 * The inspector (`turns`: whether the turn routes are mounted, so the Turns view shows): one
 * self-contained HTML page (inline CSS and script, no external assets) that asks for an API key,
 * keeps it in `sessionStorage` for the tab's life, and reads the same JSON API a host uses. It
 * renders every value with `textContent`, never as HTML, so a candidate reply cannot inject
 * markup into the page that shows it. The script is the typed modules of `page/`, which the
 * build (tsdown) bundles into `dist/inspector.iife.js` (`scriptPath`, default that file of this
 * package); without a build the page says so.
 */
export function inspectorPage({ turns, scriptPath = inspectorScriptPath() }: { turns: boolean; scriptPath?: string }): string {
  return PAGE.replace('__TURNS_AVAILABLE__', turns ? 'true' : 'false').replace('__SCRIPT__', () => scriptTag(inspectorScript(scriptPath)));
}

/** Where the build puts the page's script, in a checkout and in the installed package alike. */
export function inspectorScriptPath(): string {
  return join(packageRoot(), 'dist', 'inspector.iife.js');
}

/** The built script, or undefined when there is no build (sources run through tsx). */
function inspectorScript(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The script inline, or, with no build, a note saying so (no script: the page's policy then allows none). */
function scriptTag(script: string | undefined): string {
  if (script === undefined)
    return `<p id="not-built" class="card error">The inspector's script is not built (dist/inspector.iife.js is missing): run npm run build.</p>`;
  // A script element ends at the first "</script"; the bundle holds none, but make sure.
  return `<script>${script.replaceAll('</script', '<\\/script')}</script>`;
}

const PAGE = `<!doctype html>
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
<body data-turns="__TURNS_AVAILABLE__">
<header>
  <h1>Warrant inspector</h1>
  <nav id="nav"></nav>
  <span class="tenant" id="tenant"></span>
  <button id="forget" hidden>Forget key</button>
</header>
<main id="main"></main>
__SCRIPT__
</body>
</html>
`;
