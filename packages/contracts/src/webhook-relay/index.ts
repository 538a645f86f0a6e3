export * from './common.js';
export * from './api-keys.js';
export * from './endpoints.js';
export * from './provider-secrets.js';
export * from './events.js';
export * from './audit.js';
export * from './usage.js';
export * from './openapi.js';
