/**
 * The inspector page's script (built by tsdown into `dist/inspector.iife.js`, inlined into
 * the page by `inspector-page.ts`): a hash router over the views, each reading the keyed API.
 */
import { KEY, storedKey } from './api.js';
import { effectsView, effectView } from './effects-views.js';
import { askForKey, lastList, onForget, setRouter, showError } from './shell.js';
import { suggestionsView, suggestionView } from './suggestions-views.js';
import { traceView } from './trace-view.js';
import { turnsView, turnView } from './turns-views.js';

/**
 * The view the address names (`#/effects` when none), shown once its data has arrived; then
 * `document.body.dataset.shown` names the address shown, unless the address moved on meanwhile
 * (until its own view arrives, the previous one stays on screen).
 */
function route(): void {
  if (!storedKey()) {
    askForKey();
    return;
  }
  const hash = location.hash || '#/effects';
  const at = hash.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
  const [view = '', part] = (at < 0 ? hash : hash.slice(0, at)).slice(2).split('/');
  if (!part) lastList[view || 'effects'] = hash;
  const id = part === undefined ? '' : decodeURIComponent(part);
  let work: Promise<void>;
  if (view === 'effects' && id) work = effectView(id);
  else if (view === 'turns' && id) work = turnView(id);
  else if (view === 'turns') work = turnsView(params);
  else if (view === 'suggestions' && id) work = suggestionView(id);
  else if (view === 'suggestions') work = suggestionsView(params);
  else if (view === 'trace' && id) work = traceView(id);
  else work = effectsView(params);
  work.then(() => {
    if ((location.hash || '#/effects') === hash) document.body.dataset.shown = hash;
  }, showError);
}

setRouter(route);
onForget(() => {
  sessionStorage.removeItem(KEY);
  location.hash = '';
  askForKey();
});
window.addEventListener('hashchange', route);
route();
