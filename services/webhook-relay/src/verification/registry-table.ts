import type { Handshake, MessagePart, ProviderFamily, ProviderRecord, Scheme } from './types.js';

const FAMILY_NAMES: Record<ProviderFamily, string> = {
  'standard-webhooks': 'Standard Webhooks',
  'hmac-body': 'HMAC over the body',
  'hmac-timestamped': 'HMAC with a signed timestamp',
  'hmac-request': 'HMAC over request context',
  jwt: 'JWT with a body hash',
  asymmetric: 'Asymmetric',
  'shared-secret': 'Static token / Basic',
};

const ALGORITHMS: Record<string, string> = {
  ed25519: 'Ed25519',
  'ecdsa-p256': 'ECDSA P-256',
  'rsa-sha256': 'RSA SHA-256',
  'rsa-sha512': 'RSA SHA-512',
};

/**
 * The provider table of docs/providers.md, rendered from the registry alone: regenerate it with
 * `pnpm --filter ./services/webhook-relay registry:table` after changing a record.
 */
export function renderProviderTable(providers: readonly ProviderRecord[]): string {
  const counts = new Map<ProviderFamily, number>();
  for (const provider of providers) counts.set(provider.family, (counts.get(provider.family) ?? 0) + 1);
  const lines = [
    '# Providers webhook-relay verifies',
    '',
    '<!-- Generated from src/verification/registry by `pnpm --filter ./services/webhook-relay registry:table`; do not edit by hand. -->',
    '',
    `${providers.length} providers. Set an endpoint's \`provider\` to the slug. Static token and Basic providers yield \`authenticated\`, the others \`verified\`.`,
    '',
    '| Family | Providers |',
    '|---|---|',
    ...[...counts].map(([family, count]) => `| ${FAMILY_NAMES[family]} | ${count} |`),
    '',
    '| Provider | Slug | Family | Signature | Header(s) | Handshake | Documentation |',
    '|---|---|---|---|---|---|---|',
    ...[...providers]
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .map(
        (provider) =>
          `| ${cell(provider.name)} | \`${provider.slug}\` | ${FAMILY_NAMES[provider.family]} | ${algorithm(provider.scheme)} | ${headers(
            provider.scheme,
          )
            .map((name) => `\`${name}\``)
            .join(', ')} | ${handshake(provider.handshake)} | [docs](${provider.docs}) |`,
      ),
    '',
  ];
  return lines.join('\n');
}

function algorithm(scheme: Scheme): string {
  switch (scheme.kind) {
    case 'hmac':
      return `HMAC-${scheme.digest.toUpperCase()} ${scheme.encoding}`;
    case 'jwt-body-hash':
      return `JWT ${scheme.algorithm}`;
    case 'token':
    case 'body-token':
      return 'static token';
    case 'basic':
      return 'HTTP Basic';
    case 'twilio':
      return 'HMAC-SHA1 base64';
    default:
      return ALGORITHMS[scheme.kind] ?? scheme.kind;
  }
}

/** Where the signature and what it depends on travel: headers, or `?param` / `body: field` when elsewhere. */
function headers(scheme: Scheme): string[] {
  switch (scheme.kind) {
    case 'hmac': {
      const signature =
        scheme.signatureIn === 'query'
          ? `?${scheme.signatureHeader}`
          : scheme.signatureIn === 'json-body'
            ? `body: ${scheme.signatureHeader}`
            : scheme.numberedHeaders
              ? scheme.signatureHeader.replace(/-1$/, '-1..N')
              : scheme.signatureHeader;
      const timestamp = scheme.timestamp?.header ?? (scheme.timestamp?.jsonField ? `body: ${scheme.timestamp.jsonField}` : undefined);
      return unique([
        signature,
        ...(scheme.additionalSignatureHeaders ?? []),
        ...(timestamp ? [timestamp] : []),
        ...partHeaders(scheme.message),
      ]);
    }
    case 'body-token':
      return [`body: ${scheme.jsonField}`];
    case 'jwt-body-hash':
    case 'token':
    case 'basic':
    case 'twilio':
      return [scheme.header];
    default:
      return unique([scheme.signatureHeader, ...(scheme.timestamp ? [scheme.timestamp.header] : []), ...partHeaders(scheme.message)]);
  }
}

const partHeaders = (parts: MessagePart[]): string[] =>
  parts.flatMap((part) => (typeof part === 'object' && 'header' in part ? [part.header] : []));
const unique = (names: string[]): string[] => [...new Set(names)];
const cell = (text: string): string => text.replace(/\|/g, '\\|');

function handshake(value: Handshake | undefined): string {
  if (!value) return '';
  const where =
    'query' in value.challenge
      ? `?${value.challenge.query}`
      : 'header' in value.challenge
        ? value.challenge.header
        : `body: ${value.challenge.jsonField}`;
  return `${value.method ?? 'any'} ${where}`;
}
