import { describe, expect, it } from '@jest/globals';
import { escapeText, fromStream, toStream } from '../../src/engine/apertium/format.js';

describe('toStream', () => {
  it('escapes every character with a meaning in the stream format', () => {
    expect(escapeText('[a] ^b$ c/d @e \\f *g {h} <i> #j')).toBe('\\[a\\] \\^b\\$ c\\/d \\@e \\\\f \\*g \\{h\\} \\<i\\> \\#j');
  });

  it('ends the text with the sentence mark destxt adds', () => {
    expect(toStream('Hello world.')).toBe('Hello world..[]');
  });

  it('carries tags and line breaks in superblanks and marks paragraph ends', () => {
    expect(toStream('a <b class="x">b</b>\nc\n\nd')).toBe('a [<b class="x">]b[</b>][\n]c.[][\n\n]d.[]');
  });

  it('escapes brackets and backslashes inside a superblank', () => {
    expect(toStream('<a title="[\\]">x')).toBe('[<a title="\\[\\\\\\]">]x.[]');
  });

  it('treats a lone angle bracket as text, not markup', () => {
    expect(toStream('a < b')).toBe('a \\< b.[]');
  });

  it('drops NUL characters, which delimit segments on the wire', () => {
    expect(toStream('a\0b')).toBe('ab.[]');
  });
});

describe('fromStream', () => {
  it('gives back the original text for a chain that changes nothing', () => {
    const samples = [
      'Hello world.',
      'Hello world',
      'x [y] ^z$ a/b c\\d @ * # {e} <b>f</b> < g >',
      'l1\nl2\n\n  p2 😀 Привет 日本語',
      '...',
    ];
    for (const sample of samples) expect(fromStream(toStream(sample))).toBe(sample);
  });

  it('removes the sentence mark and the period in front of it', () => {
    expect(fromStream('Hola Mundo..[]')).toBe('Hola Mundo.');
    expect(fromStream('Hola Mundo.[]')).toBe('Hola Mundo');
  });
});
