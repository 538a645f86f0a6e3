export * from './config-store.js';
export * from './validation-message.js';
export * from './translator.js';
export * from './webhook-relay/index.js';
export * from './translator-admin.js';
export * from './translator-glossaries.js';
export * from './translator-memories.js';
export * from './translator-style-rules.js';
