import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Pipeline, Redis } from 'ioredis';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { shareScriptsWithPipelines } from '../../src/queue/pipeline-scripts.js';
import { definedScripts } from '../helpers/defined-scripts.js';
import { REDIS_URL } from '../helpers/delivery-harness.js';

type Dropping = Redis & { relayDropWaiting(wait: string, keyPrefix: string, ...ids: string[]): Promise<number> };

// ioredis makes a pipeline for every tick of the queues' auto-pipelined connection and copied each of its 66 scripts
// onto it (27 us a pipeline). The scripts now live on the prototype pipelines inherit from (src/queue/pipeline-scripts.ts).
describe("the queues' connection makes pipelines without copying its scripts", () => {
  const opened: Redis[] = [];
  let queues: DeliveryQueues | undefined;
  afterEach(async () => {
    await queues?.close();
    queues?.commands.disconnect();
    queues?.connection.disconnect();
    queues = undefined;
    for (const redis of opened.splice(0)) redis.disconnect();
  });

  const open = () => {
    queues = new DeliveryQueues(connectRedis(REDIS_URL), `relay-test-${randomBytes(6).toString('hex')}`);
    return queues;
  };

  it('copies none of the scripts onto a pipeline, which still answers to every one of them', () => {
    const { commands } = open();
    const scripts = definedScripts(commands);
    expect(scripts.filter((name) => /^moveToActive:|^moveToFinished:/.test(name))).toHaveLength(2);
    expect(scripts).toEqual(expect.arrayContaining(['relayDropWaiting', 'relayClaimDestinations', 'relayReserveSend']));
    const pipeline = new Pipeline(commands) as unknown as Record<string, unknown>;
    const own = new Set(Object.keys(pipeline));
    expect(scripts.filter((name) => own.has(name) || own.has(`${name}Buffer`))).toEqual([]);
    expect(scripts.filter((name) => typeof pipeline[name] !== 'function' || typeof pipeline[`${name}Buffer`] !== 'function')).toEqual([]);
  });

  it('runs scripts auto-pipelined in one tick with other commands, and again once Redis has forgotten every script', async () => {
    const { commands, prefix } = open();
    const redis = commands as Dropping;
    const wait = `${prefix}:q:wait`;
    const drop = async () => {
      await redis.del(wait);
      await redis.lpush(wait, 'c', 'b', 'a');
      // One tick: the script and two plain commands go in one pipeline.
      return Promise.all([redis.relayDropWaiting(wait, `${prefix}:q:`, 'a', 'b'), redis.llen(wait), redis.ping()]);
    };
    expect(await drop()).toEqual([2, 1, 'PONG']);
    // As after a Redis restart: ioredis sends a script whole again when Redis answers NOSCRIPT (after the rest of
    // that pipeline, so the length is read once it has run).
    await redis.script('FLUSH');
    const [dropped, , pong] = await drop();
    expect([dropped, await redis.llen(wait), pong]).toEqual([2, 1, 'PONG']);
  });

  it("keeps per pipeline a script whose name another connection's different script already took", async () => {
    open();
    const other = new Redis(REDIS_URL, { lazyConnect: true, enableAutoPipelining: true });
    opened.push(other);
    other.defineCommand('relayDropWaiting', { numberOfKeys: 0, lua: "return 'not the queues script'" });
    shareScriptsWithPipelines(other);
    expect(Object.keys((other as unknown as { scriptsSet: object }).scriptsSet)).toEqual(['relayDropWaiting']);
    expect(await (other as unknown as { relayDropWaiting(): Promise<string> }).relayDropWaiting()).toBe('not the queues script');
  });

  it('keeps per pipeline the scripts of a connection whose keys ioredis prefixes', () => {
    const prefixed = new Redis(REDIS_URL, { lazyConnect: true, keyPrefix: 'elsewhere:' });
    opened.push(prefixed);
    prefixed.defineCommand('relayPrefixedOnly', { numberOfKeys: 1, lua: "return redis.call('GET', KEYS[1])" });
    shareScriptsWithPipelines(prefixed);
    expect(Object.keys((prefixed as unknown as { scriptsSet: object }).scriptsSet)).toEqual(['relayPrefixedOnly']);
    expect('relayPrefixedOnly' in Pipeline.prototype).toBe(false);
  });
});
