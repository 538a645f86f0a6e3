import { type Counter, type Histogram, type Logger, ServiceMetrics } from '@workspace/service-kit';
import type { ChainObserver } from '../engine/apertium/pipeline.js';
import type { TranslationEngine } from '../engine/engine.js';

/**
 * The translator's own figures. Labels come from small fixed sets (an engine name, DeepL language codes, a
 * restart cause, a route template): never a key, a text or a glossary, so series stay few and nothing a
 * caller sent reaches Prometheus.
 */
export interface TranslatorMetrics {
  readonly service: ServiceMetrics;
  charactersTranslated: Counter<'engine' | 'source' | 'target'>;
  chainRestarts: Counter<'cause'>;
  engineQueueWait: Histogram;
  quotaExceeded: Counter<'route'>;
}

export function translatorMetrics(service: ServiceMetrics): TranslatorMetrics {
  return {
    service,
    charactersTranslated: service.counter({
      name: 'translator_characters_translated_total',
      help: 'Characters of source text the engine translated, by engine and language pair (source "auto" when the engine detected it)',
      labelNames: ['engine', 'source', 'target'],
    }),
    chainRestarts: service.counter({
      name: 'translator_chain_restarts_total',
      help: 'Apertium chains killed and restarted, by cause (exited, timeout, incomplete)',
      labelNames: ['cause'],
    }),
    engineQueueWait: service.histogram({
      name: 'translator_engine_queue_wait_seconds',
      help: 'Time a text segment waited in an Apertium chain behind earlier segments before the chain started on it',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    quotaExceeded: service.counter({
      name: 'translator_quota_exceeded_total',
      help: 'Requests refused with 456 (the key reached its character limit), by route template',
      labelNames: ['route'],
    }),
  };
}

/**
 * What the Apertium chains report: queue waits into the histogram, and each restart counted and logged with
 * what an operator needs (the mode, the cause, the killed processes, the segments it held).
 */
export function chainObserver(metrics: TranslatorMetrics, logger: Logger): ChainObserver {
  return {
    queueWait: (seconds) => metrics.engineQueueWait.observe(seconds),
    restarted: ({ mode, cause, reason, pids, inFlight }) => {
      metrics.chainRestarts.inc({ cause });
      logger.warn(
        { mode, cause, reason, pids, segments_in_flight: inFlight },
        'apertium chain restarted: its segments are retried once on a fresh chain',
      );
    },
  };
}

/** The engine, with the characters of every successful translation counted by engine and pair. */
export function countingEngine(engine: TranslationEngine, metrics: TranslatorMetrics): TranslationEngine {
  if (!metrics.service.enabled) return engine;
  return new Proxy(engine, {
    get(target, property, receiver) {
      if (property !== 'translate') {
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      const translate: TranslationEngine['translate'] = async (segments, options) => {
        const results = await target.translate(segments, options);
        let characters = 0;
        for (const segment of segments) characters += segment.length;
        metrics.charactersTranslated.inc(
          { engine: target.name, source: options.source ?? results[0]?.detectedSource ?? 'auto', target: options.target },
          characters,
        );
        return results;
      };
      return translate;
    },
  });
}

/** For code built without metrics (tests, tools): every metric a no-op. */
export const NO_TRANSLATOR_METRICS: TranslatorMetrics = translatorMetrics(new ServiceMetrics({ enabled: false, service: 'translator' }));
