import { describe, expect, it } from '@jest/globals';
import { DeepLRoutes } from '../../src/engine/apertium/deepl-routes.js';
import type { ModeInfo } from '../../src/engine/apertium/mode-file.js';

const modes = (...names: string[]): ModeInfo[] =>
  names.map((name) => {
    const [source = '', target = ''] = name.split('-');
    return { name, source, target, path: `/modes/${name}.mode` };
  });

describe('DeepLRoutes', () => {
  const routes = new DeepLRoutes(modes('eng-spa', 'spa-eng', 'spa-eng_US', 'es-pt', 'es-pt_BR', 'eng-cat_valencia', 'fr-es'));

  it('maps three-letter and two-letter mode codes onto DeepL codes', () => {
    expect(routes.route('EN', 'ES')?.hops).toEqual([{ source: 'eng', target: 'spa', mode: 'eng-spa' }]);
    expect(routes.route('FR', 'ES')?.hops).toEqual([{ source: 'fr', target: 'es', mode: 'fr-es' }]);
  });

  it('serves EN-US with the _US mode and EN-GB and bare EN with the plain one', () => {
    expect(routes.route('ES', 'EN-US')?.hops[0]?.mode).toBe('spa-eng_US');
    expect(routes.route('ES', 'EN-GB')?.hops[0]?.mode).toBe('spa-eng');
    expect(routes.route('ES', 'EN')?.hops[0]?.mode).toBe('spa-eng');
    expect(routes.route('ES', 'PT-BR')?.hops[0]?.mode).toBe('es-pt_BR');
    expect(routes.route('ES', 'PT-PT')?.hops[0]?.mode).toBe('es-pt');
    expect(routes.route('ES', 'ES-419')).toBeUndefined();
  });

  it('pivots through Spanish when no direct mode exists', () => {
    expect(routes.route('EN', 'PT-BR')?.hops.map((hop) => hop.mode)).toEqual(['eng-spa', 'es-pt_BR']);
    expect(routes.route('FR', 'EN-US')?.hops.map((hop) => hop.mode)).toEqual(['fr-es', 'spa-eng_US']);
  });

  it('offers no route where neither a mode nor a pivot exists, and ignores variants DeepL has no code for', () => {
    expect(routes.route('PT', 'EN-GB')).toBeUndefined();
    expect(routes.route('EN', 'CA')).toBeUndefined();
  });

  it('lists direct pairs and flags pivot pairs', () => {
    const pairs = routes.pairs();
    expect(pairs).toContainEqual({ source: 'EN', target: 'ES' });
    expect(pairs).toContainEqual({ source: 'EN', target: 'PT-BR', pivot: true });
    expect(pairs).toContainEqual({ source: 'ES', target: 'EN-US' });
    expect(pairs.some((pair) => pair.target === 'CA')).toBe(false);
  });

  it('falls back to the plain mode for a variant when the pair has no variant mode', () => {
    const plainOnly = new DeepLRoutes(modes('cat-eng', 'spa-pt'));
    expect(plainOnly.route('CA', 'EN-US')?.hops[0]?.mode).toBe('cat-eng');
    expect(plainOnly.route('ES', 'PT-BR')?.hops[0]?.mode).toBe('spa-pt');
  });

  it('reads Serbo-Croatian as HR, SR and BS and writes each from its own variant mode', () => {
    const hbs = new DeepLRoutes(modes('hbs-eng', 'eng-hbs', 'eng-hbs_HR', 'eng-hbs_SR', 'eng-hbs_BS'));
    for (const source of ['HR', 'SR', 'BS']) expect(hbs.route(source, 'EN-GB')?.hops[0]?.mode).toBe('hbs-eng');
    expect(hbs.route('EN', 'HR')?.hops[0]?.mode).toBe('eng-hbs_HR');
    expect(hbs.route('EN', 'SR')?.hops[0]?.mode).toBe('eng-hbs_SR');
    expect(hbs.route('EN', 'BS')?.hops[0]?.mode).toBe('eng-hbs_BS');
    // Through English back into Serbo-Croatian would only garble it.
    expect(hbs.route('HR', 'SR')).toBeUndefined();
  });

  it('pivots through English, then any other language, when Spanish has no route', () => {
    const more = new DeepLRoutes(modes('isl-eng', 'eng-spa', 'spa-eng', 'isl-swe', 'swe-isl', 'swe-nob', 'nob-swe', 'eo-en', 'en-eo'));
    expect(more.route('IS', 'EO')?.hops.map((hop) => hop.mode)).toEqual(['isl-eng', 'en-eo']);
    expect(more.route('IS', 'NB')?.hops.map((hop) => hop.mode)).toEqual(['isl-swe', 'swe-nob']);
    expect(more.route('EO', 'ES')?.hops.map((hop) => hop.mode)).toEqual(['eo-en', 'eng-spa']);
    expect(more.route('NB', 'EN')).toBeUndefined();
    expect(more.pairs()).toContainEqual({ source: 'IS', target: 'NB', pivot: true });
  });

  it('prefers Spanish over English as the pivot when both reach the target', () => {
    const both = new DeepLRoutes(modes('fr-es', 'fra-eng', 'spa-cat', 'eng-cat'));
    expect(both.route('FR', 'CA')?.hops.map((hop) => hop.mode)).toEqual(['fr-es', 'spa-cat']);
  });
});
