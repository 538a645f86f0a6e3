import { describe, expect, it } from '@jest/globals';
import { appDatabaseUrl, ingestBaseUrl, readConfig } from '../../src/config.js';

const MASTER_KEY = Buffer.alloc(32, 1).toString('base64');

describe('configuration', () => {
  it('fails fast when RELAY_MASTER_KEY is missing, naming it', () => {
    expect(() => readConfig({})).toThrow(/RELAY_MASTER_KEY/);
  });

  it('refuses a bootstrap key without the whk_ prefix', () => {
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_BOOTSTRAP_API_KEY: 'secret-but-no-prefix-000000' })).toThrow(
      /RELAY_BOOTSTRAP_API_KEY.*whk_/,
    );
  });

  it('connects as webhook_relay_app on the migration database unless told otherwise', () => {
    const config = readConfig({ RELAY_MASTER_KEY: MASTER_KEY, DATABASE_URL: 'postgresql://owner:pw@db:5432/relay' });
    expect(appDatabaseUrl(config)).toBe('postgresql://webhook_relay_app@db:5432/relay');
    expect(appDatabaseUrl({ ...config, DATABASE_APP_URL: 'postgresql://app:pw@db/relay' })).toBe('postgresql://app:pw@db/relay');
  });

  it('hands out ingest URLs on the ingest port by default, or under RELAY_INGEST_URL', () => {
    expect(ingestBaseUrl(readConfig({ RELAY_MASTER_KEY: MASTER_KEY }))).toBe('http://127.0.0.1:8101');
    expect(ingestBaseUrl(readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_INGEST_URL: 'https://in.example.com/' }))).toBe(
      'https://in.example.com',
    );
  });

  it('reads paid plan volumes from RELAY_PLAN_ALLOWANCES and puts the bootstrap tenant on the free plan by default', () => {
    const config = readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_PLAN_ALLOWANCES: 'pro=250000, enterprise=unlimited' });
    expect(config.RELAY_PLAN_ALLOWANCES).toEqual({ pro: 250_000, enterprise: null });
    expect(config.RELAY_BOOTSTRAP_PLAN).toBe('free');
    expect(readConfig({ RELAY_MASTER_KEY: MASTER_KEY }).RELAY_PLAN_ALLOWANCES).toEqual({});
  });

  it('refuses plan volumes it cannot read, saying what to write instead', () => {
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_PLAN_ALLOWANCES: 'free=10' })).toThrow(
      /RELAY_PLAN_ALLOWANCES.*pro, scale, enterprise/,
    );
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_PLAN_ALLOWANCES: 'pro=lots' })).toThrow(
      /RELAY_PLAN_ALLOWANCES.*positive whole number/,
    );
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_BOOTSTRAP_PLAN: 'gold' })).toThrow(
      /RELAY_BOOTSTRAP_PLAN.*free, pro, scale, enterprise/,
    );
  });

  it('reads retention days per plan from RELAY_PLAN_RETENTION_DAYS, every plan left out keeping its default', () => {
    expect(readConfig({ RELAY_MASTER_KEY: MASTER_KEY }).RELAY_PLAN_RETENTION_DAYS).toEqual({
      free: 7,
      pro: 30,
      scale: 90,
      enterprise: 365,
    });
    expect(
      readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_PLAN_RETENTION_DAYS: 'free=3, enterprise=730' }).RELAY_PLAN_RETENTION_DAYS,
    ).toEqual({
      free: 3,
      pro: 30,
      scale: 90,
      enterprise: 730,
    });
  });

  it('refuses retention days it cannot read, saying what to write instead', () => {
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_PLAN_RETENTION_DAYS: 'gold=3' })).toThrow(
      /RELAY_PLAN_RETENTION_DAYS.*free, pro, scale, enterprise/,
    );
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_PLAN_RETENTION_DAYS: 'free=0' })).toThrow(
      /RELAY_PLAN_RETENTION_DAYS.*whole number of days from 1/,
    );
  });
});
