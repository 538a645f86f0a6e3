export { createTestDatabase, dropStaleTestDatabases, prepareTemplateDatabase, testServerUrl } from './test-database.js';
export type { CreateTestDatabaseOptions, PreparedTemplate, PrepareTemplateOptions, TestDatabase } from './test-database.js';
export { migrationsFingerprint } from './migrations-fingerprint.js';
export { configurationTableProblems, readConfigurationTable, readmeConfigurationProblems } from './readme-configuration.js';
export type { ConfigurationRow } from './readme-configuration.js';
export { schemaDriftProblems } from './schema-drift.js';
export type { SchemaDriftOptions } from './schema-drift.js';
export * from './prometheus-text.js';
export { loadFactor, patient, TEST_PG_TIMEOUTS } from './patient-timeouts.js';
