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

describe('Unicode in names and user names', () => {
  it('stores names and user names in NFC, so precomposed and decomposed "é" are the same value', () => {
    const parsed = CreateConfiguration.parse({ ...valid, name: 'caf\u0065\u0301', username: 'jos\u0065\u0301' });
    expect(parsed.name).toBe('caf\u00e9');
    expect(parsed.username).toBe('jos\u00e9');
    expect(UpdateConfiguration.parse({ name: 'caf\u0065\u0301' })).toEqual({ name: 'caf\u00e9' });
  });

  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a reversed surrogate pair', '\udc00\ud800'],
  ])('rejects %s in the name, naming the field', (_case, name) => {
    expect(messageOf(CreateConfiguration.safeParse({ ...valid, name }))).toBe(
      'name must be well-formed Unicode (it contains a lone surrogate)',
    );
  });

  it('accepts characters outside the Basic Multilingual Plane (a proper surrogate pair)', () => {
    expect(CreateConfiguration.parse({ ...valid, name: 'db-\u{1F418}' }).name).toBe('db-\u{1F418}');
  });

  it.each([
    ['U+202E', 'admin\u202Egpj.exe'],
    ['U+202A', '\u202Adb'],
    ['U+2066', 'db\u2066'],
    ['U+200E', 'db\u200E'],
    ['U+061C', 'db\u061C'],
    ['U+200B', 'd\u200Bb'],
    ['U+200C', 'd\u200Cb'],
    ['U+200D', 'd\u200Db'],
    ['U+2060', 'd\u2060b'],
    ['U+FEFF', '\uFEFFdb'],
    ['U+00AD', 'd\u00ADb'],
    ['U+3164', 'db\u3164'],
    ['U+FE0F', 'db\uFE0F'],
    ['U+2028', 'd\u2028b'],
    ['U+E0041', 'db\u{E0041}'],
  ])('rejects the invisible or bidirectional control %s in the name, naming the field and the character', (codePoint, name) => {
    expect(messageOf(CreateConfiguration.safeParse({ ...valid, name }))).toBe(
      `name must not contain invisible or bidirectional control characters (found ${codePoint})`,
    );
  });

  it.each([
    ['a C0 control', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
  ])('rejects %s in the name', (_case, name) => {
    expect(messageOf(CreateConfiguration.safeParse({ ...valid, name }))).toContain('name must not contain "/" or control characters');
  });

  it("applies the same rules to the record's user name", () => {
    expect(messageOf(CreateConfiguration.safeParse({ ...valid, username: 'app\u200B' }))).toContain('username must not contain invisible');
    expect(messageOf(CreateConfiguration.safeParse({ ...valid, username: 'app\u0085' }))).toContain(
      'username must not contain control characters',
    );
    expect(messageOf(UpdateConfiguration.safeParse({ username: '\ud800' }))).toBe(
      'username must be well-formed Unicode (it contains a lone surrogate)',
    );
  });

  it.each([
    ['a right-to-left override', 'db\u202E.example.com'],
    ['a zero-width space', 'db\u200B.example.com'],
    ['a lone surrogate', 'db\ud800.example.com'],
  ])('rejects %s in the hostname, naming the field', (_case, hostname) => {
    expect(messageOf(CreateConfiguration.safeParse({ ...valid, hostname }))).toContain('hostname must be a valid host name');
  });

  it('looks user names up in NFC and refuses lone surrogates in login fields without echoing them', () => {
    expect(LoginBody.parse({ username: 'jos\u0065\u0301', password: 'p\u0065\u0301' })).toEqual({
      username: 'jos\u00e9',
      password: 'p\u0065\u0301',
    });
    expect(messageOf(LoginBody.safeParse({ username: '\ud800', password: 'pw' }))).toContain('username must be well-formed Unicode');
    expect(messageOf(LoginBody.safeParse({ username: 'a', password: 'x\udfff' }))).toBe(
      'password must be well-formed Unicode (it contains a lone surrogate)',
    );
  });
});

describe('isValidHostname', () => {
  it.each(['localhost', 'db.example.com', 'db.example.com.', '10.0.0.1', '::1', '2001:db8::1', 'a-b.c'])('accepts %s', (host) => {
    expect(isValidHostname(host)).toBe(true);
  });
  it.each(['-a.com', 'a-.com', 'a..b', 'under_score.com', `${'x'.repeat(64)}.com`, 'http://x', ''])('rejects %s', (host) => {
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
