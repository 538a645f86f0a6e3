import type { Logger } from '@workspace/service-kit';
import { relayClaimNotifications, type ClaimedNotificationRow } from '../db/functions/relay-claim-notifications.js';
import type { ConnectionPool } from '../db/prisma.js';
import { withTenantSql } from '../db/tenant-sql.js';
import { sqlWrappedKeyStore } from '../db/wrapped-key-store.js';
import type { Sender } from '../delivery/http-sender.js';
import { standardWebhookHeaders } from '../delivery/sign-standard-webhook.js';
import type { NotificationPayload } from '../domain/notifications/enqueue-notification.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { EmailSender } from './email-sender.js';
import { notificationEmail } from './notification-email.js';

export interface NotifierOptions {
  pool: ConnectionPool;
  sealed: SealedValues;
  runtime: Runtime;
  logger: Logger;
  /** The delivery HTTP client: every connection passes the egress guard. */
  sender: Sender;
  /** Absent: RELAY_SMTP_URL is unset, and an email target's notifications fail (none can be registered then). */
  email?: EmailSender | undefined;
  /** RELAY_NOTIFICATION_POLL_MS: how long an idle notifier waits before looking again. */
  pollMs: number;
  /** RELAY_NOTIFICATION_RETRY_SCHEDULE: the wait before each retry; a failure after the last one is final. */
  schedule: number[];
  /** How long a claim holds its notifications: longer than a send may take, so no two processes send one at once. */
  leaseMs?: number;
  batch?: number;
  timeoutMs?: number;
}

interface ClaimedNotification {
  id: string;
  targetId: string;
  body: string;
  kind: string;
  url: string | null;
  address: string | null;
  enabled: boolean;
  secret: string | null;
}

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

const READ = `SELECT n.id, n.target_id, n.payload::text AS body, t.kind, t.url, t.address, t.enabled, t.secret_ciphertext
                FROM notifications n JOIN notification_targets t ON t.id = n.target_id
               WHERE n.id = $1::uuid AND n.claim_token = $2::uuid AND n.state = 'pending'`;
const RECORD = `UPDATE notifications
                   SET state = $3::text, attempts = attempts + 1, next_attempt_at = $4, last_attempt_at = $5::timestamptz,
                       last_status = $6, last_error = $7, claim_token = NULL,
                       completed_at = CASE WHEN $3::text = 'pending' THEN NULL ELSE $5::timestamptz END
                 WHERE id = $1::uuid AND claim_token = $2::uuid
             RETURNING attempts`;

/**
 * Sends the notification outbox (docs/notifications.md), in every worker process: claims due notifications across
 * tenants (a lease, relay_claim_notifications), sends each (a Standard Webhooks signed POST, or an email), and
 * records the outcome under the claim. A failure is retried on the schedule, then the notification is failed.
 * Nothing here opens an issue or queues a notification: a failing target cannot cause more notifications.
 */
export class Notifier {
  private stopped = false;
  private running: Promise<void> | undefined;
  private wakeSleep: (() => void) | undefined;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: NotifierOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? this.timeoutMs * 3;
    this.batch = options.batch ?? 20;
  }

  start(): void {
    this.stopped = false;
    this.running ??= this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops claiming and waits for the sends in flight to be recorded. */
  async close(): Promise<void> {
    this.stopped = true;
    this.wakeSleep?.();
    await this.running;
  }

  /** One claim and its sends; how many notifications it claimed. */
  async runOnce(): Promise<number> {
    const { pool, runtime } = this.options;
    const claims = await relayClaimNotifications(pool, runtime.now(), this.batch, this.leaseMs);
    await Promise.all(claims.map((claim) => this.work(claim)));
    return claims.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (error) {
        this.options.logger.warn({ err: error }, 'could not claim notifications to send');
      }
      // A full batch means more may be due: look again at once.
      if (claimed < this.batch && !this.stopped) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleep = done;
    });
  }

  private async work(claim: ClaimedNotificationRow): Promise<void> {
    const { logger } = this.options;
    try {
      const notification = await this.read(claim);
      if (!notification) return;
      const outcome = notification.enabled
        ? await this.send(notification)
        : { ok: false, status: null, error: 'the target was turned off before this was sent' };
      await this.record(claim, outcome, !notification.enabled);
    } catch (error) {
      // The lease runs out and the notification is claimed again: at least once.
      logger.warn({ err: error, notificationId: claim.notification_id }, 'could not send a notification; it is tried again');
    }
  }

  private read(claim: ClaimedNotificationRow): Promise<ClaimedNotification | undefined> {
    const { pool, sealed } = this.options;
    return withTenantSql(pool, claim.tenant_id, async (sql) => {
      const { rows } = await sql.query<{
        id: string;
        target_id: string;
        body: string;
        kind: string;
        url: string | null;
        address: string | null;
        enabled: boolean;
        secret_ciphertext: Uint8Array | null;
      }>(READ, [claim.notification_id, claim.claim_token]);
      const row = rows[0];
      if (!row) return undefined;
      const secret = row.secret_ciphertext
        ? await sealed.openFrom(sqlWrappedKeyStore(sql), claim.tenant_id, 'notification_secret', row.target_id, row.secret_ciphertext)
        : null;
      return {
        id: row.id,
        targetId: row.target_id,
        body: row.body,
        kind: row.kind,
        url: row.url,
        address: row.address,
        enabled: row.enabled,
        secret,
      };
    });
  }

  private async send(notification: ClaimedNotification): Promise<Outcome> {
    if (notification.kind === 'email') return this.sendEmail(notification);
    const body = Buffer.from(notification.body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'webhook-relay/1',
      ...standardWebhookHeaders(notification.id, this.options.runtime.now(), body, notification.secret ? [notification.secret] : []),
    };
    const result = await this.options.sender.send({ url: notification.url ?? '', headers, body, timeoutMs: this.timeoutMs });
    return { ok: result.ok, status: result.status, error: result.ok ? null : (result.error ?? `answered ${result.status}`) };
  }

  private async sendEmail(notification: ClaimedNotification): Promise<Outcome> {
    const { email } = this.options;
    if (!email) return { ok: false, status: null, error: 'RELAY_SMTP_URL is not set on the worker process that claimed it' };
    const { subject, text } = notificationEmail(JSON.parse(notification.body) as NotificationPayload);
    try {
      await email.send({ to: notification.address ?? '', subject, text, notificationId: notification.id });
      return { ok: true, status: null, error: null };
    } catch (error) {
      return { ok: false, status: null, error: `SMTP: ${(error as Error).message}` };
    }
  }

  private async record(claim: ClaimedNotificationRow, outcome: Outcome, final: boolean): Promise<void> {
    const { pool, runtime, schedule, logger } = this.options;
    await withTenantSql(pool, claim.tenant_id, async (sql) => {
      const now = runtime.now();
      const { rows } = await sql.query<{ attempts: number }>('SELECT attempts FROM notifications WHERE id = $1::uuid', [
        claim.notification_id,
      ]);
      const attempts = (rows[0]?.attempts ?? 0) + 1;
      const wait = outcome.ok || final ? undefined : schedule[attempts - 1];
      const state = outcome.ok ? 'sent' : wait === undefined ? 'failed' : 'pending';
      const next = wait === undefined ? now : new Date(now.getTime() + wait);
      await sql.query(RECORD, [claim.notification_id, claim.claim_token, state, next, now, outcome.status, outcome.error]);
      if (!outcome.ok)
        logger.warn(
          { notificationId: claim.notification_id, attempts, state, status: outcome.status, error: outcome.error },
          state === 'failed' ? 'a notification failed for good' : 'a notification failed; it is retried',
        );
    });
  }
}
