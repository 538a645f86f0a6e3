import { describe, expect, it } from '@jest/globals';
import { TranslateRequest, translatorValidationMessage } from '../src/translator.js';

const parse = (input: unknown) => {
  const result = TranslateRequest.safeParse(input);
  return result.success ? { data: result.data } : { message: translatorValidationMessage(result.error) };
};

describe('TranslateRequest', () => {
  it('reads form-style strings: 0/1 flags, comma-separated lists, numeric threshold', () => {
    expect(
      parse({
        text: ['Hi'],
        target_lang: 'de',
        show_billed_characters: '1',
        preserve_formatting: '0',
        ignore_tags: 'x, y',
        glossary_ids: 'g1,g2',
        source_lang: 'en',
        translation_memory_id: 'tm',
        translation_memory_threshold: '80',
      }).data,
    ).toEqual({
      text: ['Hi'],
      target_lang: 'de',
      source_lang: 'en',
      show_billed_characters: true,
      preserve_formatting: false,
      ignore_tags: ['x', 'y'],
      glossary_ids: ['g1', 'g2'],
      translation_memory_id: 'tm',
      translation_memory_threshold: 80,
    });
  });

  it('reads JSON booleans and arrays as they are', () => {
    expect(parse({ text: ['a', 'b'], target_lang: 'ES', outline_detection: false, splitting_tags: ['p'] }).data).toMatchObject({
      outline_detection: false,
      splitting_tags: ['p'],
    });
  });

  it.each([
    [{ target_lang: 'DE' }, "Parameter 'text' not specified."],
    [{ text: [], target_lang: 'DE' }, "Parameter 'text' not specified."],
    [{ text: ['a'] }, "Parameter 'target_lang' not specified."],
    [{ text: ['a'], target_lang: 'DE', formality: 'polite' }, /^Value for 'formality' not supported/],
    [{ text: ['a'], target_lang: 'DE', split_sentences: 'yes' }, /^Value for 'split_sentences' not supported/],
    [{ text: ['a'], target_lang: 'DE', tag_handling_version: 'v3' }, /^Value for 'tag_handling_version' not supported/],
    [{ text: ['a'], target_lang: 'DE', show_billed_characters: 'yes' }, /^Value for 'show_billed_characters' not supported/],
    [{ text: ['a'], target_lang: 'DE', translation_memory_threshold: 50 }, /requires 'translation_memory_id'/],
    [{ text: ['a'], target_lang: 'DE', glossary_ids: ['a', 'b', 'c', 'd', 'e', 'f'], source_lang: 'EN' }, /at most 5/],
    [{ text: ['a'], target_lang: 'PT-BR', custom_instructions: ['x'] }, /not supported for target_lang 'PT-BR'/],
    [{ text: ['a'], target_lang: 'DE', surprise: 1 }, "Unknown parameter 'surprise'."],
  ])('refuses %j with a message naming the parameter', (input, message) => {
    expect(parse(input).message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('accepts custom_instructions for a variant of a listed target', () => {
    expect(parse({ text: ['a'], target_lang: 'en-US', custom_instructions: ['Be brief.'] }).data?.custom_instructions).toEqual([
      'Be brief.',
    ]);
  });
});
