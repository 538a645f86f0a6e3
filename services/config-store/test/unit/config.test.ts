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

  it('limits failed logins per user and address, per address, and per user across addresses, with delays past a threshold', () => {
    const config = readConfig({});
    expect(config.LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS).toBe(5);
    expect(config.LOGIN_MAX_FAILURES_PER_ADDRESS).toBe(20);
    expect(config.LOGIN_MAX_FAILURES_PER_USER).toBe(100);
    expect(config.LOGIN_FAILURE_WINDOW_SECONDS).toBe(900);
    expect(config.LOGIN_DELAY_AFTER_FAILURES).toBe(10);
    expect(config.LOGIN_DELAY_BASE_MILLISECONDS).toBe(250);
    expect(config.LOGIN_DELAY_MAX_MILLISECONDS).toBe(5000);
    expect(() => readConfig({ LOGIN_DELAY_MAX_MILLISECONDS: '600000' })).toThrow(/LOGIN_DELAY_MAX_MILLISECONDS/);
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
