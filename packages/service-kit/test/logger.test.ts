import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger, isoTimeOncePerMillisecond } from '../src/index.js';

describe('isoTimeOncePerMillisecond', () => {
  it('gives the ISO time of the current millisecond as a pino time field', () => {
    let now = Date.UTC(2026, 10, 23, 6, 30, 0, 125);
    const time = isoTimeOncePerMillisecond(() => now);
    expect(time()).toBe(',"time":"2026-11-23T06:30:00.125Z"');
    now += 1;
    expect(time()).toBe(',"time":"2026-11-23T06:30:00.126Z"');
  });

  it('reuses the text within one millisecond', () => {
    const time = isoTimeOncePerMillisecond(() => 0);
    expect(time()).toBe(time());
    expect(time()).toBe(',"time":"1970-01-01T00:00:00.000Z"');
  });
});

describe('createLogger', () => {
  it('writes JSON lines with the service, a label level and an ISO time', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger({ service: 'test', destination }).info({ answer: 42 }, 'hello');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ service: 'test', level: 'info', answer: 42, msg: 'hello' });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });
});
