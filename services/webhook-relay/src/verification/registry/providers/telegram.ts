import type { ProviderRecord } from '../../types.js';

export const TELEGRAM: ProviderRecord = {
  slug: 'telegram',
  name: 'Telegram Bot API',
  family: 'shared-secret',
  docs: 'https://core.telegram.org/bots/api#setwebhook',
  scheme: { kind: 'token', header: 'x-telegram-bot-api-secret-token' },
};
