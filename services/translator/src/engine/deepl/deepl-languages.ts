// GET /v2/languages (source and target lists) -> engine pairs. DeepL translates any source into any
// target of another language, so the pairs are the cross product minus same-language ones.
import { EngineError } from '../engine-error.js';
import type { EngineLanguages } from '../engine.js';

export interface DeepLLanguage {
  language: string;
  name?: string;
  supports_formality?: boolean;
}

export function deeplLanguages(sources: DeepLLanguage[], targets: DeepLLanguage[]): EngineLanguages {
  const sourceCodes = unique(sources.map((item) => item.language.toUpperCase()));
  const targetCodes = unique(targets.map((item) => item.language.toUpperCase()));
  return {
    pairs: sourceCodes.flatMap((source) =>
      targetCodes.filter((target) => base(target) !== base(source)).map((target) => ({ source, target })),
    ),
    formalityTargets: unique(targets.filter((item) => item.supports_formality === true).map((item) => item.language.toUpperCase())),
  };
}

/** Checks the shape of a /v2/languages answer. */
export function languageList(body: unknown, upstream: string): DeepLLanguage[] {
  if (!Array.isArray(body) || !body.every((item) => typeof item?.language === 'string' && item.language !== '')) {
    throw new EngineError('UNAVAILABLE', `${upstream} answered GET /v2/languages with an unexpected body`);
  }
  return body as DeepLLanguage[];
}

function base(code: string): string {
  return code.split('-')[0]!;
}

function unique(codes: string[]): string[] {
  return [...new Set(codes)];
}
