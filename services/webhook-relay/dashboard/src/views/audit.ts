import { pageThrough } from '../paging.js';
import { post } from '../api.js';
import { actionButton, h, replaceChildren, time } from '../dom.js';
import { describeActor, describeTarget, loadDirectory } from '../principals.js';
import type { View } from '../router.js';
import type { AuditEntry, AuditVerification } from '../types.js';

export async function auditView(): Promise<View> {
  const body = h('tbody');
  const directory = await loadDirectory();
  const more = await pageThrough<AuditEntry>(
    '/v1/audit',
    {},
    (items) => {
      for (const entry of items)
        body.append(
          h(
            'tr',
            null,
            h('td', null, entry.seq),
            h('td', null, time(entry.created_at)),
            h('td', { class: 'wrap' }, describeActor(directory, entry.actor)),
            h('td', null, entry.action),
            h('td', { class: 'wrap hide-narrow' }, describeTarget(directory, entry.target)),
          ),
        );
    },
    'Load older entries',
  );

  const result = h('div', { 'aria-live': 'polite', id: 'verify-result' });
  const verify = actionButton('Verify chain', async () => {
    const verification = await post<AuditVerification>('/v1/audit/verify');
    if (verification.intact)
      replaceChildren(
        result,
        h(
          'p',
          { class: 'ok' },
          h('strong', null, 'Intact'),
          `: ${verification.entries} entries, each linked to the one before; last hash ${verification.last_hash ?? '—'}`,
        ),
      );
    else
      replaceChildren(
        result,
        h(
          'div',
          { class: 'alert', role: 'alert' },
          h('strong', null, 'Broken'),
          verification.first_broken
            ? h(
                'p',
                null,
                `First broken entry: #${verification.first_broken.seq} (${verification.first_broken.id}): ${verification.first_broken.reason}`,
              )
            : null,
          verification.anchor_mismatch
            ? h(
                'p',
                null,
                `The chain does not end where its anchor says (${verification.anchor_mismatch.cause}): ${verification.anchor_mismatch.reason}`,
              )
            : null,
          h('p', null, `${verification.entries} entries checked before it.`),
        ),
      );
  });

  return {
    title: 'Audit log',
    node: h(
      'div',
      null,
      h('h1', null, 'Audit log'),
      h(
        'section',
        null,
        h(
          'p',
          { class: 'hint' },
          'Every change, hash-chained: each entry carries the hash of the one before, so an edited or deleted entry shows.',
        ),
        verify,
        result,
      ),
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          null,
          h('caption', { class: 'visually-hidden' }, 'Audit entries, newest first'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, '#'),
              h('th', { scope: 'col' }, 'When'),
              h('th', { scope: 'col' }, 'Actor'),
              h('th', { scope: 'col' }, 'Action'),
              h('th', { scope: 'col', class: 'hide-narrow' }, 'Target'),
            ),
          ),
          body,
        ),
      ),
      more,
    ),
  };
}
