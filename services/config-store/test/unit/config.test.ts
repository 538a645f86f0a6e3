import { describe, expect, it } from '@jest/globals';
import { readConfig } from '../../src/config.js';

describe('readConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/config_store');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.MIGRATE_ON_START).toBe(true);
  });

  it('reads trust proxy as a boolean, a hop count or an address list', () => {
    expect(readConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(readConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
  });

  it('fails naming the variable when a value is invalid', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a whole number/);
    expect(() => readConfig({ DATABASE_URL: 'nope' })).toThrow(/DATABASE_URL/);
  });

  it('refuses a user name without a password', () => {
    expect(() => readConfig({ CONFIG_STORE_USERNAME: 'admin' })).toThrow(/CONFIG_STORE_PASSWORD/);
  });
});
