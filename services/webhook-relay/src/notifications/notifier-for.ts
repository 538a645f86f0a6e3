import type { Config } from '../config.js';
import type { Resources } from '../deps.js';
import type { Sender } from '../delivery/http-sender.js';
import { smtpEmailSender } from './email-sender.js';
import { Notifier } from './notifier.js';

/** The notifier of a worker process (or of an API process running the workers), on the delivery HTTP client. */
export function notifierFor(config: Config, resources: Pick<Resources, 'pool' | 'sealed' | 'runtime' | 'logger'>, sender: Sender) {
  const email = config.RELAY_SMTP_URL ? smtpEmailSender(config.RELAY_SMTP_URL, config.RELAY_SMTP_FROM) : undefined;
  const notifier = new Notifier({
    ...resources,
    sender,
    email,
    pollMs: config.RELAY_NOTIFICATION_POLL_MS,
    schedule: config.RELAY_NOTIFICATION_RETRY_SCHEDULE,
  });
  return {
    start: () => notifier.start(),
    async close() {
      await notifier.close();
      email?.close();
    },
  };
}
