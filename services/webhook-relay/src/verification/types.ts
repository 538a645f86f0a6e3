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
  /** The raw SHA-256 digest (32 bytes) of the body, for schemes that sign a hash of it (Bird). */
  | 'body-sha256'
  | 'method'
  | 'url'
  | { header: string }
  /** A query parameter of the URL the provider called (Mercado Pago's `data.id`). */
  | { queryParam: string }
  /** A value inside a JSON body, by dotted path (`signature.token`); numbers as their JSON text (Mailgun). */
  | { jsonField: string }
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
  /** The header carrying the signature; with `signatureIn`, the query parameter or JSON field instead. */
  signatureHeader: string;
  /** Where the signature travels when not in a header: a query parameter (PandaDoc) or a JSON body field (Mailgun). */
  signatureIn?: 'query' | 'json-body';
  /** Also read `<signatureHeader>-2`, `-3`, ...: one header per key (DocuSign). */
  numberedHeaders?: boolean;
  /** More headers that each carry a signature, e.g. one per key (Box's primary and secondary). */
  additionalSignatureHeaders?: string[];
  format: SignatureFormat;
  digest: 'sha1' | 'sha256' | 'sha512';
  encoding: 'hex' | 'base64';
  /** How the secret becomes the HMAC key. */
  key: 'utf8' | 'whsec-base64' | 'base64' | 'hex';
  /** Where the signed timestamp is: a header, a JSON body field, or (neither given) inside the signature header. */
  timestamp?: { header?: string; jsonField?: string; unit: TimestampUnit };
  message: MessagePart[];
  toleranceSeconds?: number;
  /**
   * false: the timestamp is signed (and must parse) but its age is not checked, for providers whose
   * own code does not check it and whose retries may carry the first attempt's time (Sanity, Airwallex).
   */
  enforceReplayWindow?: false;
}

export interface AsymmetricScheme {
  kind: 'ed25519' | 'ecdsa-p256' | 'rsa-sha256' | 'rsa-sha512';
  signatureHeader: string;
  signatureEncoding: 'hex' | 'base64';
  timestamp?: { header: string; unit: TimestampUnit };
  message: MessagePart[];
  toleranceSeconds?: number;
}

/**
 * A JWT whose claim holds the hex sha256 of the body (Netlify, Vonage, Plaid). HS256 is keyed by the
 * shared secret; ES256 by the provider's public key (the endpoint's "secret").
 */
export interface JwtBodyHashScheme {
  kind: 'jwt-body-hash';
  header: string;
  /** Text before the token in the header value (`Bearer `). */
  prefix?: string;
  algorithm: 'HS256' | 'ES256';
  bodyHashClaim: string;
  /** When set, the `iat` claim must lie within this many seconds of now (Plaid: 5 minutes). */
  maxAgeSeconds?: number;
}

/** A shared secret sent as is: proves the sender, not the payload (`authenticated`). */
export interface SharedSecretScheme {
  kind: 'token' | 'basic';
  header: string;
}

/** A shared secret carried inside the JSON body (Microsoft Graph's clientState, Figma's passcode): `authenticated`. */
export interface BodyTokenScheme {
  kind: 'body-token';
  /** Dotted path into the JSON body; array items by index (`value.0.clientState`). */
  jsonField: string;
}

/** Twilio's two modes (form fields or a bodySHA256 URL parameter): src/verification/twilio.ts. */
export interface TwilioScheme {
  kind: 'twilio';
  header: 'x-twilio-signature';
}

export type Scheme = HmacScheme | AsymmetricScheme | JwtBodyHashScheme | SharedSecretScheme | BodyTokenScheme | TwilioScheme;

/** Where a handshake finds a value: a query parameter, a header, or a JSON body field (dotted path). */
export type HandshakeValue = { query: string } | { header: string } | { jsonField: string };

/**
 * A setup handshake answered on the ingest URL instead of the usual capture answer (the request is
 * captured all the same). `when` picks out the handshake request; `challenge` is what is echoed back.
 */
export interface Handshake {
  method?: 'GET' | 'POST';
  when?: Array<{ value: HandshakeValue; equals: string }>;
  challenge: HandshakeValue;
  respond: /** The challenge as the text/plain body. */
    | { kind: 'text' }
    /** `{"<field>": challenge}`. */
    | { kind: 'json'; field: string }
    /** The challenge in a response header (and an empty JSON object as body). */
    | { kind: 'header'; header: string }
    /** `{"<field>": prefix + HMAC-SHA256(secret, challenge)}` (+ the challenge itself under `echoField`): Zoom, X. */
    | { kind: 'json-hmac'; field: string; encoding: 'hex' | 'base64'; prefix?: string; echoField?: string };
}

export type ProviderFamily =
  | 'standard-webhooks'
  | 'hmac-body'
  | 'hmac-timestamped'
  | 'hmac-request'
  | 'jwt'
  | 'asymmetric'
  | 'shared-secret';

export interface ProviderRecord {
  slug: string;
  name: string;
  family: ProviderFamily;
  /** The provider's own documentation of its scheme. */
  docs: string;
  scheme: Scheme;
  /** The handshake its setup needs, answered automatically on the ingest URL. */
  handshake?: Handshake;
  /** Where the provider puts its event type (docs/event-types.md); absent: the generic rule. */
  eventType?: EventTypeSource;
}

/** A header (its whole value) or a string member of the JSON body, by dotted path. */
export type EventTypeSource = { header: string } | { jsonField: string };
