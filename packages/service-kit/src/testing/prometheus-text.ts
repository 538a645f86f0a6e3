/** One sample of a Prometheus text exposition: its metric name, labels and value. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a /metrics answer (comments skipped; label values unescaped). */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(LABEL)) {
      labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The value of the one sample of `name` whose labels include `labels` (the `service` label and any other
 * not named are ignored); undefined when none does, an error when several do.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const found = parsePrometheusText(text).filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value) &&
      Object.keys(sample.labels).every((key) => key === 'service' || key === 'le' || key in labels),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Every label value of every sample (what must never carry a tenant, a token, a key or a URL). */
export function labelValues(text: string): string[] {
  return [...new Set(parsePrometheusText(text).flatMap((sample) => Object.values(sample.labels)))];
}
