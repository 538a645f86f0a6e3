import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const MAILERSEND: ProviderRecord = {
  slug: 'mailersend',
  name: 'MailerSend',
  family: 'hmac-body',
  docs: 'https://developers.mailersend.com/api/v1/webhooks.html#security',
  scheme: hmacBody('signature'),
};
