import type { FanOutVerdicts } from '../../../db/functions/relay-fan-out.js';
import type { FilterInputRow } from '../../../db/functions/relay-filter-inputs.js';
import { type CompiledFilter, compiledFilters } from './compile-filter.js';
import { buildFilterDocument, type FilterDocument } from './filter-document.js';

/**
 * Judges each (filtered subscription, event) pair. Each event's document is built once, whatever its
 * subscriptions, and its body is parsed only when one of them reads the body.
 */
export function judgeEvents(rows: FilterInputRow[]): FanOutVerdicts {
  const verdicts: FanOutVerdicts = { subscriptionIds: [], eventIds: [], versions: [], passed: [] };
  const compiled = rows.map((row) => compile(row));
  const readsBody = new Set(rows.filter((_row, index) => compiled[index]?.readsBody !== false).map((row) => row.event_id));
  const documents = new Map<string, FilterDocument>();
  rows.forEach((row, index) => {
    let document = documents.get(row.event_id);
    if (!document) {
      document = buildFilterDocument({
        headers: row.headers,
        body: readsBody.has(row.event_id) ? row.body : null,
        query: row.query,
        provider: row.provider,
        state: row.state,
        eventType: row.event_type,
      }).document;
      documents.set(row.event_id, document);
    }
    verdicts.subscriptionIds.push(row.subscription_id);
    verdicts.eventIds.push(row.event_id);
    verdicts.versions.push(row.version);
    verdicts.passed.push(judge(compiled[index], document));
  });
  return verdicts;
}

function compile(row: FilterInputRow): CompiledFilter | undefined {
  try {
    return compiledFilters.get(row.subscription_id, row.version, row.filter);
  } catch {
    return undefined;
  }
}

function judge(filter: CompiledFilter | undefined, document: FilterDocument): boolean {
  // A stored filter sift cannot run (one saved before a validation rule existed) turns the event away, visibly.
  if (!filter) return false;
  try {
    return filter.test(document);
  } catch {
    return false;
  }
}
