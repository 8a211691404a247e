export { isUniqueViolation, openDatabase, queryRows, type Database, type DatabaseHandle, type OpenDatabaseOptions } from './database';
export { migrate } from './migrate';
export * as schema from './schema';
