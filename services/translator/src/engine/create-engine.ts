import type { Config } from '../config.js';
import type { ChainObserver } from './apertium/pipeline.js';
import { ApertiumEngine } from './apertium/apertium-engine.js';
import { resolveStageAllocator } from './apertium/stage-allocator.js';
import { DeepLEngine } from './deepl/deepl-engine.js';
import type { TranslationEngine } from './engine.js';
import { LibreTranslateEngine } from './libretranslate/libretranslate-engine.js';

/** The engine TRANSLATOR_ENGINE names, configured from the environment. */
/** `observer`: told of Apertium queue waits and chain restarts (metrics and logs). */
export function createEngine(config: Config, observer?: ChainObserver): TranslationEngine {
  switch (config.TRANSLATOR_ENGINE) {
    case 'apertium':
      return new ApertiumEngine({
        modesDir: config.APERTIUM_MODES_DIR,
        chainsPerPair: config.APERTIUM_CHAINS_PER_PAIR,
        stageScheduling: config.APERTIUM_STAGE_SCHEDULING,
        stageAllocator: resolveStageAllocator(config.APERTIUM_STAGE_ALLOCATOR),
        idleShutdownMs: config.APERTIUM_IDLE_SECONDS * 1000,
        ...(observer ? { observer } : {}),
      });
    case 'deepl':
      return new DeepLEngine({
        url: config.TRANSLATOR_UPSTREAM_URL!,
        key: config.TRANSLATOR_UPSTREAM_KEY!,
        timeoutMs: config.TRANSLATOR_UPSTREAM_TIMEOUT_MS,
      });
    case 'libretranslate':
      return new LibreTranslateEngine({
        url: config.TRANSLATOR_UPSTREAM_URL!,
        key: config.TRANSLATOR_UPSTREAM_KEY,
        timeoutMs: config.TRANSLATOR_UPSTREAM_TIMEOUT_MS,
      });
  }
}
