import { describe, expect, it } from '@jest/globals';
import { segmentMarkup } from '../../src/domain/documents/formats/markup-segments.js';

const DOCX = { boundaries: new Set(['w:p']), opaque: new Set(['w:instrtext', 'w:ppr']) };

describe('segmentMarkup', () => {
  it('keeps the markup around a paragraph outside its segment and each inner run of tags as one placeholder', () => {
    const xml =
      '<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:r><w:t>The cat is </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>very</w:t></w:r><w:r><w:t> black.</w:t></w:r></w:p>';
    const markup = segmentMarkup(xml, DOCX);
    expect(markup.segments).toEqual(['The cat is <m0/>very<m1/> black.']);
    expect(markup.rebuild(['El gato es <m0/>muy<m1/> negro.'])).toBe(
      '<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:r><w:t>El gato es </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>muy</w:t></w:r><w:r><w:t> negro.</w:t></w:r></w:p>',
    );
    expect(markup.rebuild(markup.segments)).toBe(xml);
  });

  it('puts a placeholder the engine dropped at the end, so no tag is lost', () => {
    const markup = segmentMarkup('<w:p><w:r><w:t>A </w:t></w:r><w:r><w:t>B</w:t></w:r></w:p>', DOCX);
    expect(markup.rebuild(['A B'])).toBe('<w:p><w:r><w:t>A B</w:t></w:r><w:r><w:t></w:t></w:r></w:p>');
  });

  it('never translates opaque elements: field codes travel inside a placeholder', () => {
    const markup = segmentMarkup(
      '<w:p><w:r><w:t>See </w:t></w:r><w:r><w:instrText> HYPERLINK "x" </w:instrText></w:r><w:r><w:t>here</w:t></w:r></w:p>',
      DOCX,
    );
    expect(markup.segments).toEqual(['See <m0/>here']);
  });

  it('splits at every non-inline tag when told, and keeps attributes holding > intact', () => {
    const markup = segmentMarkup('<doc><a title="x > y">One</a><b>Two <i>three</i></b></doc>', {
      boundaries: new Set(),
      boundaryUnlessInline: true,
      inline: new Set(['i']),
    });
    expect(markup.segments).toEqual(['One', 'Two <m0/>three']);
    expect(markup.rebuild(['Uno', 'Dos <m0/>tres'])).toBe('<doc><a title="x > y">Uno</a><b>Dos <i>tres</i></b></doc>');
  });

  it('translates the values of the attributes it is told to, after the text segments, and nothing else of the tag', () => {
    const markup = segmentMarkup(`<p>Hi <img src="a.png" alt='The "big" cat' data-x="y"></p>`, {
      boundaries: new Set(['p']),
      attributes: new Set(['alt']),
    });
    expect(markup.segments).toEqual(['Hi', 'The "big" cat']);
    expect(markup.rebuild(['Hola', 'El "gran" gato'])).toBe('<p>Hola <img src="a.png" alt="El &quot;gran&quot; gato" data-x="y"></p>');
  });
});
