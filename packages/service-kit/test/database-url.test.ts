import { describe, expect, it } from '@jest/globals';
import { parseDatabaseUrl, quoteIdentifier, withDatabase } from '../src/migrate/index.js';

describe('parseDatabaseUrl', () => {
  it('reads host, port, user, password and database', () => {
    expect(parseDatabaseUrl('postgresql://app:s%40cret@db.internal:6543/orders')).toEqual({
      host: 'db.internal',
      port: 6543,
      user: 'app',
      password: 's@cret',
      database: 'orders',
    });
  });

  it('honours a unix socket directory given as ?host=, with or without a user', () => {
    expect(parseDatabaseUrl('postgresql://postgres@/orders?host=/var/run/postgresql')).toMatchObject({
      host: '/var/run/postgresql',
      user: 'postgres',
      database: 'orders',
    });
    expect(parseDatabaseUrl('postgres:///orders?host=/var/run/postgresql').host).toBe('/var/run/postgresql');
  });

  it('maps sslmode', () => {
    expect(parseDatabaseUrl('postgresql://u@h/d?sslmode=require').ssl).toEqual({ rejectUnauthorized: false });
    expect(parseDatabaseUrl('postgresql://u@h/d?sslmode=verify-full').ssl).toBe(true);
    expect(parseDatabaseUrl('postgresql://u@h/d?sslmode=disable').ssl).toBeUndefined();
    expect(() => parseDatabaseUrl('postgresql://u@h/d?sslmode=sometimes')).toThrow(/unknown sslmode "sometimes"/);
  });

  it('reads IPv6 hosts and defaults the port', () => {
    expect(parseDatabaseUrl('postgresql://u@[::1]/d')).toMatchObject({ host: '::1', port: 5432 });
  });

  it('names the problem for unparsable URLs without echoing the password', () => {
    expect(() => parseDatabaseUrl('mysql://root@localhost/x')).toThrow(/^Invalid database URL: expected postgresql:\/\//);
    expect(() => parseDatabaseUrl('postgresql://u:hunter2@h:99999/d')).toThrow(/bad port "99999"/);
    expect(() => parseDatabaseUrl('postgresql://u:hunter2@h:99999/d')).not.toThrow(/hunter2/);
  });
});

describe('withDatabase', () => {
  it('swaps only the database name', () => {
    expect(withDatabase('postgresql://u:p@h:5433/orders?sslmode=require', 'orders_test')).toBe(
      'postgresql://u:p@h:5433/orders_test?sslmode=require',
    );
    expect(withDatabase('postgresql://postgres@/orders?host=/var/run/postgresql', 'x')).toBe(
      'postgresql://postgres@/x?host=/var/run/postgresql',
    );
    expect(withDatabase('postgresql://h', 'a b')).toBe('postgresql://h/a%20b');
  });

  it('drops a dbname parameter that would override the new name', () => {
    expect(parseDatabaseUrl(withDatabase('postgresql://h/a?dbname=a&sslmode=require', 'b'))).toMatchObject({
      database: 'b',
      ssl: { rejectUnauthorized: false },
    });
  });
});

describe('quoteIdentifier', () => {
  it('rejects names that cannot be quoted safely', () => {
    expect(quoteIdentifier('orders_test')).toBe('"orders_test"');
    expect(() => quoteIdentifier('a"b')).toThrow(/double quote/);
    expect(() => quoteIdentifier('a\0b')).toThrow(/NUL/);
    expect(() => quoteIdentifier('x'.repeat(64))).toThrow(/longer than 63 bytes/);
  });
});
