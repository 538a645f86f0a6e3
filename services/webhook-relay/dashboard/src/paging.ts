import { get, type Page, type Query } from './api.js';
import { actionButton, h, replaceChildren } from './dom.js';

/**
 * Reads a cursor-paged list: the first page now, the next ones when the person asks. `show` gets each page's
 * items; the answer is the place of the "Load more" button, which stays while there is a next page.
 */
export async function pageThrough<T>(path: string, query: Query, show: (items: T[]) => void, label = 'Load more'): Promise<HTMLElement> {
  const more = h('div');
  let cursor: string | null = null;
  const load = async (): Promise<void> => {
    const page = await get<Page<T>>(path, { limit: 50, ...query, cursor });
    show(page.data);
    cursor = page.next_cursor;
    replaceChildren(more, cursor ? actionButton(label, load, 'quiet') : null);
  };
  await load();
  return more;
}
