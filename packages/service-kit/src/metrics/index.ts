export * from './service-metrics.js';
export * from './pool-metrics.js';
export * from './http-metrics.js';
export * from './metrics-endpoint.js';
export * from './metrics-settings.js';
