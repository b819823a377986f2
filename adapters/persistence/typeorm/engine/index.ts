/**
 * The database engine: everything the resources' repositories use of it, and
 * nothing of the resources (the architecture test keeps both so). Connections,
 * transactions, SQLite's group commit, Postgres's pipelines, prepared
 * statements and row hydration stay behind `TypeOrmDatabase`; a repository
 * writes its SQL with named parameters (`sql`, `Conditions`) and reads rows
 * as its entity's.
 */
export { TypeOrmDatabase } from './database';
export type { Dialect } from './dialect';
export type { ResultTable } from './result-table';
export { Conditions, forHydration } from './sql';
export type { NamedParameters, SqlQuery } from './sql';
export { isForeignKeyViolation, isSerializationFailure, isUniqueViolation } from './write-failures';
export type { WriteFailure } from './write-failures';
export { isDatabaseUnreachable } from './connection-failures';
export { DecodedTexts } from './decoded-texts';
export { migrateExclusively } from './migrate';
