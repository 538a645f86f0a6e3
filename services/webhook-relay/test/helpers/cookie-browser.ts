/**
 * A browser for sign-in flows driven by hand: a cookie jar for one origin (the relay's), and redirects followed one
 * hop at a time so each can be checked.
 */
export class CookieBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly origin: () => string) {}

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const ours = new URL(url).origin === this.origin();
    const cookie = ours ? [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) },
    });
    if (ours)
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
        if (attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute))) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    return response;
  }

  /** Follows redirects from `url`; answers the last response and where it was (or the first location `stopAt` accepts). */
  async follow(url: string, stopAt: (location: string) => boolean = () => false): Promise<{ response: Response; location: string }> {
    let next = url;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.get(next);
      const location = response.headers.get('location');
      if (!location) return { response, location: next };
      next = new URL(location, next).toString();
      if (stopAt(next)) return { response, location: next };
    }
    throw new Error('too many redirects');
  }
}
