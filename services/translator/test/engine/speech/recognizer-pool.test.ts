// The warm pocketsphinx pool with real processes and real speech (flite): concluded transcripts,
// tentative updates before them, ordered segments, workers given back after an abort and replaced after
// a crash, and spoken terms that make a surname heard.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecognizerPool } from '../../../src/engine/speech/recognizer-pool.js';
import type { ConcludedSpeech, RecognitionListener } from '../../../src/engine/speech/speech-recognizer.js';
import { feedRealTime, speakPcm, testSpeechTools, wordsHeard } from '../../helpers/speech-audio.js';

const tools = testSpeechTools();
let pool: RecognizerPool;
beforeAll(async () => {
  pool = new RecognizerPool(tools, { size: 2, queueLimit: 1, queueTimeoutMs: 120_000 });
  await pool.warm();
}, 300_000);
afterAll(() => pool.close());

function recorder(): RecognitionListener & { tentatives: string[]; segments: ConcludedSpeech[]; events: string[] } {
  const record = {
    tentatives: [] as string[],
    segments: [] as ConcludedSpeech[],
    events: [] as string[],
    tentative(text: string) {
      record.tentatives.push(text);
      record.events.push('tentative');
    },
    concluded(speech: ConcludedSpeech) {
      record.segments.push(speech);
      record.events.push('concluded');
    },
  };
  return record;
}

const SENTENCES = ['The weather is nice today.', 'Please open the window in the kitchen.'];

describe('the offline recognizer pool', () => {
  it('is installed here (npm test sets it up)', () => {
    expect(tools.recognizer).toBe(true);
  });

  it('hears sentences streamed at real-time pace: tentative updates first, then ordered concluded segments', async () => {
    const listener = recorder();
    const stream = await pool.open({ language: 'EN', listener });
    for (const sentence of SENTENCES) await feedRealTime(stream, speakPcm(sentence));
    await stream.finish();
    const heard = listener.segments.map((speech) => speech.text).join(' ');
    expect(wordsHeard(SENTENCES.join(' '), heard)).toBeGreaterThanOrEqual(0.6);
    expect(listener.events.indexOf('tentative')).toBeLessThan(listener.events.indexOf('concluded'));
    expect(listener.segments.length).toBeGreaterThanOrEqual(2);
    for (const [index, speech] of listener.segments.entries()) {
      expect(speech.endMs).toBeGreaterThan(speech.startMs);
      if (index > 0) expect(speech.startMs).toBeGreaterThanOrEqual(listener.segments[index - 1]!.endMs);
    }
    expect(stream.receivedMs).toBeGreaterThan(3000);
  }, 180_000);

  it('refuses languages other than English', async () => {
    await expect(pool.open({ language: 'DE', listener: recorder() })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('gives an aborted stream its recognizer back, and refuses a stream beyond the queue with 429', async () => {
    const first = await pool.open({ language: 'EN', listener: recorder() });
    const second = await pool.open({ language: 'EN', listener: recorder() });
    first.write(speakPcm('Good morning everyone.'));
    const waiting = pool.open({ language: 'EN', listener: recorder() });
    await expect(pool.open({ language: 'EN', listener: recorder() })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const before = pool.processIds.sort();
    first.abort();
    const third = await waiting;
    expect(pool.processIds.sort()).toEqual(before);
    const listener = recorder();
    third.abort();
    second.abort();
    const fourth = await pool.open({ language: 'EN', listener });
    await feedRealTime(fourth, speakPcm('The weather is nice today.'));
    await fourth.finish();
    expect(wordsHeard('the weather is nice today', listener.segments.map((speech) => speech.text).join(' '))).toBeGreaterThanOrEqual(0.5);
  }, 180_000);

  it('replaces a recognizer process that dies, and the stream on it fails cleanly', async () => {
    const stream = await pool.open({ language: 'EN', listener: recorder() });
    const before = pool.processIds;
    process.kill(before[0]!, 'SIGKILL');
    process.kill(before[1]!, 'SIGKILL');
    await expect(stream.finish()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const listener = recorder();
    const next = await pool.open({ language: 'EN', listener });
    expect(pool.processIds.some((pid) => before.includes(pid))).toBe(false);
    next.write(speakPcm('The dog is happy.'));
    await next.finish();
    expect(listener.segments.length).toBeGreaterThan(0);
  }, 300_000);

  it('gives a stream to a live recognizer when the idle ones died and their exit is not seen yet', async () => {
    await pool.warm();
    // Killed and opened in the same tick: the pool still holds both as idle when the stream asks for one.
    for (const pid of pool.processIds) process.kill(pid, 'SIGKILL');
    const listener = recorder();
    const stream = await pool.open({ language: 'EN', listener });
    stream.write(speakPcm('The dog is happy.'));
    await stream.finish();
    expect(listener.segments.length).toBeGreaterThan(0);
  }, 300_000);

  it('hears a surname it misses without the spoken terms once they are given', async () => {
    const pcm = speakPcm('President Zelensky spoke on Monday.');
    const without = recorder();
    const plain = await pool.open({ language: 'EN', listener: without });
    plain.write(pcm);
    await plain.finish();
    expect(without.segments.map((speech) => speech.text).join(' ')).not.toContain('zelensky');

    const withTerms = recorder();
    const taught = await pool.open({ language: 'EN', terms: [{ term: 'Zelensky' }], listener: withTerms });
    taught.write(pcm);
    await taught.finish();
    expect(withTerms.segments.map((speech) => speech.text).join(' ')).toContain('zelensky');

    // The next stream hears the model as it ships again.
    const after = recorder();
    const clean = await pool.open({ language: 'EN', listener: after });
    clean.write(pcm);
    await clean.finish();
    expect(after.segments.map((speech) => speech.text).join(' ')).not.toContain('zelensky');
  }, 300_000);
});

describe('a recognizer process that dies while loading its model', () => {
  it('is no unhandled rejection when no stream waits for it (the service would end)', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const idle = new RecognizerPool(tools, { size: 1, queueLimit: 1, queueTimeoutMs: 60_000 });
      await idle.warm();
      const [first] = idle.processIds;
      process.kill(first!, 'SIGKILL');
      // Its replacement starts loading at once, with no stream waiting; the pool closes before it is ready.
      while (idle.processIds.length === 0 || idle.processIds[0] === first) await new Promise((resolve) => setTimeout(resolve, 5));
      await idle.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  }, 120_000);
});
