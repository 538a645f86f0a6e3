// The runner speaks Apertium's own codes (`eng`, `spa`, `es`, `pt_BR`); apertium-engine.ts maps DeepL codes onto them.
import type { StreamFormat } from './format.js';

export interface RunOptions {
  source: string;
  target: string;
  /** Markup and sentence splitting; absent for plain text (the common, benchmarked path). */
  format?: StreamFormat;
  signal?: AbortSignal;
}

export interface RunResult {
  text: string;
  detectedSource: string;
}

export interface ModePair {
  source: string;
  target: string;
}
