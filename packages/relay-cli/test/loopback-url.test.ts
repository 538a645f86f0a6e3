import { describe, expect, it } from '@jest/globals';
import { EXIT_USAGE } from '../src/errors.js';
import { parseLoopbackUrl } from '../src/loopback-url.js';

describe('parseLoopbackUrl', () => {
  it.each([
    ['http://localhost:3000/webhooks', 'http://localhost:3000/webhooks'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/'],
    ['http://[::1]:4000/a/b?c=d', 'http://[::1]:4000/a/b?c=d'],
    ['https://localhost/hook', 'https://localhost/hook'],
    ['HTTP://LOCALHOST:3000/', 'http://localhost:3000/'],
  ])('accepts %s', (text, expected) => {
    expect(parseLoopbackUrl(text).toString()).toBe(expected);
  });

  it.each([
    ['localhost:3000', 'must be a full URL'],
    ['127.0.0.1:3000/hook', 'must be a full URL'],
    ['ftp://127.0.0.1/', 'must be a full URL'],
    ['http://example.com/hook', 'the host must be'],
    ['http://localhost.example.com/', 'the host must be'],
    ['http://127.0.0.1.nip.io/', 'the host must be'],
    ['http://10.0.0.1:3000/', 'the host must be'],
    ['http://0.0.0.0:3000/', 'the host must be'],
    ['http://user:secret@localhost:3000/', 'user name or password'],
    ['http://localhost:99999/', 'not a valid URL'],
  ])('refuses %s (%s) as a usage error', (text, why) => {
    expect(() => parseLoopbackUrl(text)).toThrow(expect.objectContaining({ exitCode: EXIT_USAGE, message: expect.stringContaining(why) }));
  });
});
