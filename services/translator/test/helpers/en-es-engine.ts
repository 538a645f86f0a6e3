import type { TranslationEngine } from '../../src/engine/engine.js';

/** An engine serving EN -> ES only, translating with `translate`: for tests about what happens around the engine. */
export function enEsEngine(translate: TranslationEngine['translate']): TranslationEngine {
  return {
    name: 'apertium',
    detectsSource: false,
    translate,
    languages: async () => ({ pairs: [{ source: 'EN', target: 'ES' }], formalityTargets: [] }),
    checkReady: async () => undefined,
    close: async () => undefined,
  };
}
