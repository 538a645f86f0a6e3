import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

// The operator chooses the header's value when registering the event hook (Authorization by convention).
// checked against https://help.okta.com/en-us/Content/Topics/automation-hooks/add-event-hooks.htm and
// https://developer.okta.com/docs/guides/secure-hooks/ (a header the admin names and fills; Okta suggests a Basic value).
export const OKTA: ProviderRecord = {
  slug: 'okta',
  name: 'Okta event hooks',
  family: 'shared-secret',
  docs: 'https://developer.okta.com/docs/concepts/event-hooks/',
  scheme: { kind: 'token', header: 'authorization' },
  handshake: HANDSHAKES.okta,
};
