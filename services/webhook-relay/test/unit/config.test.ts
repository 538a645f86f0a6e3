import { describe, expect, it } from '@jest/globals';
import { appDatabaseUrl, ingestBaseUrl, readConfig } from '../../src/config.js';

const MASTER_KEY = Buffer.alloc(32, 1).toString('base64');

describe('configuration', () => {
  it('fails fast when RELAY_MASTER_KEY is missing, naming it', () => {
    expect(() => readConfig({})).toThrow(/RELAY_MASTER_KEY/);
  });

  it('refuses a bootstrap key without the whk_ prefix', () => {
    expect(() => readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_BOOTSTRAP_API_KEY: 'secret-but-no-prefix-000000' })).toThrow(/RELAY_BOOTSTRAP_API_KEY.*whk_/);
  });

  it('connects as webhook_relay_app on the migration database unless told otherwise', () => {
    const config = readConfig({ RELAY_MASTER_KEY: MASTER_KEY, DATABASE_URL: 'postgresql://owner:pw@db:5432/relay' });
    expect(appDatabaseUrl(config)).toBe('postgresql://webhook_relay_app@db:5432/relay');
    expect(appDatabaseUrl({ ...config, DATABASE_APP_URL: 'postgresql://app:pw@db/relay' })).toBe('postgresql://app:pw@db/relay');
  });

  it('hands out ingest URLs on the ingest port by default, or under RELAY_INGEST_URL', () => {
    expect(ingestBaseUrl(readConfig({ RELAY_MASTER_KEY: MASTER_KEY }))).toBe('http://127.0.0.1:8101');
    expect(ingestBaseUrl(readConfig({ RELAY_MASTER_KEY: MASTER_KEY, RELAY_INGEST_URL: 'https://in.example.com/' }))).toBe('https://in.example.com');
  });
});
