export { createTestDatabase, dropStaleTestDatabases, prepareTemplateDatabase, testServerUrl } from './test-database.js';
export type { CreateTestDatabaseOptions, PreparedTemplate, PrepareTemplateOptions, TestDatabase } from './test-database.js';
export { migrationsFingerprint } from './migrations-fingerprint.js';
