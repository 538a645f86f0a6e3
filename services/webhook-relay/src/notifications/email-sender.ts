import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Also sent as Message-ID's local part and X-Relay-Notification-Id: the same on every attempt. */
  notificationId: string;
}

/** What the notifier needs to mail a notification; absent when RELAY_SMTP_URL is unset. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 15_000;

/** Mails through the operator's SMTP relay (RELAY_SMTP_URL, credentials in the URL; smtps:// for implicit TLS). */
export function smtpEmailSender(smtpUrl: string, from: string): EmailSender {
  // Bounded waits: a relay that does not answer fails the attempt, which is retried later.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'webhook-relay.local';
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: `<${message.notificationId}@${domain}>`,
        headers: { 'X-Relay-Notification-Id': message.notificationId },
      });
    },
    close: () => transport.close(),
  };
}
