// What the configured engine can serve, in DeepL's terms: the source and target lists of
// /v2/languages, code normalisation, and which sources can reach a target (for detection).
import type { EngineLanguages } from '../../engine/engine.js';
import { languageName } from './language-names.js';

/** Bare EN and PT are accepted as targets (deprecated by DeepL) but only their variants are listed. */
const UNLISTED_BARE_TARGETS: Record<string, string[]> = { EN: ['EN-GB', 'EN-US'], PT: ['PT-PT', 'PT-BR'] };

export interface ListedLanguage {
  language: string;
  name: string;
}

export interface ListedTargetLanguage extends ListedLanguage {
  supports_formality: boolean;
  /** Not DeepL's: the sources that reach this target only through a third language; absent when none. */
  pivoted_from?: string[];
}

export function baseLanguage(code: string): string {
  return code.split('-')[0]!;
}

/** DeepL codes are case-insensitive: `en-us` -> `EN-US`, `zh-hans` -> `ZH-HANS`. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export class LanguageCatalog {
  private readonly sources = new Set<string>();
  private readonly targets = new Set<string>();
  private readonly sourcesByTarget = new Map<string, string[]>();
  /** Per target, the sources whose only route to it goes through a third language (Apertium's pivots). */
  private readonly pivotedByTarget = new Map<string, string[]>();
  private readonly formality: Set<string>;

  constructor(languages: EngineLanguages) {
    this.formality = new Set(languages.formalityTargets);
    for (const { source, target, pivot } of languages.pairs) {
      this.sources.add(source);
      this.targets.add(target);
      const reaching = this.sourcesByTarget.get(target) ?? [];
      if (!reaching.includes(source)) reaching.push(source);
      this.sourcesByTarget.set(target, reaching);
      if (pivot) this.pivotedByTarget.set(target, [...(this.pivotedByTarget.get(target) ?? []), source]);
    }
  }

  isSource(code: string): boolean {
    return this.sources.has(code);
  }

  isTarget(code: string): boolean {
    return this.targets.has(code);
  }

  supportsFormality(target: string): boolean {
    return this.formality.has(target);
  }

  /** Sources that translate into `target`, plus the target's own language (returned unchanged). */
  sourcesFor(target: string): string[] {
    const reaching = this.sourcesByTarget.get(target) ?? [];
    const own = baseLanguage(target);
    return this.sources.has(own) && !reaching.includes(own) ? [...reaching, own] : reaching;
  }

  /** Sources that reach `target` only through a third language (two engine pairs chained), sorted; [] when none. */
  pivotedFrom(target: string): string[] {
    return [...(this.pivotedByTarget.get(target) ?? [])].sort();
  }

  canTranslate(source: string, target: string): boolean {
    return baseLanguage(target) === source
      ? this.sources.has(source) && this.targets.has(target)
      : this.sourcesFor(target).includes(source);
  }

  /** Base codes of every language served (as source or target): the languages a glossary may pair. */
  baseLanguages(): string[] {
    return [...new Set([...this.sources, ...[...this.targets].map(baseLanguage)])].sort();
  }

  listSources(): ListedLanguage[] {
    return [...this.sources].sort().map((language) => ({ language, name: languageName(language) }));
  }

  listTargets(): ListedTargetLanguage[] {
    return [...this.targets]
      .filter((code) => !(UNLISTED_BARE_TARGETS[code] ?? []).some((variant) => this.targets.has(variant)))
      .sort()
      .map((language) => {
        const pivoted = this.pivotedFrom(language);
        return {
          language,
          name: languageName(language),
          supports_formality: this.formality.has(language),
          ...(pivoted.length ? { pivoted_from: pivoted } : {}),
        };
      });
  }
}
