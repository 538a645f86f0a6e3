// The Apertium engine in DeepL codes: routes each pair onto installed modes (directly or through
// Spanish) and runs them on warm chains (apertium-runner.ts). Apertium has no formality and no
// detection: the service detects the source before calling.
import { EngineError } from '../engine-error.js';
import type { EngineLanguages, TranslateOptions, TranslatedSegment, TranslationEngine } from '../engine.js';
import { ApertiumRunner, type ApertiumRunnerOptions } from './apertium-runner.js';
import type { StreamFormat } from './format.js';
import { DeepLRoutes } from './deepl-routes.js';
import type { StageAllocator } from './stage-allocator.js';
import { findUnknownWords } from './unknown-words.js';
import { DEFAULT_MODES_DIR, listModes, modeFilesExist, readModeFile, type ModeInfo } from './mode-file.js';

export class ApertiumEngine implements TranslationEngine {
  readonly name = 'apertium';
  readonly detectsSource = false;
  private readonly runner: ApertiumRunner;
  private routes: Promise<DeepLRoutes> | undefined;

  constructor(private readonly options: ApertiumRunnerOptions = {}) {
    this.runner = new ApertiumRunner(options);
  }

  async translate(segments: string[], options: TranslateOptions): Promise<TranslatedSegment[]> {
    const { source, target, signal } = options;
    if (!source) throw new EngineError('UNSUPPORTED_PAIR', 'the Apertium engine needs a source language');
    const route = (await this.loadRoutes()).route(source, target);
    if (!route) throw new EngineError('UNSUPPORTED_PAIR', `no Apertium pair for ${source} -> ${target}`);
    let texts = segments;
    const format = streamFormat(options);
    for (const hop of route.hops) {
      const results = await this.runner.translate(texts, { source: hop.source, target: hop.target, signal, ...(format ? { format } : {}) });
      texts = results.map((result) => result.text);
    }
    return texts.map((text) => ({ text, detectedSource: source }));
  }

  /** Source words the pair's dictionaries lack, per text (document quality reports); undefined for an unknown pair. */
  async unknownWords(texts: string[], source: string, target: string): Promise<string[][] | undefined> {
    const hop = (await this.loadRoutes()).route(source, target)?.hops[0];
    return hop ? findUnknownWords(this.modesDir(), hop.mode, texts) : undefined;
  }

  async languages(): Promise<EngineLanguages> {
    return { pairs: (await this.loadRoutes()).pairs(), formalityTargets: [] };
  }

  /** Starts the chains of these pairs now, so the first request does not pay ~100 ms per chain. */
  async warm(pairs: Array<{ source: string; target: string }>): Promise<void> {
    const routes = await this.loadRoutes();
    for (const pair of pairs) {
      for (const hop of routes.route(pair.source, pair.target)?.hops ?? []) this.runner.keepWarm(hop.source, hop.target);
    }
    await Promise.all(pairs.map((pair) => this.translate(['Ready.'], pair)));
  }

  async checkReady(): Promise<void> {
    const pairs = (await this.languages()).pairs;
    if (pairs.length === 0) {
      throw new EngineError('UNAVAILABLE', `no Apertium language pair is installed in ${this.modesDir()}`);
    }
  }

  close(): Promise<void> {
    return this.runner.close();
  }

  processIds(): Promise<number[]> {
    return this.runner.processIds();
  }

  /** What the stage processes run with, and why not the configured allocator if it could not be found. */
  get stageAllocator(): StageAllocator {
    return this.options.stageAllocator ?? { name: 'system' };
  }

  private modesDir(): string {
    return this.options.modesDir ?? DEFAULT_MODES_DIR;
  }

  private loadRoutes(): Promise<DeepLRoutes> {
    this.routes ??= listModes(this.modesDir()).then(async (modes) => new DeepLRoutes(await usableModes(modes)));
    return this.routes;
  }
}

async function usableModes(modes: ModeInfo[]): Promise<ModeInfo[]> {
  const usable = await Promise.all(modes.map(async (mode) => modeFilesExist(await readModeFile(mode.path)).catch(() => false)));
  return modes.filter((_, index) => usable[index]);
}

// Apertium keeps markup as superblanks; formality, custom instructions and the model type it cannot honour.
function streamFormat(options: TranslateOptions): StreamFormat | undefined {
  if (!options.format && !options.splitSentences) return undefined;
  return {
    ...(options.format ? { markup: options.format } : {}),
    ...(options.splitSentences ? { splitSentences: options.splitSentences } : {}),
  };
}
