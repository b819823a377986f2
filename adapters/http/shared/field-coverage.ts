/**
 * Compile-time checks that a new field of an entity reaches the wire: every
 * field of its snapshot is written by the presenter (under its snake_case
 * name) and every field its changes take is read by the body DTO, but those
 * named as deliberately left out. A field added to the domain and forgotten
 * here fails the type check, naming the field.
 */

/** `camelCase` as the wire writes it: `lastContactDate` → `last_contact_date`. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Rest>}`
  : S;

/** The snapshot fields, but `Except`, that the presenter's output `Presented` does not write. */
export type UnpresentedFields<Snapshot, Presented, Except extends keyof Snapshot = never> = Exclude<
  SnakeCase<Exclude<keyof Snapshot, Except> & string>,
  keyof Presented
>;

/** The fields of a use case's changes, but `Except`, that the body DTO `Input` does not declare. */
export type UnboundFields<Changes, Input, Except extends keyof Changes = never> = Exclude<Exclude<keyof Changes, Except>, keyof Input>;

/**
 * Compiles only when nothing is missing: `NoneMissing<UnpresentedFields<…> & string>`. The `& string`
 * makes the compiler's error list the missing names rather than repeat the alias.
 */
export type NoneMissing<Missing extends never> = Missing;
