// Hash routes (#/events/<id>): the server serves one page; the browser's back button works.

export interface View {
  title: string;
  node: Node;
  /** Called when the page is left (closes a live feed). */
  dispose?: () => void;
}

export type Params = Record<string, string>;
type Render = (params: Params, query: URLSearchParams) => Promise<View>;

const routes: Array<{ pattern: RegExp; names: string[]; render: Render }> = [];

export function route(path: string, render: Render): void {
  const names: string[] = [];
  const source = path.replace(/:([a-z_]+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const pattern = new RegExp(`^${source}$`);
  routes.push({ pattern, names, render });
}

export function currentPath(): { path: string; query: URLSearchParams } {
  const hash = location.hash.replace(/^#/, '') || '/events';
  const at = hash.indexOf('?');
  return { path: at < 0 ? hash : hash.slice(0, at), query: new URLSearchParams(at < 0 ? '' : hash.slice(at + 1)) };
}

export function go(hash: string): void {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}

export function match(path: string): { render: Render; params: Params } | null {
  for (const candidate of routes) {
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    const params: Params = {};
    candidate.names.forEach((name, index) => {
      params[name] = decodeURIComponent(found[index + 1] ?? '');
    });
    return { render: candidate.render, params };
  }
  return null;
}
