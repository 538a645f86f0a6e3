import type { EventSummary } from '@workspace/contracts';
import pc from 'picocolors';
import type { OutputStream } from './io.js';

export interface ForwardOutcome {
  eventId: string;
  method: string;
  target: string;
  /** null when no HTTP answer came back (refused, timed out). */
  status: number | null;
  durationMs: number;
  error?: string;
}

export interface OutputOptions {
  json: boolean;
  /** Colours only on a terminal, never when piped, and never with NO_COLOR set. */
  color: boolean;
  /** How times are shown; local time by default (the clock the user reads). */
  formatTime?: (date: Date) => string;
}

export function outputOptions(stream: OutputStream, env: Record<string, string | undefined>, json = false): OutputOptions {
  return { json, color: !json && Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb' };
}

const pad = (value: number) => String(value).padStart(2, '0');
/** `2024-03-21 17:15:40`, the layout Stripe's CLI prints, in local time. */
export const localTime = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/**
 * One line per event or forward: columns a human scans on a terminal (coloured), the same text
 * without escape codes when piped, and one JSON object per line with --json.
 */
export class Output {
  private readonly colors: ReturnType<typeof pc.createColors>;
  private readonly formatTime: (date: Date) => string;

  constructor(
    private readonly stream: OutputStream,
    private readonly options: OutputOptions,
  ) {
    this.colors = pc.createColors(options.color);
    this.formatTime = options.formatTime ?? localTime;
  }

  event(event: EventSummary): void {
    if (this.options.json) return this.json({ type: 'event', ...event });
    const c = this.colors;
    const { state, cause } = event.verification;
    const paint = state === 'verified' || state === 'authenticated' ? c.green : state === 'failed' ? c.red : c.yellow;
    // No state yet: the check is still due (shown when the wait for it ran out).
    const shown = state ?? 'pending';
    const verification = paint(cause && state !== 'verified' ? `${shown} (${cause})` : shown);
    const provider = event.provider ?? c.dim('-');
    this.line(
      `${c.dim(this.formatTime(new Date(event.received_at)))}  ${c.cyan('-->')} ${event.method} [${event.id}] ${provider} ${verification}`,
    );
  }

  forwarded(outcome: ForwardOutcome, at: Date): void {
    if (this.options.json) {
      return this.json({
        type: 'forward',
        event_id: outcome.eventId,
        target: outcome.target,
        method: outcome.method,
        status: outcome.status,
        duration_ms: outcome.durationMs,
        ...(outcome.error ? { error: outcome.error } : {}),
      });
    }
    const c = this.colors;
    const status =
      outcome.status === null
        ? c.red('[ERR]')
        : (outcome.status < 300 ? c.green : outcome.status < 500 ? c.yellow : c.red)(`[${outcome.status}]`);
    const error = outcome.error ? `  ${c.red(outcome.error)}` : '';
    this.line(
      `${c.dim(this.formatTime(at))}  ${c.magenta('<--')} ${status} ${outcome.method} ${outcome.target} [${outcome.eventId}] ${outcome.durationMs} ms${error}`,
    );
  }

  caughtUp(replayed: number): void {
    if (this.options.json) return this.json({ type: 'caught_up', replayed });
    const what = replayed === 0 ? 'nothing missed' : `${replayed} missed event${replayed === 1 ? '' : 's'} forwarded`;
    this.line(this.colors.bold(`caught up (${what}) - now tailing live events`));
  }

  json(value: unknown): void {
    this.stream.write(`${JSON.stringify(value)}\n`);
  }

  line(text: string): void {
    this.stream.write(`${text}\n`);
  }

  get isJson(): boolean {
    return this.options.json;
  }

  get paint(): ReturnType<typeof pc.createColors> {
    return this.colors;
  }
}
