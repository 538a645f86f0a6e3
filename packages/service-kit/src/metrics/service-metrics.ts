import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: request and queue-wait buckets from 5 ms to 30 s. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface ServiceMetricsOptions {
  /** Off: every metric is a no-op and nothing is collected (METRICS_ENABLED=false). */
  enabled: boolean;
  /** The `service` label every metric carries (a constant, never per request). */
  service: string;
  /** Node's process metrics (CPU, memory, event loop lag, handles); on by default. */
  processMetrics?: boolean;
}

interface MetricConfig<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
}

/**
 * One Prometheus registry per process with the service's metrics. A metric made while metrics are off is
 * a shared no-op, so instrumented code never branches on the setting and costs a call, not a label lookup.
 * Label values must come from small fixed sets (a route template, a state, a cause): never a tenant, a
 * token, a key or a URL, whose values are unbounded and may be secret.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly enabled: boolean;

  constructor(options: ServiceMetricsOptions) {
    this.enabled = options.enabled;
    this.registry.setDefaultLabels({ service: options.service });
    if (this.enabled && options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string = never>(config: MetricConfig<L>): Counter<L> {
    if (!this.enabled) return NO_OP as unknown as Counter<L>;
    return new Counter({ ...config, labelNames: config.labelNames ?? [], registers: [this.registry] });
  }

  histogram<L extends string = never>(config: MetricConfig<L> & { buckets?: number[] }): Histogram<L> {
    if (!this.enabled) return NO_OP as unknown as Histogram<L>;
    return new Histogram({
      ...config,
      labelNames: config.labelNames ?? [],
      buckets: config.buckets ?? DURATION_BUCKETS,
      registers: [this.registry],
    });
  }

  gauge<L extends string = never>(config: MetricConfig<L>): Gauge<L> {
    if (!this.enabled) return NO_OP as unknown as Gauge<L>;
    return new Gauge({ ...config, labelNames: config.labelNames ?? [], registers: [this.registry] });
  }

  /**
   * A gauge read when Prometheus scrapes, not kept up to date on every change: what it reads costs one
   * call per scrape, whatever the traffic (and nothing per idle tenant). A read that fails leaves the
   * previous values and lets the rest of the scrape answer.
   */
  gaugeAtScrape<L extends string = never>(
    config: MetricConfig<L>,
    read: (gauge: Pick<Gauge<L>, 'set' | 'reset'>) => void | Promise<void>,
    onError?: (error: unknown) => void,
  ): void {
    if (!this.enabled) return;
    new Gauge<L>({
      ...config,
      labelNames: config.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        try {
          await read(this);
        } catch (error) {
          onError?.(error);
        }
      },
    });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

function noOp(): typeof NO_OP {
  return NO_OP;
}

const NO_OP = {
  inc: noOp,
  dec: noOp,
  set: noOp,
  observe: noOp,
  reset: noOp,
  labels: noOp,
  startTimer: () => noOp,
  remove: noOp,
  zero: noOp,
};
