import { describe, expect, it } from '@jest/globals';
import { joinChunks, splitSentences, splitText } from '../../src/engine/apertium/text-chunks.js';

const identity = (text: string, max: number) => {
  const chunks = splitText(text, max);
  return {
    chunks,
    joined: joinChunks(
      chunks,
      chunks.map((chunk) => chunk.text),
    ),
  };
};

describe('splitText', () => {
  it('keeps a short text whole', () => {
    expect(splitText('One. Two.', 100)).toEqual([{ text: 'One. Two.', separator: '' }]);
  });

  it('cuts at a paragraph break before a sentence end', () => {
    const text = 'First sentence here. Second sentence.\n\nThird one.';
    expect(splitText(text, 45).map((chunk) => chunk.text)).toEqual(['First sentence here. Second sentence.', 'Third one.']);
  });

  it('cuts at sentence ends when there is no line break', () => {
    const { chunks } = identity('Aaaa bbbb. Cccc dddd. Eeee ffff.', 22);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Aaaa bbbb. Cccc dddd.', 'Eeee ffff.']);
  });

  it('rejoins exactly and respects the bound for long mixed text', () => {
    const text = Array.from({ length: 500 }, (_, i) => `Sentence ${i} is here${i % 7 ? '.' : '\n\n'} `).join('') + 'x'.repeat(3000);
    const { chunks, joined } = identity(text, 1000);
    expect(joined).toBe(text);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1000);
  });

  it('never splits a surrogate pair when it must cut inside a word', () => {
    const text = '😀'.repeat(1000);
    const { chunks, joined } = identity(text, 301);
    expect(joined).toBe(text);
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});

describe('splitSentences', () => {
  const pieces = (text: string, minChars = 10) => splitSentences({ text, separator: '\n\n' }, minChars);

  it('cuts at sentence ends before a capital and rejoins to the exact text with the chunk separator last', () => {
    const text = 'The first sentence ends here.  The second one asks why? "Quoted" third! ¿Qué pasa? Fin del texto aquí.';
    const cut = pieces(text);
    expect(cut.map((piece) => piece.text)).toEqual([
      'The first sentence ends here.',
      'The second one asks why?',
      '"Quoted" third!',
      '¿Qué pasa?',
      'Fin del texto aquí.',
    ]);
    expect(cut.map((piece) => piece.separator)).toEqual(['  ', ' ', ' ', ' ', '\n\n']);
    expect(
      joinChunks(
        cut,
        cut.map((piece) => piece.text),
      ),
    ).toBe(`${text}\n\n`);
  });

  it('does not cut after an abbreviation or a number followed by lower case', () => {
    expect(pieces('Use a tool, e.g. the one named here, and version 3. then stop.')).toHaveLength(1);
  });

  it('keeps sentences shorter than the minimum with their neighbour, at either end', () => {
    expect(pieces('Short. A much longer sentence follows it here. End.', 12).map((piece) => piece.text)).toEqual([
      'Short. A much longer sentence follows it here. End.',
    ]);
    expect(pieces('A first sentence long enough. A second long enough one.', 12)).toHaveLength(2);
  });
});
