import { describe, expect, it } from '@jest/globals';
import { HttpProblem } from '../src/http/http-problem.js';
import { parseFormFields } from '../src/http/form-body.js';

describe('parseFormFields', () => {
  it('keeps every repeat of a field as a list, however many there are', () => {
    const encoded = `${Array.from({ length: 50 }, (_, i) => `text=t${i}`).join('&')}&target_lang=de`;
    const fields = parseFormFields(encoded);
    expect(fields.text).toHaveLength(50);
    expect(fields.text?.[49]).toBe('t49');
    expect(fields.target_lang).toEqual(['de']);
  });

  it('decodes plus signs, percent-escapes and UTF-8, and keeps dotted names as written', () => {
    expect(parseFormFields('text=Hello+w%C3%B6rld%21&dictionaries%5B0%5D.source_lang=en&flag')).toEqual({
      text: ['Hello wörld!'],
      'dictionaries[0].source_lang': ['en'],
      flag: [''],
    });
  });

  it('refuses a malformed percent-escape instead of inventing a replacement character', () => {
    expect(() => parseFormFields('text=%FF%FE')).toThrow(HttpProblem);
    expect(() => parseFormFields('text=%E0%A4%A')).toThrow(/percent-escape/);
  });
});
