import { call, get, useSession } from './api.js';
import { h, notify, replaceChildren } from './dom.js';
import { errorRegion } from './feedback.js';
import { attachIssueCount, clearIssueCount, refreshIssueCount } from './issue-count.js';
import { currentPath, go, match, type View } from './router.js';
import type { DashboardSession } from './types.js';
import { registerViews } from './views/index.js';
import { signInView } from './views/sign-in.js';

const SECTIONS: Array<[hash: string, label: string]> = [
  ['#/events', 'Events'],
  ['#/endpoints', 'Endpoints'],
  ['#/event-types', 'Event types'],
  ['#/destinations', 'Destinations'],
  ['#/deliveries', 'Deliveries'],
  ['#/dead-letters', 'Dead letters'],
  ['#/issues', 'Issues'],
  ['#/notifications', 'Notifications'],
  ['#/audit', 'Audit log'],
  ['#/agents', 'Agents'],
  ['#/keys', 'API keys & usage'],
];

const main = document.getElementById('main') as HTMLElement;
const nav = document.getElementById('nav') as HTMLElement;
const signOut = document.getElementById('sign-out') as HTMLButtonElement;
const menu = document.getElementById('menu') as HTMLButtonElement;
let session: DashboardSession | null = null;
let current: View | null = null;

/** Which section is open; none when signed out (the sign-in page is no section). */
function highlight(path: string | null): void {
  for (const anchor of Array.from(nav.querySelectorAll('a'))) {
    const section = anchor.getAttribute('href')!.slice(1);
    if (path !== null && (path === section || path.startsWith(`${section}/`))) anchor.setAttribute('aria-current', 'page');
    else anchor.removeAttribute('aria-current');
  }
}

/** The header's chrome: the navigation, its menu button (phone width) and sign-out show only when signed in. */
function showChrome(signedIn: boolean): void {
  nav.hidden = !signedIn;
  menu.hidden = !signedIn;
  signOut.hidden = !signedIn;
  openMenu(false);
}

// At phone width the navigation folds behind the menu button; at desktop width it is always shown (styles.css).
function openMenu(open: boolean): void {
  nav.classList.toggle('open', open);
  menu.setAttribute('aria-expanded', String(open));
}

function signedOut(): void {
  session = null;
  useSession(null, signedOut);
  clearIssueCount();
  showChrome(false);
  highlight(null);
  if (!location.hash.startsWith('#/sign-in')) go('#/sign-in');
  else void render();
}

async function start(): Promise<void> {
  registerViews();
  session = await get<DashboardSession>('/auth/session');
  useSession(session.csrf_token, signedOut);
  const issueCount = h('span');
  attachIssueCount(issueCount);
  replaceChildren(nav, ...SECTIONS.map(([hash, label]) => h('a', { href: hash }, label, hash === '#/issues' ? issueCount : null)));
  const signOutError = errorRegion((region) => signOut.after(region));
  signOut.addEventListener('click', () => {
    call<void>('DELETE', '/auth/session')
      .then(() => {
        signOutError.clear();
        notify('Signed out');
        signedOut();
      })
      .catch((error: unknown) => signOutError.show(error));
  });
  menu.addEventListener('click', () => openMenu(menu.getAttribute('aria-expanded') !== 'true'));
  window.addEventListener('hashchange', () => void render());
  await render();
}

async function render(): Promise<void> {
  current?.dispose?.();
  current = null;
  const { path, query } = currentPath();
  openMenu(false);
  if (!session?.signed_in) {
    showChrome(false);
    highlight(null);
    current = signInView(session?.sign_in_providers ?? [], query.get('error'), async (signedIn) => {
      session = signedIn;
      useSession(signedIn.csrf_token, signedOut);
      go('#/events');
    });
    show(current);
    return;
  }
  showChrome(true);
  highlight(path);
  void refreshIssueCount();
  const found = match(path === '/sign-in' ? '/events' : path);
  if (!found) {
    show({
      title: 'Not found',
      node: h(
        'div',
        null,
        h('h1', null, 'Not found'),
        h('p', null, 'There is no such page. '),
        h('a', { href: '#/events' }, 'Go to events'),
      ),
    });
    return;
  }
  replaceChildren(main, h('p', null, 'Loading…'));
  try {
    const view = await found.render(found.params, query);
    current = view;
    show(view);
  } catch (error) {
    show({
      title: 'Error',
      node: h(
        'div',
        { class: 'alert', role: 'alert' },
        h('h1', null, 'Could not load this page'),
        h('p', null, error instanceof Error ? error.message : String(error)),
      ),
    });
  }
}

function show(view: View): void {
  document.title = `${view.title} · webhook-relay`;
  replaceChildren(main, view.node);
}

start().catch((error: unknown) => {
  replaceChildren(
    main,
    h('div', { class: 'alert', role: 'alert' }, `The dashboard could not start: ${error instanceof Error ? error.message : String(error)}`),
  );
});
