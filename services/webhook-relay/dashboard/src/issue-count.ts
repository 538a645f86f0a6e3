import { get, type Page } from './api.js';
import { h } from './dom.js';
import type { Issue } from './types.js';

// The unresolved issues' count beside "Issues" in the navigation: one list call (at most a page of 100) each time
// a page is shown or an issue changes. It is a hint: when the call fails the count is left out, never an error.

const LIMIT = 100;
let place: HTMLElement | null = null;
let asked = 0;

export function attachIssueCount(element: HTMLElement): void {
  place = element;
}

export function clearIssueCount(): void {
  asked += 1;
  place?.replaceChildren();
}

export async function refreshIssueCount(): Promise<void> {
  if (!place) return;
  const mine = ++asked;
  try {
    const page = await get<Page<Issue>>('/v1/issues', { state: 'unresolved', limit: LIMIT });
    // A later refresh (or sign-out) has taken over.
    if (mine !== asked || !place) return;
    const count = page.next_cursor ? `${LIMIT}+` : String(page.data.length);
    if (page.data.length)
      place.replaceChildren(' ', h('span', { class: 'count' }, count), h('span', { class: 'visually-hidden' }, ' unresolved'));
    else place.replaceChildren();
  } catch {
    if (mine === asked) place?.replaceChildren();
  }
}
