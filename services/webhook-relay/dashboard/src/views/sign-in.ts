import { call } from '../api.js';
import { field, h, notify, onSubmit } from '../dom.js';
import type { View } from '../router.js';
import type { DashboardSession } from '../types.js';

/** Identity providers when configured (the same browser sign-in as the CLI), and an API key always. */
export function signInView(
  providers: Array<{ id: string; name: string }>,
  error: string | null,
  signedIn: (session: DashboardSession) => Promise<void>,
): View {
  const keyInput = h('input', { type: 'password', name: 'api_key', required: true, autocomplete: 'off', spellcheck: 'false' });
  const form = onSubmit(h('form', { class: 'stack', 'aria-labelledby': 'key-sign-in' }), async (values) => {
    const session = await call<DashboardSession>('POST', '/auth/session', { api_key: values.api_key ?? '' });
    notify('Signed in');
    await signedIn(session);
  });
  form.append(
    field('API key', keyInput, 'A key of your tenant (whk_…), e.g. from `webhook-relay api-keys create`. It is not stored in the browser.'),
    h('button', { type: 'submit' }, 'Sign in'),
  );
  return {
    title: 'Sign in',
    node: h(
      'div',
      null,
      h('h1', null, 'Sign in'),
      error ? h('div', { class: 'alert', role: 'alert' }, `Sign-in failed: ${error}`) : null,
      providers.length
        ? h(
            'section',
            { 'aria-labelledby': 'provider-sign-in' },
            h('h2', { id: 'provider-sign-in' }, 'With your account'),
            h(
              'div',
              { class: 'row' },
              ...providers.map((provider) =>
                h('a', { href: `/auth/dashboard/start?provider=${encodeURIComponent(provider.id)}` }, `Sign in with ${provider.name}`),
              ),
            ),
          )
        : null,
      h('section', null, h('h2', { id: 'key-sign-in' }, 'With an API key'), form),
    ),
  };
}
