// The runner speaks Apertium's own codes (`eng`, `spa`, `es`, `pt_BR`); apertium-engine.ts maps DeepL codes onto them.
export interface RunOptions {
  source: string;
  target: string;
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
