import { describe, expect, it } from '@jest/globals';
import { displayNameProblem, storableTextProblem } from '../src/index.js';

describe('displayNameProblem', () => {
  it.each([
    ['a NUL', 'a\u0000b', 'must not contain NUL (U+0000)'],
    ['a lone surrogate', 'a\ud800', 'must be well-formed Unicode (it contains a lone surrogate)'],
    ['a line break', 'a\nb', 'must not contain control characters (found U+000A)'],
    ['only braille blanks', '\u2800\u2800', 'must contain at least one visible character'],
    ['only private-use characters', '\ue000\u{F0000}\u{10FFFD}', 'must contain at least one visible character'],
    ['only format characters', '\u200b\u2060\ufeff', 'must contain at least one visible character'],
    ['only a combining mark and a Hangul filler', '\u0301\u3164', 'must contain at least one visible character'],
  ])('refuses a name with %s', (_case, name, problem) => {
    expect(displayNameProblem(name)).toContain(problem);
  });

  it.each([['orders'], ['café'], ['日本'], ['📦 parcels'], ['db\ue000']])('accepts %j', (name) => {
    expect(displayNameProblem(name)).toBeUndefined();
  });

  it('leaves empty and blank names to each schema’s own message', () => {
    expect(displayNameProblem('')).toBeUndefined();
    expect(displayNameProblem('   ')).toBeUndefined();
  });
});

describe('storableTextProblem', () => {
  it('refuses NUL and lone surrogates only', () => {
    expect(storableTextProblem('a\u0000')).toBe('must not contain NUL (U+0000)');
    expect(storableTextProblem('\udc00')).toContain('lone surrogate');
    expect(storableTextProblem('tab\tand\nline \u2800')).toBeUndefined();
  });
});
