import { badge, facts, h } from '../dom.js';
import type { TransformationTestResult } from '../types.js';

// What the transformation test console answered (POST …/transformations/test), in words: the outcome, the request
// that would be sent, and what the code logged.

const OUTCOME_BADGES: Record<TransformationTestResult['outcome'], () => HTMLElement> = {
  send: () => badge('succeeded', 'send'),
  dropped: () => badge('filtered', 'dropped'),
  failed: () => badge('failed', 'failed'),
};

const OUTCOME_WORDS: Record<TransformationTestResult['outcome'], string> = {
  send: 'this request would be sent (a signed delivery is signed over this body)',
  dropped: 'the function returned null: nothing would be sent',
  failed: 'the delivery would be dead-lettered with a transformation_failed issue',
};

/** The body as it would be sent, pretty-printed when it is JSON. */
function shownBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function requestPart(request: NonNullable<TransformationTestResult['request']>): HTMLElement {
  const headers = Object.entries(request.headers);
  return h(
    'div',
    { class: 'transformed-request' },
    facts([
      ['Method', h('code', null, request.method)],
      ['URL', h('code', null, request.url)],
    ]),
    h('h3', null, 'Headers'),
    headers.length
      ? h('pre', { class: 'headers' }, headers.map(([name, value]) => `${name}: ${value}`).join('\n'))
      : h('p', { class: 'hint' }, 'None of its own'),
    h('p', { class: 'hint' }, "The destination's own headers (stored encrypted, never shown to the code) are added when it is sent."),
    h('h3', null, 'Body'),
    h('pre', { class: 'body' }, shownBody(request.body)),
  );
}

/** The test's result: outcome and time, the error when it failed, the request when it would send, and the logs. */
export function testResultNode(result: TransformationTestResult): HTMLElement {
  return h(
    'div',
    { class: 'transformation-test', 'data-outcome': result.outcome },
    h(
      'p',
      { class: 'outcome' },
      OUTCOME_BADGES[result.outcome](),
      ` ${OUTCOME_WORDS[result.outcome]} (${result.duration_ms.toFixed(1)} ms).`,
    ),
    result.error ? h('p', { class: 'form-error' }, result.error) : null,
    result.request ? requestPart(result.request) : null,
    h('h3', null, 'Logs'),
    result.logs.length ? h('pre', { class: 'logs' }, result.logs.join('\n')) : h('p', { class: 'hint' }, 'Nothing logged'),
  );
}
