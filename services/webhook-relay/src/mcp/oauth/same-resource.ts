/** Whether a resource indicator (RFC 8707) names this resource: fragments and a trailing slash aside. */
export const sameResource = (a: string | URL, b: URL): boolean => String(a).split('#')[0]!.replace(/\/$/, '') === b.href.replace(/\/$/, '');
