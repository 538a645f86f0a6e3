// Segmentation of markup for Apertium: where a sentence end (`.[]`) goes decides what the chain treats as one sentence.
import { describe, expect, it } from '@jest/globals';
import { fromStream, toStream } from '../../src/engine/apertium/format.js';

const xml = (splittingTags: string[] = [], nonSplittingTags: string[] = []) => ({
  markup: { tagHandling: 'xml' as const, splittingTags, nonSplittingTags },
});
const outlined = (nonSplittingTags: string[] = []) => ({
  markup: { tagHandling: 'xml' as const, splittingTags: [], nonSplittingTags, outlineDetection: true },
});
const html = (nonSplittingTags: string[] = []) => ({ markup: { tagHandling: 'html' as const, splittingTags: [], nonSplittingTags } });

describe('markup streams', () => {
  it('keeps tags, entities and comments as superblanks that come back verbatim', () => {
    const text = '<a href="x">Hi</a> &amp; <!-- c --> bye';
    const stream = toStream(text, xml());
    expect(stream).toBe('[<a href="x">]Hi[</a>] [&amp;] [<!-- c -->] bye.[]');
    expect(fromStream(stream)).toBe(text);
  });

  it('ends a sentence before a splitting tag, and not before others', () => {
    expect(toStream('<x>One</x><x>Two</x>', xml(['x']))).toBe('[<x>]One.[][</x>][<x>]Two.[][</x>].[]');
    expect(toStream('<x>One</x><x>Two</x>', xml())).toBe('[<x>]One[</x>][<x>]Two[</x>].[]');
  });

  it('html: block elements split, inline ones do not, non_splitting_tags overrides', () => {
    expect(toStream('<p>One</p><p>Two <b>three</b></p>', html())).toBe('[<p>]One.[][</p>][<p>]Two [<b>]three[</b>].[][</p>].[]');
    expect(toStream('<p>One</p><p>Two</p>', html(['p']))).toBe('[<p>]One[</p>][<p>]Two[</p>].[]');
  });

  it('split_sentences 0 and nonewlines do not end a sentence at a blank line; the default does', () => {
    expect(toStream('One\n\nTwo', { splitSentences: '1' })).toBe('One.[][\n\n]Two.[]');
    expect(toStream('One\n\nTwo', { splitSentences: '0' })).toBe('One[\n\n]Two.[]');
    expect(toStream('One\n\nTwo', { splitSentences: 'nonewlines' })).toBe('One[\n\n]Two.[]');
  });

  it('xml outline detection: tags outside running text are structure and split, tags inside it stay inline', () => {
    expect(toStream('<doc><title>One</title><body>Two <b>three</b> four</body></doc>', outlined())).toBe(
      '[<doc>][<title>]One.[][</title>][<body>]Two [<b>]three[</b>] four.[][</body>][</doc>].[]',
    );
    // The same document without outline detection (outline_detection=0, no splitting_tags) is one sentence.
    expect(toStream('<doc><title>One</title><body>Two</body></doc>', xml())).toBe(
      '[<doc>][<title>]One[</title>][<body>]Two[</body>][</doc>].[]',
    );
    // Indentation between elements is whitespace, not running text.
    expect(toStream('<t>One</t>\n  <t>Two</t>', outlined())).toBe('[<t>]One.[][</t>][\n  ][<t>]Two.[][</t>].[]');
  });

  it('xml outline detection leaves non_splitting_tags and our placeholders inline', () => {
    expect(toStream('<title>One</title><body>Two</body>', outlined(['title', 'body']))).toBe(
      '[<title>]One[</title>][<body>]Two[</body>].[]',
    );
    expect(toStream('I like <dpt-0/>', outlined())).toBe('I like [<dpt-0/>].[]');
  });
});
