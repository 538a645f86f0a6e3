import { describe, expect, it } from '@jest/globals';
import { LanguageCatalog } from '../../src/domain/languages/language-catalog.js';

const catalog = new LanguageCatalog({
  pairs: [
    { source: 'EN', target: 'ES' },
    { source: 'ES', target: 'EN' },
    { source: 'ES', target: 'EN-GB' },
    { source: 'ES', target: 'EN-US' },
    { source: 'FR', target: 'ES' },
    { source: 'EN', target: 'PT-BR', pivot: true },
  ],
  formalityTargets: ['ES'],
});

describe('LanguageCatalog', () => {
  it('lists sources by code with English names and no formality flag', () => {
    expect(catalog.listSources()).toEqual([
      { language: 'EN', name: 'English' },
      { language: 'ES', name: 'Spanish' },
      { language: 'FR', name: 'French' },
    ]);
  });

  it('lists targets with supports_formality, hiding bare EN when its variants exist', () => {
    expect(catalog.listTargets()).toEqual([
      { language: 'EN-GB', name: 'English (British)', supports_formality: false },
      { language: 'EN-US', name: 'English (American)', supports_formality: false },
      { language: 'ES', name: 'Spanish', supports_formality: true },
      { language: 'PT-BR', name: 'Portuguese (Brazilian)', supports_formality: false, pivoted_from: ['EN'] },
    ]);
  });

  it('names the sources that reach a target only through a third language', () => {
    expect(catalog.pivotedFrom('PT-BR')).toEqual(['EN']);
    expect(catalog.pivotedFrom('ES')).toEqual([]);
  });

  it('knows which sources reach a target, counting the target’s own language', () => {
    expect(catalog.sourcesFor('ES')).toEqual(['EN', 'FR', 'ES']);
    expect(catalog.sourcesFor('EN-US')).toEqual(['ES', 'EN']);
    expect(catalog.canTranslate('EN', 'EN-US')).toBe(true);
    expect(catalog.canTranslate('FR', 'EN-US')).toBe(false);
  });
});
