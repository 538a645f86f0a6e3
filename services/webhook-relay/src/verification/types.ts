export type VerificationState = 'verified' | 'authenticated' | 'failed' | 'unattempted';
export type FailureCause =
  | 'missing_header'
  | 'malformed_signature'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'wrong_secret'
  | 'body_modified'
  | 'no_secret_configured'
  | 'unknown_provider';

export interface CapturedRequestView {
  method: string;
  /** The full URL the provider called, e.g. https://in.example.com/whep_x?a=1 */
  url: string;
  /** Raw name/value pairs, names in any case. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
}

export interface VerificationSecret {
  id: string;
  value: string;
}

export interface VerificationOutcome {
  state: VerificationState;
  provider: string | null;
  cause: FailureCause | null;
  detail: Record<string, unknown> | null;
  matchedSecretId: string | null;
}

/** A part of the bytes a provider signs, in order. */
export type MessagePart =
  | { literal: string }
  | 'timestamp'
  | 'body'
  | 'method'
  | 'url'
  | { header: string }
  /** Form fields sorted by name, each name immediately followed by its value (Twilio, Mandrill). */
  | 'sorted-form-fields';

export type TimestampUnit = 'seconds' | 'milliseconds' | 'iso';

/** Where signatures (and a timestamp) sit in the request. */
export type SignatureFormat =
  /** The whole header value is one signature, after an optional prefix (`sha256=`). */
  | { kind: 'plain'; prefix?: string }
  /** `t=1,v1=abc,v1=def`: pairs; `groupSeparator` splits several such groups (Persona). */
  | { kind: 'pairs'; pairSeparator: string; signatureKey: string; timestampKey?: string; groupSeparator?: string }
  /** `v1,abc v1,def`: Standard Webhooks' space-separated versioned list. */
  | { kind: 'versioned-list'; version: string }
  /** `v1=abc,v1=def` or `abc,def`: a plain list with an optional per-item prefix. */
  | { kind: 'list'; separator: string; prefix?: string }
  /** `<timestamp>,<sig>,<sig>`: Recurly. */
  | { kind: 'timestamp-first'; separator: string };

export interface HmacScheme {
  kind: 'hmac';
  signatureHeader: string;
  /** Also read `<signatureHeader>-2`, `-3`, ...: one header per key (DocuSign). */
  numberedHeaders?: boolean;
  format: SignatureFormat;
  digest: 'sha1' | 'sha256' | 'sha512';
  encoding: 'hex' | 'base64';
  /** How the secret becomes the HMAC key. */
  key: 'utf8' | 'whsec-base64' | 'base64' | 'hex';
  timestamp?: { header?: string; unit: TimestampUnit };
  message: MessagePart[];
  toleranceSeconds?: number;
}

export interface AsymmetricScheme {
  kind: 'ed25519' | 'ecdsa-p256' | 'rsa-sha256';
  signatureHeader: string;
  signatureEncoding: 'hex' | 'base64';
  timestamp?: { header: string; unit: TimestampUnit };
  message: MessagePart[];
  toleranceSeconds?: number;
}

/** A JWT (HS256) whose claim holds the hex sha256 of the body (Netlify). */
export interface JwtBodyHashScheme {
  kind: 'jwt-body-hash';
  header: string;
  bodyHashClaim: string;
}

/** A shared secret sent as is: proves the sender, not the payload (`authenticated`). */
export interface SharedSecretScheme {
  kind: 'token' | 'basic';
  header: string;
}

/** Twilio's two modes (form fields or a bodySHA256 URL parameter): src/verification/twilio.ts. */
export interface TwilioScheme {
  kind: 'twilio';
  header: 'x-twilio-signature';
}

export type Scheme = HmacScheme | AsymmetricScheme | JwtBodyHashScheme | SharedSecretScheme | TwilioScheme;

export type ProviderFamily = 'standard-webhooks' | 'hmac-body' | 'hmac-timestamped' | 'hmac-request' | 'jwt' | 'asymmetric' | 'shared-secret';

export interface ProviderRecord {
  slug: string;
  name: string;
  family: ProviderFamily;
  /** The provider's own documentation of its scheme. */
  docs: string;
  scheme: Scheme;
}
