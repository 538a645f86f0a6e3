import { spawnSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { checkTimestamp } from '../../src/verification/timestamp-window.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');

// Jest hands each test a copy of process.env, so the time zone is set on a child process instead.
const checkInTimeZone = (timeZone: string, raw: string): unknown => {
  const script = `import('./src/verification/timestamp-window.ts').then(({ checkTimestamp }) => console.log(JSON.stringify(checkTimestamp(${JSON.stringify(raw)}, 'iso', new Date('${NOW.toISOString()}')))))`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_OPTIONS: '', TZ: timeZone },
    encoding: 'utf8',
  });
  return JSON.parse(child.stdout);
};

describe('checkTimestamp with ISO date-times', () => {
  it('reads a date-time without a zone as UTC whatever the server time zone (Orb)', () => {
    expect(checkInTimeZone('America/New_York', '2026-11-23T10:00:00.123456')).toEqual({ ok: true });
  });

  it('keeps an explicit zone', () => {
    expect(checkTimestamp('2026-11-23T05:00:00-05:00', 'iso', NOW)).toEqual({ ok: true });
    expect(checkTimestamp('2026-11-23T10:00:00+02:00', 'iso', NOW)).toMatchObject({ ok: false, cause: 'timestamp_too_old' });
  });
});
