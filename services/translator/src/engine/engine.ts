// The contract every translation engine (Apertium now; DeepL and LibreTranslate later) implements.
// Language codes are the engine's own; mapping DeepL codes onto them happens at the edge.

export interface TranslateOptions {
  source: string;
  target: string;
  signal?: AbortSignal;
}

export interface TranslatedSegment {
  text: string;
  detectedSource: string;
}

export interface LanguagePair {
  source: string;
  target: string;
}

export interface TranslationEngine {
  /** One result per input segment, in input order. */
  translate(segments: string[], options: TranslateOptions): Promise<TranslatedSegment[]>;
  pairs(): Promise<LanguagePair[]>;
  /** Stops every process or connection the engine holds; later calls fail. */
  close(): Promise<void>;
}
