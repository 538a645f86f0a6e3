// OutcomeBatches: the rounds of a tenant that finish while its connections are busy are recorded in one statement
// when one frees; each round's promise settles when its own outcomes are committed; tenants never share a
// statement; a batch PostgreSQL refuses is recorded again round by round, so a round it refuses fails alone.
import { describe, expect, it } from '@jest/globals';
import type { DeliveryOutcome, DeliveryRound } from '../../src/db/functions/relay-record-delivery-outcomes.js';
import { OutcomeBatches } from '../../src/delivery/outcome-batches.js';
import { TenantConnectionShare } from '../../src/delivery/tenant-connection-share.js';

const settled = () => new Promise((resolve) => setImmediate(resolve));

function outcome(deliveryId: string): DeliveryOutcome {
  return {
    attemptId: `attempt-${deliveryId}`,
    deliveryId,
    startedAt: new Date(0),
    durationMs: 1,
    status: 200,
    error: null,
    excerpt: null,
    state: 'succeeded',
    nextAttemptAt: null,
  };
}

const round = (destinationId: string, ...deliveryIds: string[]): DeliveryRound => ({ destinationId, outcomes: deliveryIds.map(outcome) });

/** A recorder whose statements finish when the test says, recording what each statement held. */
function heldRecorder() {
  const statements: Array<{ tenantId: string; destinations: string[]; finish: (error?: Error) => void }> = [];
  const record = (tenantId: string, rounds: DeliveryRound[]) =>
    new Promise<void>((resolve, reject) => {
      statements.push({
        tenantId,
        destinations: rounds.map((r) => r.destinationId),
        finish: (error) => (error ? reject(error) : resolve()),
      });
    });
  return { statements, record };
}

/** Which of the promises have settled, and how. */
function watch(promises: Array<Promise<void>>) {
  const states = promises.map(() => 'waiting' as string);
  promises.forEach((promise, index) =>
    promise.then(
      () => (states[index] = 'committed'),
      (error: Error) => (states[index] = `failed: ${error.message}`),
    ),
  );
  return states;
}

describe('OutcomeBatches: group commit of delivery outcomes per tenant', () => {
  it('records a round at once when a connection is free', async () => {
    const recorder = heldRecorder();
    const batches = new OutcomeBatches(new TenantConnectionShare(1), recorder.record);
    const states = watch([batches.record('t', round('d1', 'a'))]);
    await settled();
    expect(recorder.statements.map((s) => s.destinations)).toEqual([['d1']]);
    recorder.statements[0]!.finish();
    await settled();
    expect(states).toEqual(['committed']);
  });

  it("records the rounds that finished while the tenant's connection was busy in one statement, each settling with it", async () => {
    const recorder = heldRecorder();
    const batches = new OutcomeBatches(new TenantConnectionShare(1), recorder.record);
    const first = batches.record('t', round('d1', 'a'));
    await settled();
    const waiting = [batches.record('t', round('d2', 'b')), batches.record('t', round('d3', 'c', 'd'))];
    const states = watch([first, ...waiting]);
    await settled();
    expect(batches.waitingRounds('t')).toBe(2);
    expect(recorder.statements).toHaveLength(1);
    recorder.statements[0]!.finish();
    await settled();
    expect(states).toEqual(['committed', 'waiting', 'waiting']);
    expect(recorder.statements.map((s) => s.destinations)).toEqual([['d1'], ['d2', 'd3']]);
    recorder.statements[1]!.finish();
    await settled();
    expect(states).toEqual(['committed', 'committed', 'committed']);
    expect(batches.waitingRounds('t')).toBe(0);
  });

  it("never puts two tenants' rounds in one statement, nor makes one tenant wait for another's", async () => {
    const recorder = heldRecorder();
    const batches = new OutcomeBatches(new TenantConnectionShare(1), recorder.record);
    void batches.record('busy', round('d1', 'a'));
    await settled();
    const busyWaiting = batches.record('busy', round('d2', 'b'));
    const other = batches.record('other', round('d9', 'z'));
    const states = watch([busyWaiting, other]);
    await settled();
    expect(recorder.statements.map((s) => [s.tenantId, s.destinations])).toEqual([
      ['busy', ['d1']],
      ['other', ['d9']],
    ]);
    recorder.statements[1]!.finish();
    await settled();
    expect(states).toEqual(['waiting', 'committed']);
    recorder.statements[0]!.finish();
    await settled();
    recorder.statements[2]!.finish();
    await settled();
    expect(states).toEqual(['committed', 'committed']);
  });

  it('bounds a statement by its attempts: the rounds past the bound wait for the next connection', async () => {
    const recorder = heldRecorder();
    const batches = new OutcomeBatches(new TenantConnectionShare(1), recorder.record, 3);
    void batches.record('t', round('d0', 'x'));
    await settled();
    void batches.record('t', round('d1', 'a', 'b'));
    void batches.record('t', round('d2', 'c'));
    void batches.record('t', round('d3', 'd'));
    await settled();
    recorder.statements[0]!.finish();
    await settled();
    expect(recorder.statements[1]!.destinations).toEqual(['d1', 'd2']);
    recorder.statements[1]!.finish();
    await settled();
    expect(recorder.statements[2]!.destinations).toEqual(['d3']);
    // A round larger than the bound still goes, alone.
    recorder.statements[2]!.finish();
    const large = watch([batches.record('t', round('d4', 'e', 'f', 'g', 'h'))]);
    await settled();
    expect(recorder.statements[3]!.destinations).toEqual(['d4']);
    recorder.statements[3]!.finish();
    await settled();
    expect(large).toEqual(['committed']);
  });

  it('records a refused batch again round by round: only the round PostgreSQL refuses fails', async () => {
    const statements: string[][] = [];
    const record = async (_tenantId: string, rounds: DeliveryRound[]) => {
      statements.push(rounds.map((r) => r.destinationId));
      if (rounds.some((r) => r.destinationId === 'bad')) throw new Error('invalid byte sequence');
    };
    const share = new TenantConnectionShare(1);
    const batches = new OutcomeBatches(share, record);
    // Hold the tenant's one connection so the three rounds gather into one batch.
    let release!: () => void;
    const holding = share.run('t', () => new Promise<void>((resolve) => (release = resolve)));
    const rounds = [
      batches.record('t', round('good1', 'a')),
      batches.record('t', round('bad', 'b')),
      batches.record('t', round('good2', 'c')),
    ];
    const states = watch(rounds);
    await settled();
    release();
    await holding;
    await Promise.allSettled(rounds);
    expect(states).toEqual(['committed', 'failed: invalid byte sequence', 'committed']);
    expect(statements).toEqual([['good1', 'bad', 'good2'], ['good1'], ['bad'], ['good2']]);
    await settled();
    expect(share.running('t')).toBe(0);
  });

  it('records nothing for a round without outcomes', async () => {
    const recorder = heldRecorder();
    const batches = new OutcomeBatches(new TenantConnectionShare(1), recorder.record);
    await batches.record('t', { destinationId: 'd1', outcomes: [] });
    expect(recorder.statements).toHaveLength(0);
  });
});
