// What the PostgreSQL-stall tests measure and require of every answer given while the database stalls.
import { expect } from '@jest/globals';

export interface TimedAnswer {
  status: number;
  retryAfter: string | null;
  body: string;
  ms: number;
}

/** Past this a request counts as hung: it is given up and reported as status 0. */
export const HUNG_MS = 60_000;

/** A request's answer and how long it took. */
export async function timed(url: string, init: RequestInit = {}): Promise<TimedAnswer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HUNG_MS) });
    const body = await response.text();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body, ms: ms() };
  } catch (error) {
    return { status: 0, retryAfter: null, body: `no answer: ${String(error)}`, ms: ms() };
  }
}

/** Every answer is a 503 with a Retry-After, within `withinMs` (never a hang, never a 500, never a 2xx). */
export function expectAllUnavailable(answers: TimedAnswer[], withinMs: number, output: string[] = []): void {
  const wrong = answers.filter(
    (answer) => answer.status !== 503 || !answer.retryAfter || !(Number(answer.retryAfter) > 0) || answer.ms > withinMs,
  );
  if (wrong.length > 0) {
    const shown = wrong
      .slice(0, 5)
      .map((answer) => `${answer.status} retry-after=${answer.retryAfter} after ${answer.ms} ms: ${answer.body.slice(0, 200)}`);
    throw new Error(
      `${wrong.length} of ${answers.length} answers were not a 503 with Retry-After within ${withinMs} ms:\n${shown.join('\n')}\nservice output:\n${output.slice(-15).join('\n')}`,
    );
  }
  expect(wrong).toEqual([]);
}
