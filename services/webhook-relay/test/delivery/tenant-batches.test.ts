// TenantBatches (the delivery worker's heads reads and outcome records): the items of a tenant that come while its
// connections are busy run in one statement when one frees; each item's promise settles with its own result when the
// statement is done; tenants never share a statement; a batch PostgreSQL refuses runs again item by item, so an item
// it refuses fails alone. Here items are outcome rounds, as the worker records them.
import { describe, expect, it } from '@jest/globals';
import type { DeliveryOutcome, DeliveryRound } from '../../src/db/functions/relay-record-delivery-outcomes.js';
import { TenantBatches } from '../../src/delivery/tenant-batches.js';
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
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        tenantId,
        destinations: rounds.map((r) => r.destinationId),
        finish: (error) => (error ? reject(error) : resolve(rounds.map((r) => `recorded ${r.destinationId}`))),
      });
    });
  return { statements, record };
}

/** Batches of rounds, bounded by their attempts. */
const roundBatches = (
  share: TenantConnectionShare,
  record: (tenantId: string, rounds: DeliveryRound[]) => Promise<string[]>,
  maxSize = 200,
) => new TenantBatches<DeliveryRound, string>(share, record, { size: (r) => r.outcomes.length, maxSize });

/** Which of the promises have settled, and how. */
function watch(promises: Array<Promise<string>>) {
  const states = promises.map(() => 'waiting' as string);
  promises.forEach((promise, index) =>
    promise.then(
      (result) => (states[index] = result),
      (error: Error) => (states[index] = `failed: ${error.message}`),
    ),
  );
  return states;
}

describe('TenantBatches: group commit of delivery statements per tenant', () => {
  it('records a round at once when a connection is free', async () => {
    const recorder = heldRecorder();
    const batches = roundBatches(new TenantConnectionShare(1), recorder.record);
    const states = watch([batches.run('t', round('d1', 'a'))]);
    await settled();
    expect(recorder.statements.map((s) => s.destinations)).toEqual([['d1']]);
    recorder.statements[0]!.finish();
    await settled();
    expect(states).toEqual(['recorded d1']);
  });

  it("records the rounds that finished while the tenant's connection was busy in one statement, each settling with it", async () => {
    const recorder = heldRecorder();
    const batches = roundBatches(new TenantConnectionShare(1), recorder.record);
    const first = batches.run('t', round('d1', 'a'));
    await settled();
    const waiting = [batches.run('t', round('d2', 'b')), batches.run('t', round('d3', 'c', 'd'))];
    const states = watch([first, ...waiting]);
    await settled();
    expect(batches.waitingItems('t')).toBe(2);
    expect(recorder.statements).toHaveLength(1);
    recorder.statements[0]!.finish();
    await settled();
    expect(states).toEqual(['recorded d1', 'waiting', 'waiting']);
    expect(recorder.statements.map((s) => s.destinations)).toEqual([['d1'], ['d2', 'd3']]);
    recorder.statements[1]!.finish();
    await settled();
    // Each with its own result.
    expect(states).toEqual(['recorded d1', 'recorded d2', 'recorded d3']);
    expect(batches.waitingItems('t')).toBe(0);
  });

  it("never puts two tenants' rounds in one statement, nor makes one tenant wait for another's", async () => {
    const recorder = heldRecorder();
    const batches = roundBatches(new TenantConnectionShare(1), recorder.record);
    void batches.run('busy', round('d1', 'a'));
    await settled();
    const busyWaiting = batches.run('busy', round('d2', 'b'));
    const other = batches.run('other', round('d9', 'z'));
    const states = watch([busyWaiting, other]);
    await settled();
    expect(recorder.statements.map((s) => [s.tenantId, s.destinations])).toEqual([
      ['busy', ['d1']],
      ['other', ['d9']],
    ]);
    recorder.statements[1]!.finish();
    await settled();
    expect(states).toEqual(['waiting', 'recorded d9']);
    recorder.statements[0]!.finish();
    await settled();
    recorder.statements[2]!.finish();
    await settled();
    expect(states).toEqual(['recorded d2', 'recorded d9']);
  });

  it('bounds a statement by its attempts: the rounds past the bound wait for the next connection', async () => {
    const recorder = heldRecorder();
    const batches = roundBatches(new TenantConnectionShare(1), recorder.record, 3);
    void batches.run('t', round('d0', 'x'));
    await settled();
    void batches.run('t', round('d1', 'a', 'b'));
    void batches.run('t', round('d2', 'c'));
    void batches.run('t', round('d3', 'd'));
    await settled();
    recorder.statements[0]!.finish();
    await settled();
    expect(recorder.statements[1]!.destinations).toEqual(['d1', 'd2']);
    recorder.statements[1]!.finish();
    await settled();
    expect(recorder.statements[2]!.destinations).toEqual(['d3']);
    // A round larger than the bound still goes, alone.
    recorder.statements[2]!.finish();
    const large = watch([batches.run('t', round('d4', 'e', 'f', 'g', 'h'))]);
    await settled();
    expect(recorder.statements[3]!.destinations).toEqual(['d4']);
    recorder.statements[3]!.finish();
    await settled();
    expect(large).toEqual(['recorded d4']);
  });

  it('records a refused batch again round by round: only the round PostgreSQL refuses fails', async () => {
    const statements: string[][] = [];
    const record = async (_tenantId: string, rounds: DeliveryRound[]) => {
      statements.push(rounds.map((r) => r.destinationId));
      if (rounds.some((r) => r.destinationId === 'bad')) throw new Error('invalid byte sequence');
      return rounds.map((r) => `recorded ${r.destinationId}`);
    };
    const share = new TenantConnectionShare(1);
    const batches = roundBatches(share, record);
    // Hold the tenant's one connection so the three rounds gather into one batch.
    let release!: () => void;
    const holding = share.run('t', () => new Promise<void>((resolve) => (release = resolve)));
    const rounds = [batches.run('t', round('good1', 'a')), batches.run('t', round('bad', 'b')), batches.run('t', round('good2', 'c'))];
    const states = watch(rounds);
    await settled();
    release();
    await holding;
    await Promise.allSettled(rounds);
    expect(states).toEqual(['recorded good1', 'failed: invalid byte sequence', 'recorded good2']);
    expect(statements).toEqual([['good1', 'bad', 'good2'], ['good1'], ['bad'], ['good2']]);
    await settled();
    expect(share.running('t')).toBe(0);
  });
});
