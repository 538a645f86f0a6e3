import { GitHubClient } from './github-client.js';
import type { IdentityClient } from './identity-client.js';
import type { IdentityProviderConfig, SignInSettings } from './identity-providers.js';
import { OidcClient } from './oidc-client.js';

export interface ConfiguredProvider {
  config: IdentityProviderConfig;
  client: IdentityClient;
}

/** One client per configured provider, made once (each caches its discovery document and JWKS). */
export function buildIdentityClients(settings: SignInSettings): Map<string, ConfiguredProvider> {
  const fetchImpl = settings.fetch ?? globalThis.fetch.bind(globalThis);
  return new Map(
    settings.providers.map((config) => [
      config.id,
      { config, client: config.type === 'github' ? new GitHubClient(config, fetchImpl) : new OidcClient(config, fetchImpl) },
    ]),
  );
}
