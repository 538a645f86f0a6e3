/** This library's version (package.json's), sent in the user agent. */
export const VERSION = '0.1.0';
export const USER_AGENT = `webhook-relay-client-ts/${VERSION}`;
