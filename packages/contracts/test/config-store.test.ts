import { describe, expect, it } from '@jest/globals';
import {
  CreateConfiguration,
  ListConfigurationsQuery,
  LoginBody,
  UpdateConfiguration,
  isValidHostname,
  validationMessage,
} from '../src/index.js';

const valid = { name: 'db', hostname: 'db.example.com', port: 5432, username: 'app' };

function messageOf(result: { success: boolean; error?: unknown }): string {
  if (result.success) throw new Error('expected a validation failure');
  return validationMessage(result.error as never);
}

describe('CreateConfiguration', () => {
  it('accepts a complete record', () => {
    expect(CreateConfiguration.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ ...valid, port: '5432' }, 'port must be an integer'],
    [{ ...valid, port: 0 }, 'port must be between 1 and 65535'],
    [{ ...valid, port: 65536 }, 'port must be between 1 and 65535'],
    [{ ...valid, port: 80.5 }, 'port must be an integer'],
    [{ ...valid, name: '' }, 'name must not be empty'],
    [{ ...valid, name: '   ' }, 'name must not be blank'],
    [{ ...valid, name: 'a/b' }, 'name must not contain "/"'],
    [{ ...valid, name: 'x'.repeat(256) }, 'name must be at most 255 characters'],
    [{ ...valid, hostname: 'bad host' }, 'hostname must be a valid host name'],
    [{ ...valid, extra: 1 }, 'unknown field "extra"'],
    [{ hostname: 'h', port: 1, username: 'u' }, 'name is required'],
    [[], 'body must be a JSON object'],
  ])('rejects %j with a message naming the problem', (input, expected) => {
    expect(messageOf(CreateConfiguration.safeParse(input))).toContain(expected);
  });
});

describe('isValidHostname', () => {
  it.each(['localhost', 'db.example.com', 'db.example.com.', '10.0.0.1', '::1', '2001:db8::1', 'a-b.c'])('accepts %s', (host) => {
    expect(isValidHostname(host)).toBe(true);
  });
  it.each(['-a.com', 'a-.com', 'a..b', 'under_score.com', 'x'.repeat(64) + '.com', 'http://x', ''])('rejects %s', (host) => {
    expect(isValidHostname(host)).toBe(false);
  });
});

describe('UpdateConfiguration', () => {
  it('accepts any subset of fields', () => {
    expect(UpdateConfiguration.parse({ port: 1 })).toEqual({ port: 1 });
  });
  it('rejects an empty patch', () => {
    expect(messageOf(UpdateConfiguration.safeParse({}))).toContain('at least one of');
  });
});

describe('ListConfigurationsQuery', () => {
  it('parses sort and paging', () => {
    expect(ListConfigurationsQuery.parse({ sort: 'port', page: '2', per_page: '100' })).toEqual({ sort: 'port', page: 2, per_page: 100 });
  });
  it.each([
    [{ sort: 'id' }, 'sort must be one of name, hostname, port, username'],
    [{ per_page: '101' }, 'per_page must be at most 100'],
    [{ per_page: '0' }, 'per_page must be at least 1'],
    [{ page: '-1' }, 'page must be a non-negative integer'],
    [{ page: 'x' }, 'page must be a non-negative integer'],
    [{ limit: '3' }, 'unknown field "limit"'],
  ])('rejects %j', (input, expected) => {
    expect(messageOf(ListConfigurationsQuery.safeParse(input))).toContain(expected);
  });
});

describe('LoginBody', () => {
  it('accepts name as an alias of username', () => {
    expect(LoginBody.parse({ name: 'admin', password: 'pw' })).toEqual({ username: 'admin', password: 'pw' });
  });
  it('prefers username when both are sent', () => {
    expect(LoginBody.parse({ username: 'a', name: 'b', password: 'pw' })).toEqual({ username: 'a', password: 'pw' });
  });
  it('requires a password', () => {
    expect(messageOf(LoginBody.safeParse({ username: 'a' }))).toContain('password is required');
  });
});
