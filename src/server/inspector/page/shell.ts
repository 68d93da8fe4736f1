import { api, KEY, storedKey, Unauthorized } from './api.js';
import { el } from './dom.js';

/** An element the page's markup must have. */
function byId(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the inspector page has no #${id}`);
  return node;
}

/** Where each view renders. */
export const main = byId('main');
const nav = byId('nav');
const tenant = byId('tenant');
const forget = byId('forget');

/** Whether the server mounts the turn routes (the page's `data-turns`), so the Turns view shows. */
export const turnsAvailable = document.body.dataset.turns === 'true';

/** The list (with its filters) each detail view's back link returns to, by view. */
export const lastList: Record<string, string> = {};

/** The address of the list view `view` was last shown with. */
export function backTo(view: string): string {
  return lastList[view] ?? `#/${view}`;
}

let tenantShown: string | null = null;
let router: () => void = () => {};

/** What shows the view the address names, once a key is entered (the page's router). */
export function setRouter(route: () => void): void {
  router = route;
}

/** Shows the key form (with `message`, when there is one); the router runs once a key is entered. */
export function askForKey(message?: string): void {
  forget.hidden = true;
  tenant.textContent = '';
  tenantShown = null;
  nav.replaceChildren();
  const input = el('input', { type: 'password', id: 'api-key', autocomplete: 'off' });
  const submit = (event: Event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    sessionStorage.setItem(KEY, input.value.trim());
    router();
  };
  const form = el('form', { class: 'key card', onsubmit: submit }, [
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

/** Fills the header's tenant slot once per key: whose records the inspector shows. */
function showTenant(): void {
  if (tenantShown === storedKey()) return;
  tenantShown = storedKey();
  api<{ tenant_id: string }>('/v0/tenant').then(
    (t) => {
      tenant.textContent = `tenant ${t.tenant_id}`;
    },
    () => {
      tenantShown = null;
    },
  );
}

/** The header's links, `active` (a link's label) marked. */
export function renderNav(active: string): void {
  showTenant();
  const links: [string, string][] = [['#/effects', 'Effects']];
  if (turnsAvailable) links.push(['#/turns', 'Turns']);
  links.push(['#/suggestions', 'Suggestions']);
  nav.replaceChildren(...links.map(([href, label]) => el('a', { href, text: label, class: active === label ? 'active' : '' })));
  forget.hidden = false;
}

/** A view that failed, in place of the view; a refused key (already forgotten) asks for another. */
export function showError(error: unknown): void {
  if (error instanceof Unauthorized) askForKey('That key was refused.');
  else main.replaceChildren(el('div', { class: 'card error', text: error instanceof Error ? error.message : String(error) }));
}

/** The "Forget key" button: forgets the key and asks for one. */
export function onForget(forgotten: () => void): void {
  forget.addEventListener('click', forgotten);
}
