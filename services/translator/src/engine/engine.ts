// The contract every translation engine (apertium, deepl, libretranslate) implements. Engines speak
// DeepL language codes, upper-case: sources are base codes (`EN`, `ES`, `PT`), targets may carry a
// variant (`EN-US`, `PT-BR`, `ZH-HANS`). Each engine maps them onto its own codes.
import type { ResourceLanguage } from '@workspace/contracts';

export type Formality = 'default' | 'more' | 'less' | 'prefer_more' | 'prefer_less';

/** Segments that are markup (tag_handling, or plain text carrying placeholder tags). */
export interface SegmentFormat {
  /** Tags, comments and entities pass through unchanged and in place. */
  tagHandling: 'xml' | 'html';
  /** Tags that always end a sentence (html: block elements too). */
  splittingTags: string[];
  /** Tags that never end a sentence. */
  nonSplittingTags: string[];
  outlineDetection: boolean;
  /** Present only when the caller sent `tag_handling_version` (the deepl engine forwards it). */
  version?: 'v1' | 'v2';
}

export type SplitSentences = '0' | '1' | 'nonewlines';

export interface TranslateOptions {
  /** Base source code; undefined only for engines with `detectsSource` (they detect it themselves). */
  source?: string;
  target: string;
  formality?: Formality;
  /** Present only when the caller sent `model_type`. */
  modelType?: string;
  context?: string;
  /** Present only when the segments are markup. */
  format?: SegmentFormat;
  /** Present only when the caller sent `split_sentences`. */
  splitSentences?: SplitSentences;
  /** Present only when the caller sent `preserve_formatting`. */
  preserveFormatting?: boolean;
  /** Present only when the caller sent them; engines that cannot follow instructions ignore them. */
  customInstructions?: string[];
  signal?: AbortSignal;
}

export interface TranslatedSegment {
  text: string;
  /** Base source code, upper-case, never empty. */
  detectedSource: string;
  /** Only engines that know it (an upstream DeepL reports the model it used). */
  modelTypeUsed?: string;
}

export interface LanguagePair {
  source: string;
  target: string;
  /** True when the engine reaches this pair through a third language (Apertium: via Spanish). */
  pivot?: boolean;
}

export interface EngineLanguages {
  /** Every pair the engine can translate; targets listed with their variants (`EN-GB`, `EN-US`). */
  pairs: LanguagePair[];
  /** Target codes for which `formality` changes the result. */
  formalityTargets: string[];
}

/** POST /v2/write/rephrase's parameters, as the caller sent them. */
export interface RephraseParameters {
  texts: string[];
  targetLang?: string;
  writingStyle?: string;
  tone?: string;
  signal?: AbortSignal;
}

/** POST /v2/write/correct's parameters, as the caller sent them (it takes no style or tone). */
export type CorrectParameters = Omit<RephraseParameters, 'writingStyle' | 'tone'>;

export interface RephrasedText {
  text: string;
  detectedSourceLanguage: string;
  targetLanguage: string;
}

export interface TranslationEngine {
  readonly name: 'apertium' | 'deepl' | 'libretranslate';
  /** True when `translate` may be called without `source` and detects it itself. */
  readonly detectsSource: boolean;
  /**
   * True when the engine follows free-text `custom_instructions` itself (the `deepl` engine forwards them).
   * Otherwise the service honours the forms it can follow and refuses the rest (translation/offline-instructions.ts).
   */
  readonly followsInstructions?: boolean;
  /** One result per input segment, in input order; never truncated. */
  translate(segments: string[], options: TranslateOptions): Promise<TranslatedSegment[]>;
  languages(): Promise<EngineLanguages>;
  /** Resolves when the engine can take work (upstream reachable, binaries installed); throws otherwise. */
  checkReady(): Promise<void>;
  /**
   * Only engines that reach DeepL's own API (or another instance of this service) have it: the request
   * goes upstream as it came. Without it, /v2/write/rephrase is served offline (src/write).
   */
  rephrase?(parameters: RephraseParameters): Promise<RephrasedText[]>;
  /** The same for POST /v2/write/correct; without it, correction is served offline too. */
  correct?(parameters: CorrectParameters): Promise<RephrasedText[]>;
  /**
   * GET /v3/languages?resource=… as the upstream answers it (only engines that forward work to one), or
   * undefined when the upstream has no such route; without it, /v3/languages describes this instance.
   */
  resourceLanguages?(resource: string): Promise<ResourceLanguage[] | undefined>;
  /** Stops every process or connection the engine holds; later calls fail with CLOSED. */
  close(): Promise<void>;
}
