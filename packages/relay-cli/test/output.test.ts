import { describe, expect, it } from '@jest/globals';
import type { EventSummary } from '@workspace/contracts';
import { Output, outputOptions } from '../src/output.js';

const EVENT: EventSummary = {
  id: '019a1b2c-3d4e-7f00-8000-000000000001',
  endpoint_id: '019a1b2c-0000-7000-8000-000000000000',
  received_at: '2026-11-23T10:00:05.000Z',
  capture_seq: 7,
  method: 'POST',
  content_type: 'application/json',
  size: 42,
  provider: 'stripe',
  verification: { state: 'failed', cause: 'wrong_secret', pending: false },
  duplicate_of: null,
  event_type: null,
};
const utc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const FORWARD = { eventId: EVENT.id, method: 'POST', target: 'http://localhost:3000/hook', status: 200, durationMs: 8 };

function capture(isTTY: boolean, env: Record<string, string> = {}, json = false) {
  let text = '';
  const stream = { isTTY, write: (chunk: string) => (text += chunk) };
  const output = new Output(stream, { ...outputOptions(stream, env, json), formatTime: utc });
  return { output, text: () => text };
}

describe('Output', () => {
  it('prints plain rows without escape codes when piped', () => {
    const { output, text } = capture(false);
    output.event(EVENT);
    output.forwarded(FORWARD, new Date('2026-11-23T10:00:06Z'));
    output.caughtUp(3);
    expect(text()).toBe(
      [
        `2026-11-23 10:00:05  --> POST [${EVENT.id}] stripe failed (wrong_secret)`,
        `2026-11-23 10:00:06  <-- [200] POST http://localhost:3000/hook [${EVENT.id}] 8 ms`,
        'caught up (3 missed events forwarded) - now tailing live events',
        '',
      ].join('\n'),
    );
  });

  it('colours the same rows on a terminal: red for a failed verification, green for a 2xx', () => {
    const { output, text } = capture(true);
    output.event(EVENT);
    output.forwarded(FORWARD, new Date('2026-11-23T10:00:06Z'));
    expect(text()).toContain('\x1b[31mfailed (wrong_secret)\x1b[39m');
    expect(text()).toContain('\x1b[32m[200]\x1b[39m');
    expect(text().replace(/\x1b\[\d+m/g, '')).toContain(`--> POST [${EVENT.id}] stripe failed (wrong_secret)`);
  });

  it('keeps a terminal plain with NO_COLOR', () => {
    const { output, text } = capture(true, { NO_COLOR: '1' });
    output.event(EVENT);
    expect(text()).not.toContain('\x1b[');
  });

  it('prints one JSON object per line with --json, also on a terminal', () => {
    const { output, text } = capture(true, {}, true);
    output.event({ ...EVENT, verification: { state: 'verified', cause: null, pending: false } });
    output.forwarded({ ...FORWARD, status: null, error: 'ECONNREFUSED' }, new Date());
    output.caughtUp(0);
    expect(
      text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { type: 'event', ...EVENT, verification: { state: 'verified', cause: null, pending: false } },
      { type: 'forward', event_id: EVENT.id, target: FORWARD.target, method: 'POST', status: null, duration_ms: 8, error: 'ECONNREFUSED' },
      { type: 'caught_up', replayed: 0 },
    ]);
  });

  it('shows a missing provider as "-", an unreachable server as [ERR] with the cause', () => {
    const { output, text } = capture(false);
    output.event({ ...EVENT, provider: null, verification: { state: 'unattempted', cause: null, pending: false } });
    output.forwarded({ ...FORWARD, status: null, error: 'ECONNREFUSED' }, new Date('2026-11-23T10:00:06Z'));
    expect(text()).toBe(
      `2026-11-23 10:00:05  --> POST [${EVENT.id}] - unattempted\n2026-11-23 10:00:06  <-- [ERR] POST http://localhost:3000/hook [${EVENT.id}] 8 ms  ECONNREFUSED\n`,
    );
  });

  it('shows an event whose check is still due as pending, not as a verdict', () => {
    const { output, text } = capture(false);
    output.event({ ...EVENT, verification: { state: null, cause: null, pending: true } });
    expect(text()).toBe(`2026-11-23 10:00:05  --> POST [${EVENT.id}] stripe pending\n`);
  });
});
