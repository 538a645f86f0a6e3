// custom_instructions without a language model: which forms are recognised and what they do to a
// translated text (numbers, quotation marks, wording rules), and translation memory matches chosen by
// `context`.
import { describe, expect, it } from '@jest/globals';
import { followInstructions, parseNumber } from '../../src/domain/translation/follow-instructions.js';
import { interpretInstructions } from '../../src/domain/translation/offline-instructions.js';
import { MemoryMatcher } from '../../src/domain/translation-memories/memory-matcher.js';
import { rulesFor } from '../../src/write/style-rules.js';

const interpret = (texts: string[], target = 'EN-US', options: { supportsFormality?: boolean; formality?: string } = {}) =>
  interpretInstructions(
    texts.map((text) => ({ text, origin: "from 'custom_instructions'" })),
    target,
    {
      supportsFormality: options.supportsFormality ?? false,
      hasRegister: (register) => rulesFor(target.split('-')[0]!, register) !== undefined,
      ...(options.formality ? { formality: options.formality } : {}),
    },
  );

describe('recognised instruction forms', () => {
  it.each([
    ['Translate "cat" as "gato".', { terms: [{ source: 'cat', target: 'gato' }] }],
    ['Always translate ‘sign in’ as “iniciar sesión”', { terms: [{ source: 'sign in', target: 'iniciar sesión' }] }],
    ["Use 'Konto' for 'account'", { terms: [{ source: 'account', target: 'Konto' }] }],
    ['Do not translate "DeepL".', { terms: [{ source: 'DeepL', target: 'DeepL' }] }],
    ['Keep "Acme Cloud" untranslated', { terms: [{ source: 'Acme Cloud', target: 'Acme Cloud' }] }],
    ['Use a formal tone.', { tone: { register: 'business' } }],
    ['Address the reader informally', { tone: { register: 'casual' } }],
    ['Use plain language', { tone: { register: 'simple' } }],
    ['use straight quotation marks', { quotes: 'straight' }],
    ['Use guillemets', { quotes: 'guillemets' }],
    ['Use a comma as the decimal separator', { decimal: ',' }],
    ['Use decimal points', { decimal: '.' }],
    ['Use a thin space as thousands separator', { group: '\u202f' }],
    ['Do not use thousands separators', { group: '' }],
  ])('%s', (text, expected) => {
    expect(interpret([text])).toEqual({ terms: [], ...expected });
  });

  it('asks the engine for formality where it has it for the target, and maps forms of address per language', () => {
    expect(interpret(['Use the formal form of address'], 'DE', { supportsFormality: true }).tone).toEqual({ formality: 'more' });
    expect(interpret(['Use "du"'], 'DE', { supportsFormality: true }).tone).toEqual({ formality: 'less' });
    expect(interpret(['Use usted.'], 'ES').tone).toEqual({ register: 'business' });
    expect(interpret(['Be informal'], 'ES').tone).toEqual({ register: 'friendly' });
  });

  it.each([
    [
      ['Keep it short.'],
      /'Keep it short\.' \(from 'custom_instructions'\) cannot be honoured offline for target_lang 'EN-US': it is not one of the forms/,
    ],
    [['Use a friendly, diplomatic tone'], /not one of the forms/],
    [['Use vous'], /'vous' is not a form of address of the target language/],
    [['Be formal', 'Be casual'], /'Be casual'.*contradicts or repeats 'Be formal'/],
    [['Use a formal tone'], /formal tone'.*neither the engine's formality nor the offline formal wording rules/, 'DE'],
    [['Use a comma as decimal separator', 'Use a comma as thousands separator'], /both the decimal and the thousands separator/],
  ])('refuses %j', (texts, message, target = 'EN-US') => {
    expect(() => interpret(texts, target)).toThrow(message);
  });

  it('refuses a tone that contradicts the formality parameter', () => {
    expect(() => interpret(['Use a formal tone'], 'EN-US', { formality: 'less' })).toThrow(/contradicts formality=less/);
    expect(interpret(['Use a formal tone'], 'EN-US', { formality: 'prefer_more' }).tone).toEqual({ register: 'business' });
  });
});

describe('numbers', () => {
  it.each([
    ['1,234', '.', { integer: '1234', group: ',' }],
    ['1,234', ',', { integer: '1', decimals: '234', mark: ',' }],
    ['1.234.567,5', '.', { integer: '1234567', decimals: '5', group: '.', mark: ',' }],
    ["1'000'000", '.', { integer: '1000000', group: "'" }],
    ['0,500', '.', { integer: '0', decimals: '500', mark: ',' }],
    ['3.5', ',', { integer: '3', decimals: '5', mark: '.' }],
    ['12.05.2024', '.', undefined],
    ['1.2.3', '.', undefined],
    ['1,23,456', '.', undefined],
  ] as const)('%s with the source writing decimals as %s', (token, sourceDecimal, expected) => {
    expect(parseNumber(token, sourceDecimal)).toEqual(expected);
  });

  it('rewrites numbers to the asked format, leaving dates, versions, times and years alone', () => {
    const instructions = interpret(['Use a comma as decimal separator', 'Use a period as thousands separator']);
    expect(followInstructions('It costs 1,234,567.89 and 3.5% on 12.05.2024 (v1.2.3, 10:30, 2024).', instructions, 'EN', 'EN', false)).toBe(
      'It costs 1.234.567,89 and 3,5% on 12.05.2024 (v1.2.3, 10:30, 2024).',
    );
    const swiss = interpret(['Use an apostrophe as thousands separator']);
    expect(followInstructions('Es kostet 1.234.567,50 Euro.', swiss, 'DE', 'DE', false)).toBe("Es kostet 1'234'567,50 Euro.");
  });
});

describe('quotation marks and wording', () => {
  it('pairs double quotation marks in order and leaves an odd last one', () => {
    const curly = interpret(['Use curly quotes']);
    expect(followInstructions('He said "yes" and "no", then "', curly, 'EN', 'EN', false)).toBe('He said “yes” and “no”, then "');
    const guillemets = interpret(['Use guillemets'], 'FR');
    expect(followInstructions('Il a dit “oui”.', guillemets, 'FR', 'EN', false)).toBe('Il a dit «\u00a0oui\u00a0».');
  });

  it('never edits inside tags', () => {
    const instructions = interpret(['Use curly quotes', 'Use a comma as decimal separator']);
    expect(followInstructions('<a title="1.5">He said "1.5"</a>', instructions, 'EN', 'EN', true)).toBe('<a title="1.5">He said “1,5”</a>');
  });

  it('applies the register’s wording rules', () => {
    expect(followInstructions("We can't attend.", interpret(['Use a formal tone']), 'EN', 'ES', false)).toBe('We cannot attend.');
  });
});

describe('translation memory matches and context', () => {
  const memory = new MemoryMatcher(
    [
      { source: 'Open the file menu.', target: 'Abra el menú Archivo.' },
      { source: 'Open', target: 'Abrir' },
      { source: 'Close the window.', target: 'Cierre la ventana.' },
      { source: 'The shop is closed on Sundays.', target: 'La tienda cierra los domingos.' },
      { source: 'Open', target: 'Abierto' },
      { source: 'Come in!', target: '¡Pase!' },
    ],
    'EN',
  );

  it('takes the earlier of equal matches without context, and the one whose neighbours the context holds with it', () => {
    expect(memory.match('Open', 100)).toBe('Abrir');
    expect(memory.match('Open', 100, 'A sign on the door: The shop is closed on Sundays. Come in!')).toBe('Abierto');
    expect(memory.match(' Open ', 100, 'Open the file menu. Then close the window.')).toBe(' Abrir ');
    expect(memory.match('Open', 100, 'nothing related')).toBe('Abrir');
  });
});
