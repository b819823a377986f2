import { readdirSync } from 'node:fs';
import path from 'node:path';
import { EntitySchema, MigrationInterface } from 'typeorm';
import { Dialect } from './columns';
import { invitationSchemas } from './organisation/invitation.schema';
import { organisationSchemas } from './organisation/organisation.schema';
import { personSchemas } from './person/person.schema';
import { DECLARED_RESOURCES } from '../../declaration/declared-resources';
import { ORGANISATION_DECLARATION } from '../../declaration/organisation/organisation.declaration';
import { PERSON_DECLARATION } from '../../declaration/person/person.declaration';
import { declaredSchema } from './declared/declared-table';

/** Every area's entity schemas and migrations, in one list each. */
export function entitySchemas(dialect: Dialect): EntitySchema[] {
  return [
    declaredSchema(PERSON_DECLARATION, dialect),
    ...personSchemas(dialect),
    declaredSchema(ORGANISATION_DECLARATION, dialect),
    ...organisationSchemas(dialect),
    ...invitationSchemas(dialect),
    ...DECLARED_RESOURCES.map((declaration) => declaredSchema(declaration, dialect)),
  ];
}

/**
 * Every migration of `migrations/`, in the order of their timestamps: a file
 * named `<timestamp>-<what>` exporting one migration class is found by its
 * name alone (a new table is a migration file, not also a line here).
 */
export const migrations: (new () => MigrationInterface)[] = migrationsIn(path.join(__dirname, 'migrations'));

function migrationsIn(directory: string): (new () => MigrationInterface)[] {
  const files = readdirSync(directory)
    .filter((file) => /^\d+-[\w-]+\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  return files.map((file) => {
    const exported = Object.values(require(path.join(directory, file)) as Record<string, unknown>);
    const classes = exported.filter(isMigrationClass);
    if (classes.length !== 1) throw new Error(`Migration file ${file} must export exactly one migration class`);
    return classes[0];
  });
}

function isMigrationClass(value: unknown): value is new () => MigrationInterface {
  return typeof value === 'function' && typeof (value.prototype as Partial<MigrationInterface> | undefined)?.up === 'function';
}
