import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { smtpEmailSender, type EmailSender } from '../../src/notifications/email-sender.js';
import type { Notifier } from '../../src/notifications/notifier.js';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { enqueue, testNotifier, waitUntil } from './notification-setup.js';

interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps every message it is given. */
async function startSmtpServer(): Promise<{ port: number; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('an email notification target', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let email: EmailSender;
  let notifier: Notifier;

  beforeAll(async () => {
    context = await createTestContext();
    tenant = await context.newTenant();
    smtp = await startSmtpServer();
    email = smtpEmailSender(`smtp://127.0.0.1:${smtp.port}`, 'webhook-relay <relay@example.test>');
    notifier = testNotifier(context, { email });
    notifier.start();
  });
  afterAll(async () => {
    await notifier.close();
    email.close();
    await smtp.close();
    await context.close();
  });

  it('is refused with 400 naming RELAY_SMTP_URL when no SMTP relay is configured, and nothing is stored', async () => {
    const refused = await api(context)
      .post('/v1/notification-targets')
      .set(tenant.auth)
      .send({ kind: 'email', address: 'ops@example.test' })
      .expect(400);
    expect(refused.body.error).toEqual({ code: 'invalid_request', message: expect.stringContaining('RELAY_SMTP_URL') });
    expect((await api(context).get('/v1/notification-targets').set(tenant.auth).expect(200)).body.data).toEqual([]);
  });

  it('gets a mail through the SMTP relay with a subject and a plain-text body describing the notification', async () => {
    context.deps.config.notificationEmail = true;
    const target = (
      await api(context)
        .post('/v1/notification-targets')
        .set(tenant.auth)
        .send({ kind: 'email', address: 'ops@example.test', types: ['destination.disabled'] })
        .expect(201)
    ).body;
    expect(target).toMatchObject({ kind: 'email', address: 'ops@example.test', url: null, secret: null, secret_hint: null });
    // Not a type it takes: no mail.
    expect(await enqueue(context, tenant.tenantId, 'issue.opened', { issue_id: 'i-1' })).toBe(0);
    expect(await enqueue(context, tenant.tenantId, 'destination.disabled', { destination_id: 'd-7', reason: 'answered 410' })).toBe(1);
    await waitUntil(() => smtp.mails.length >= 1, 'the mail');
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['ops@example.test']);
    expect(mail!.from).toBe('relay@example.test');
    expect(mail!.data).toMatch(/^Subject: \[webhook-relay\] A destination was disabled: destination d-7/m);
    expect(mail!.data).toContain('Type: destination.disabled');
    expect(mail!.data).toContain('answered 410');
    await waitUntil(async () => {
      const [notification] = (await api(context).get('/v1/notifications').set(tenant.auth).expect(200)).body.data;
      return notification?.state === 'sent';
    }, 'the mail to be recorded as sent');
    expect(smtp.mails).toHaveLength(1);
  });
});
