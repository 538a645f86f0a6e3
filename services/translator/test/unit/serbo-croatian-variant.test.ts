import { afterAll, describe, expect, it } from '@jest/globals';
import { createLanguageDetector } from '../../src/languages/detect-language.js';
import { serboCroatianVariant } from '../../src/languages/serbo-croatian-variant.js';

describe('serboCroatianVariant', () => {
  it.each([
    ['Gde je voz za Novi Sad?', 'SR'],
    ['Da li imate svež hleb?', 'SR'],
    ['Moram da idem, izvini.', undefined],
    ['Ovo polje ne sme da ostane prazno.', 'SR'],
    ['Где је станица?', 'SR'],
    ['Gdje je vlak za Split?', 'HR'],
    ['Je li vrijeme za kavu?', 'HR'],
    ['Tko je uzeo moju datoteku?', 'HR'],
    ['Hvala puno!', undefined],
  ])('reads %j as %s', (text, variant) => {
    expect(serboCroatianVariant(text)).toBe(variant);
  });
});

describe('the detector among Croatian, Serbian and Bosnian', () => {
  const detector = createLanguageDetector();
  afterAll(() => detector.close());

  it('answers Serbian for ekavian text that n-grams would call Croatian, and Croatian for ijekavian text', () => {
    expect(detector.detect('Da li ste proverili cenu u prodavnici?', ['HR', 'SR', 'BS'])).toBe('SR');
    expect(detector.detect('Jeste li provjerili cijenu u trgovini?', ['HR', 'SR', 'BS'])).toBe('HR');
  });

  it('never moves a text of another language into the group: ekavian Slovenian stays Slovenian', () => {
    expect(detector.detect('Danes je zelo lepo vreme, zato gremo na sprehod ob reki.', ['SL', 'HR', 'SR'])).toBe('SL');
  });
});
