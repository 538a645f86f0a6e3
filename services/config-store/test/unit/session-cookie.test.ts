import { describe, expect, it } from '@jest/globals';
import { sign } from 'cookie-signature';
import { sessionIdFromCookie } from '../../src/http/session-cookie.js';

const NAME = 'config_store.sid';
const cookieFor = (id: string, secret: string) => `${NAME}=${encodeURIComponent(`s:${sign(id, secret)}`)}`;

describe('sessionIdFromCookie', () => {
  it('returns the id of a cookie signed with the current secret', () => {
    expect(sessionIdFromCookie(cookieFor('abc', 'current'), NAME, ['current'])).toBe('abc');
  });

  it('accepts a cookie signed with an older secret still in the list (rotation)', () => {
    expect(sessionIdFromCookie(`other=1; ${cookieFor('abc', 'previous')}`, NAME, ['current', 'previous'])).toBe('abc');
  });

  it('refuses a cookie signed with a secret no longer in the list', () => {
    expect(sessionIdFromCookie(cookieFor('abc', 'retired'), NAME, ['current'])).toBeUndefined();
  });

  it('refuses a cookie whose id was changed after signing', () => {
    const forged = cookieFor('abc', 'current').replace('abc', 'abd');
    expect(sessionIdFromCookie(forged, NAME, ['current'])).toBeUndefined();
  });

  it('refuses unsigned values, other cookie names and missing headers', () => {
    expect(sessionIdFromCookie(`${NAME}=abc`, NAME, ['current'])).toBeUndefined();
    expect(sessionIdFromCookie(cookieFor('abc', 'current').replace(NAME, 'x'), NAME, ['current'])).toBeUndefined();
    expect(sessionIdFromCookie(undefined, NAME, ['current'])).toBeUndefined();
  });
});
