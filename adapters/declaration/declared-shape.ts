import { DeclaredField } from './declared-field';
import type { ResourceDeclaration } from './resource-declaration';

/**
 * The fields of a record as the wire writes and takes them, under its schema's
 * name: what a declared body, presenter and wire schema are made from. A
 * `ResourceDeclaration` is one (an organisation-scoped record with its list and
 * storage); the organisation and the person, which are no organisation's
 * records (the one is the tenant, the other the signed-in user), are declared
 * as shapes alone.
 */
export interface DeclaredShape {
  /** Its schema's name in the API description (`Vendor`), and its body's (`VendorInput`). */
  readonly schemaName: string;
  readonly fields: readonly DeclaredField[];
}

type Missing<S, F extends readonly DeclaredField[], Without> = Exclude<keyof S, F[number]['property'] | Without>;

/** Compiles only when every property of `S` but `Without` is declared (see `Complete` in resource-declaration.ts). */
type CompleteShape<S, F extends readonly DeclaredField[], Without> = [Missing<S, F, Without>] extends [never] ? unknown : { missing: Missing<S, F, Without> };

/**
 * `declareShape<PersonSnapshot, 'id' | 'picture'>()({ … })`: a shape checked
 * against the snapshot it describes, every property declared but those named
 * in `Without` (kept by the storage, or written only through a derived value).
 */
export function declareShape<S, Without extends keyof S = never>() {
  return <const F extends readonly DeclaredField[]>(shape: DeclaredShape & { fields: F } & CompleteShape<S, F, Without>): DeclaredShape => shape;
}

/**
 * A shape kept in a table, as the storage reads a declaration: a resource's,
 * or (`unscoped`) one outside any organisation, whose rows have no
 * `organisation_id` and whose unique_id is unique in the table, not per
 * organisation (the person, the organisation itself). The declared table,
 * entity schema and mapper are made from it.
 */
export interface StoredShape extends DeclaredShape {
  readonly table: string;
  /** The entity from a snapshot the storage kept (its `restore`, for mappers only). */
  readonly restore: (snapshot: never) => object;
  readonly storage: Pick<ResourceDeclaration['storage'], 'uniques' | 'indices' | 'kept' | 'computed'>;
  readonly unscoped?: boolean;
}

/** `declareStoredShape<PersonSnapshot>()({ … })`: a stored shape checked as `declareShape` checks one. */
export function declareStoredShape<S, Without extends PropertyKey = 'id'>() {
  return <const F extends readonly DeclaredField[]>(
    shape: StoredShape & { fields: F; restore: (snapshot: S) => object } & CompleteShape<S, F, Without>,
  ): StoredShape => shape;
}

/**
 * One view of a shape, named `schemaName`: its fields whose wire names are
 * listed, in the shape's order (the organisation as its members see it).
 */
export function shapeView(shape: DeclaredShape, schemaName: string, wires: readonly string[]): DeclaredShape {
  const missing = wires.filter((wire) => !shape.fields.some((field) => field.wire === wire));
  if (missing.length > 0) throw new Error(`${shape.schemaName} has no field ${missing.join(', ')}`);
  return { schemaName, fields: shape.fields.filter((field) => wires.includes(field.wire)) };
}
