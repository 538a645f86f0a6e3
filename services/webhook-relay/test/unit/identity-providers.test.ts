import { describe, expect, it } from '@jest/globals';
import { readConfig } from '../../src/config.js';
import { parseIdentityProviders } from '../../src/sign-in/identity-providers.js';

describe('RELAY_SIGN_IN_PROVIDERS', () => {
  it('reads OpenID Connect issuers (with defaults) and GitHub OAuth apps', () => {
    expect(
      parseIdentityProviders(
        JSON.stringify([
          { id: 'google', issuer: 'https://accounts.google.com/', client_id: 'g-id', client_secret: 'g-secret' },
          { id: 'github', type: 'github', client_id: 'gh-id', client_secret: 'gh-secret' },
        ]),
      ),
    ).toEqual([
      {
        type: 'oidc',
        id: 'google',
        issuer: 'https://accounts.google.com',
        client_id: 'g-id',
        client_secret: 'g-secret',
        scopes: 'openid email profile',
      },
      {
        type: 'github',
        id: 'github',
        client_id: 'gh-id',
        client_secret: 'gh-secret',
        base_url: 'https://github.com',
        api_url: 'https://api.github.com',
        scopes: 'read:user user:email',
      },
    ]);
    expect(parseIdentityProviders('')).toEqual([]);
  });

  it.each([
    ['not json', /must be a JSON array/],
    ['[{"id":"x"}]', /entry 0/],
    ['[{"id":"Google!","issuer":"https://a.example","client_id":"c"}]', /entry 0/],
    [
      '[{"id":"a","issuer":"https://a.example","client_id":"c"},{"id":"a","issuer":"https://b.example","client_id":"d"}]',
      /provider id "a" appears twice/,
    ],
  ])('refuses %s', (text, message) => {
    expect(() => parseIdentityProviders(text)).toThrow(message);
  });

  it('fails the boot with a message naming the variable', () => {
    expect(() => readConfig({ RELAY_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'), RELAY_SIGN_IN_PROVIDERS: '{' })).toThrow(
      /RELAY_SIGN_IN_PROVIDERS/,
    );
    expect(
      readConfig({ RELAY_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'), RELAY_PUBLIC_URL: 'https://relay.example.com' })
        .RELAY_SIGN_IN_PROVIDERS,
    ).toEqual([]);
  });
});
