import { PROVIDERS } from './registry.js';
import type { CapturedRequestView } from './types.js';

/**
 * A hint only: the first provider (in registry order) whose signature header is present. Headers
 * are shared between providers (x-hub-signature-256: GitHub and Meta), so verification always uses
 * the provider configured on the endpoint.
 */
export function detectProvider(headers: CapturedRequestView['headers']): string | null {
  const present = new Set(headers.map(([name]) => name.toLowerCase()));
  const found = PROVIDERS.find((provider) => {
    const scheme = provider.scheme;
    if (scheme.kind === 'body-token' || (scheme.kind === 'hmac' && scheme.signatureIn)) return false;
    const header = 'signatureHeader' in scheme ? scheme.signatureHeader : scheme.header;
    return header !== 'authorization' && present.has(header);
  });
  return found?.slug ?? null;
}
