import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../src/config-store.js';

describe('ConfigStore', () => {
  let root: string;
  let store: ConfigStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'relay-cli-config-'));
    store = new ConfigStore(join(root, 'webhook-relay'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes credentials readable by the owner only (0600) in a 0700 directory', async () => {
    await store.saveCredentials({ api_url: 'http://127.0.0.1:8100', api_key: 'whk_secret' });
    expect((await stat(store.credentialsPath)).mode & 0o777).toBe(0o600);
    expect((await stat(store.dir)).mode & 0o777).toBe(0o700);
    expect(await store.readCredentials()).toEqual({ api_url: 'http://127.0.0.1:8100', api_key: 'whk_secret' });
  });

  it('keeps 0600 when an existing file had wider permissions', async () => {
    await store.saveCredentials({ api_url: 'http://a', api_key: 'whk_1' });
    await writeFile(store.credentialsPath, '{}', { mode: 0o644 });
    await store.saveCredentials({ api_url: 'http://a', api_key: 'whk_2' });
    expect((await stat(store.credentialsPath)).mode & 0o777).toBe(0o600);
  });

  it('removes credentials, and says whether there were any', async () => {
    expect(await store.removeCredentials()).toBe(false);
    await store.saveCredentials({ api_url: 'http://a', api_key: 'whk_1' });
    expect(await store.removeCredentials()).toBe(true);
    expect(await store.readCredentials()).toBeNull();
  });

  it('remembers a cursor per API and endpoint', async () => {
    await store.saveCursor('http://a/', 'endpoint-1', { last: 'event-9', recent: ['event-8', 'event-9'] });
    await store.saveCursor('http://b', 'endpoint-1', { last: 'event-3', recent: ['event-3'] });
    expect(await store.readCursor('http://a', 'endpoint-1')).toEqual({ last: 'event-9', recent: ['event-8', 'event-9'] });
    expect(await store.readCursor('http://b', 'endpoint-1')).toEqual({ last: 'event-3', recent: ['event-3'] });
    expect(await store.readCursor('http://a', 'endpoint-2')).toBeNull();
    expect((await stat(join(store.dir, 'cursors.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(store.dir, 'cursors.json'), 'utf8'))).toEqual({
      'http://a endpoint-1': { last: 'event-9', recent: ['event-8', 'event-9'] },
      'http://b endpoint-1': { last: 'event-3', recent: ['event-3'] },
    });
  });

  it('reads a cursor saved as a bare event id as that event', async () => {
    await mkdir(store.dir, { recursive: true });
    await writeFile(join(store.dir, 'cursors.json'), JSON.stringify({ 'http://a endpoint-1': 'event-9' }));
    expect(await store.readCursor('http://a', 'endpoint-1')).toEqual({ last: 'event-9', recent: ['event-9'] });
  });

  it('names the file when it is not valid JSON', async () => {
    await store.saveCredentials({ api_url: 'http://a', api_key: 'whk_1' });
    await writeFile(store.credentialsPath, 'not json');
    await expect(store.readCredentials()).rejects.toThrow(/credentials\.json is not valid JSON/);
  });
});
