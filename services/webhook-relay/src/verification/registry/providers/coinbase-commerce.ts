import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://docs.cdp.coinbase.com/commerce/api-arcitecture/webhooks-security (the link moved there).
export const COINBASE_COMMERCE: ProviderRecord = {
  slug: 'coinbase-commerce',
  name: 'Coinbase Commerce',
  family: 'hmac-body',
  docs: 'https://docs.cdp.coinbase.com/commerce/api-arcitecture/webhooks-security',
  scheme: hmacBody('x-cc-webhook-signature'),
};
