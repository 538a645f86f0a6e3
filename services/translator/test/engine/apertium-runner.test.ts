// Real apertium-en-es chains (Debian packages `apertium` and `apertium-en-es`), no process mocks.
import { afterAll, describe, expect, it } from '@jest/globals';
import { ApertiumRunner } from '../../src/engine/apertium/apertium-runner.js';
import { fromStream, isCompleteOutput, toStream } from '../../src/engine/apertium/format.js';
import { DEFAULT_MODES_DIR, readModeFile } from '../../src/engine/apertium/mode-file.js';
import { Pipeline } from '../../src/engine/apertium/pipeline.js';
import { splitSentences } from '../../src/engine/apertium/text-chunks.js';

const engine = new ApertiumRunner({ chainsPerPair: 3 });
const EN_ES = { source: 'en', target: 'es' };

afterAll(() => engine.close());

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('ApertiumRunner with apertium-en-es', () => {
  it('lists the installed pairs with their Apertium codes', async () => {
    expect(await engine.pairs()).toEqual(
      expect.arrayContaining([
        { source: 'eng', target: 'spa' },
        { source: 'spa', target: 'eng' },
      ]),
    );
  });

  it('translates English sentences to Spanish and echoes the source as detected', async () => {
    const results = await engine.translate(
      ['Hello world.', 'The quick brown fox jumps over the lazy dog. I would like to book a room for two nights.'],
      EN_ES,
    );
    expect(results).toEqual([
      { text: 'Hola Mundo.', detectedSource: 'en' },
      { text: 'El zorro marrón rápido salta el perro perezoso. Me gustaría reservar una sala para dos noches.', detectedSource: 'en' },
    ]);
  });

  it('translates a paragraph sentence by sentence exactly as the chain translates it in one segment', async () => {
    const paragraph =
      'This License applies to any program or other work which contains a notice placed by the copyright holder. ' +
      'The "Program", below, refers to any such program or work. Each licensee is addressed as "you"! ' +
      'Is the source code included? Activities other than copying, distribution and modification are not covered.';
    // One segment, straight to a chain of the pair: what the chain makes of the whole paragraph.
    const commands = await readModeFile(`${DEFAULT_MODES_DIR}/eng-spa.mode`);
    const whole = new Pipeline({ commands, isComplete: isCompleteOutput });
    // The runner under test tells each segment it writes (its wait in the chain's queue).
    let segments = 0;
    const bySentence = new ApertiumRunner({ chainsPerPair: 1, observer: { queueWait: () => (segments += 1), restarted: () => undefined } });
    try {
      const expected = fromStream(await whole.translate(toStream(paragraph)));
      const [result] = await bySentence.translate([paragraph], EN_ES);
      expect(result!.text).toBe(expected);
      expect(segments).toBe(splitSentences({ text: paragraph, separator: '' }).length);
      expect(segments).toBeGreaterThan(2);
    } finally {
      await Promise.all([whole.close(), bySentence.close()]);
    }
  });

  it('accepts the three-letter codes of the mode names too', async () => {
    // Its own engine, so the spa-eng chain does not count in the chain totals below.
    const own = new ApertiumRunner();
    try {
      const [result] = await own.translate(['Hola mundo.'], { source: 'spa', target: 'eng' });
      expect(result).toEqual({ text: expect.stringMatching(/^Hello world\.$/i), detectedSource: 'spa' });
    } finally {
      await own.close();
    }
  });

  it('returns 200 segments sent at once in input order, spread over several chains', async () => {
    const segments = Array.from({ length: 200 }, (_, i) => `Sentence ${i} says that the dog is happy.`);
    const results = await engine.translate(segments, EN_ES);
    results.forEach((result, i) => expect(result.text).toBe(`Frase ${i} dice que el perro es feliz.`));
    // 3 chains of the eng-spa mode's 11 stages each.
    expect(await engine.processIds()).toHaveLength(33);
  });

  it('passes stream-format characters, markup, newlines, emoji and non-Latin text through', async () => {
    const text =
      'Use [brackets], ^carets^, $dollars$, a/b, back\\slash, {braces}, @at, *star* and #hash.\n' +
      'A <b>bold</b> word and a <a href="https://example.com/x?a=1&b=[2]">link</a>.\n\n' +
      'Smile 😀 — Привет мир, 日本語のテキスト, مرحبا.';
    const [result] = await engine.translate([text], EN_ES);
    for (const char of '[]^$/\\{}@*#\n')
      expect(count(result!.text, new RegExp(`\\${char}`, 'g'))).toBe(count(text, new RegExp(`\\${char}`, 'g')));
    for (const kept of [
      '<b>',
      '</b>',
      '<a href="https://example.com/x?a=1&b=[2]">',
      '</a>',
      '😀',
      'Привет мир',
      '日本語のテキスト',
      'مرحبا',
      '\n\n',
    ]) {
      expect(result!.text).toContain(kept);
    }
    expect(result!.text).toContain('palabra');
  });

  it('translates a 128 KiB text whole, every sentence and line break in place', async () => {
    const sentences: string[] = [];
    let text = '';
    for (let i = 0; text.length < 128 * 1024; i++) {
      const sentence = `Sentence ${i} says that the dog is happy.`;
      sentences.push(sentence);
      text += sentence + (i % 5 === 4 ? '\n\n' : ' ');
    }
    const [result] = await engine.translate([text], EN_ES);
    const numbers = [...result!.text.matchAll(/Frase (\d+) dice que el perro es feliz\./g)].map((match) => Number(match[1]));
    expect(numbers).toEqual(sentences.map((_, i) => i));
    expect(count(result!.text, /\n\n/g)).toBe(count(text, /\n\n/g));
    expect(result!.text).not.toMatch(/says|dog|happy/);
  });

  it('keeps empty and whitespace-only segments as they are', async () => {
    expect((await engine.translate(['', '  \n '], EN_ES)).map((result) => result.text)).toEqual(['', '  \n ']);
  });

  it('rejects a pair that is not installed with UNSUPPORTED_PAIR', async () => {
    await expect(engine.translate(['x'], { source: 'en', target: 'ja' })).rejects.toMatchObject({ code: 'UNSUPPORTED_PAIR' });
  });

  it('rejects with ABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const work = engine.translate(['The dog is happy.'], { ...EN_ES, signal: controller.signal });
    controller.abort();
    await expect(work).rejects.toMatchObject({ code: 'ABORTED' });
    // The abandoned answer is still read, so the next result lines up with its own segment.
    expect((await engine.translate(['Hello world.'], EN_ES))[0]!.text).toBe('Hola Mundo.');
  });
});
