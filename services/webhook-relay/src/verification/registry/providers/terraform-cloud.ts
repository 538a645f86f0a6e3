import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const TERRAFORM_CLOUD: ProviderRecord = {
  slug: 'terraform-cloud',
  name: 'HCP Terraform (Terraform Cloud)',
  family: 'hmac-body',
  docs: 'https://developer.hashicorp.com/terraform/cloud-docs/api-docs/notification-configurations#notification-authenticity',
  scheme: hmacBody('x-tfe-notification-signature', { digest: 'sha512' }),
};
