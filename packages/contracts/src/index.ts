export * from './config-store.js';
export * from './validation-message.js';
export * from './translator.js';
export * from './webhook-relay/index.js';
