import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OfflineWriter } from '../../src/write/offline-writer.js';
import { SpellingDictionaries } from '../../src/write/spelling-dictionaries.js';
import { RULES, type Register } from '../../src/write/style-rules.js';

const dictionaries = new SpellingDictionaries(['EN', 'ES'], { waitMs: 120_000 });
const writer = new OfflineWriter(dictionaries);
// The dictionaries load in threads of their own; improve() uses them once loaded.
beforeAll(() => writer.prepare(['EN', 'ES']));
afterAll(() => dictionaries.close());
const en = (text: string, register?: Register) => writer.improve(text, { language: 'EN', ...(register ? { register } : {}) });
const es = (text: string, register?: Register) => writer.improve(text, { language: 'ES', ...(register ? { register } : {}) });

describe('the offline writer, correcting', () => {
  it('returns texts that need no change byte for byte, whatever their spacing, quotes and markup', () => {
    const english = [
      'The quick brown fox jumps over the lazy dog.',
      'Send it to anna@example.com or see https://example.com/docs?q=teh before 5 p.m. today.',
      'Run `npm install --save teh-package` and read README.md, e.g. the second part.',
      'He said that that was fine.  Then he left!!',
      'NASA, the FBI and Kubernetes use “smart quotes” — and dashes…',
      'Line one\n\n  indented line two\twith a tab.',
      '',
      '   ',
      'i.e. the point is (i) simple.',
    ];
    for (const text of english) expect(en(text)).toBe(text);
    const spanish = [
      '¿Dónde está la estación? ¡Muy cerca!',
      'El niño comió 3,5 kilos de uvas en 2024.',
      'Visita www.ejemplo.es, por favor.',
    ];
    for (const text of spanish) expect(es(text)).toBe(text);
  });

  it('fixes unknown words with one clear correction, keeping a sentence-initial capital', () => {
    expect(en('Teh cat sat on teh mat.')).toBe('The cat sat on the mat.');
    expect(en('I recieve the pacakge tomorow.')).toBe('I receive the package tomorrow.');
    expect(es('La cancion es muy bonnita.')).toBe('La canción es muy bonita.');
  });

  it('leaves names, capitals, mixed case, URLs, code and numbers alone even when unknown', () => {
    const text = 'Ask Zorblax about the iPhone, NASAA, `tehh` and https://teh.example/tehh at 3rdd.';
    expect(en(text)).toBe(text);
  });

  it('leaves an unknown word with no clear correction unchanged', () => {
    expect(en('The frobnicator failed.')).toBe('The frobnicator failed.');
  });

  it('drops a repeated word, fixes a/an, spacing, doubled punctuation and sentence capitals', () => {
    expect(en('the the report is ready ,and it is an big one..see a apple')).toBe('The report is ready, and it is a big one. See an apple');
    expect(en('we left. then we ate,,  and slept  well')).toBe('We left. Then we ate, and slept well');
    expect(es('¿ Dónde está la la casa ?')).toBe('¿Dónde está la casa?');
  });

  it('keeps "a" before words whose first letter does not decide the sound', () => {
    for (const text of ['A university and a one-off event.', 'An hour with an FBI agent.', 'A European union.'])
      expect(en(text)).toBe(text);
  });

  it('changes nothing in a language without a dictionary', () => {
    expect(writer.improve('Questo è un testo con un erore.', { language: 'IT' })).toBe('Questo è un testo con un erore.');
    expect(writer.corrects('IT')).toBe(false);
  });
});

describe('the offline writer, styles and tones', () => {
  const examples = Object.entries(RULES).flatMap(([language, registers]) =>
    Object.entries(registers).flatMap(([register, rules]) => (rules ?? []).map((rule) => ({ language, register, rule }))),
  );

  it.each(examples.map((example) => [example.language, example.register, example.rule.example[0], example.rule.example[1]]))(
    '%s %s: %j -> %j',
    (language, register, before, after) => {
      expect(writer.improve(before!, { language: language!, register: register as Register })).toBe(after);
    },
  );

  it('shows every rule with its example on docs/write.md', () => {
    const page = readFileSync(new URL('../../docs/write.md', import.meta.url), 'utf8');
    for (const { rule } of examples) {
      expect(page).toContain(rule.description);
      expect(page).toContain(`${rule.example[0]}`);
      expect(page).toContain(`${rule.example[1]}`);
    }
  });

  it('does not contract at a clause end, and changes nothing a style has no rule for', () => {
    expect(en('That is what it is.', 'casual')).toBe("That's what it is.");
    expect(en('The report is ready.', 'business')).toBe('The report is ready.');
  });

  it('corrects spelling before applying the style', () => {
    expect(en("Teh team can't come.", 'business')).toBe('The team cannot come.');
  });
});
