export { RelayClient, type RelayClientOptions } from './client.js';
export { RelayApiError, RelayClientError, RelayConnectionError, WebhookVerificationError } from './errors.js';
export type { OperationRequest, Page, RequestOptions, Schemas } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export { redact } from './redact.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export { USER_AGENT, VERSION } from './version.js';
export { type VerifyOptions, verifyWebhook, verifyWebhook as verify, type WebhookHeaders } from './verify.js';
