import { DeclaredField } from './declared-field';
import { Complete, ResourceDeclaration } from './resource-declaration';
import { WireDeclaration } from './wire-declaration';

/**
 * A wire declaration kept in a table, as the storage reads a declaration: a
 * resource's, or (`unscoped`) one outside any organisation, whose rows have no
 * `organisation_id` and whose unique_id is unique in the table, not per
 * organisation (the person, the organisation itself: the signed-in user and
 * the tenant, no organisation's records). The declared table, entity schema
 * and mapper are made from it; its use cases and repositories stay its own.
 */
export interface StoredDeclaration extends WireDeclaration {
  readonly table: string;
  /** The entity from a snapshot the storage kept (its `restore`, for mappers only). */
  readonly restore: (snapshot: never) => object;
  readonly storage: Pick<ResourceDeclaration['storage'], 'uniques' | 'indices' | 'kept' | 'computed' | 'searchColumns'>;
  readonly unscoped?: boolean;
}

/** `declareStored<PersonSnapshot>()({ … })`: checked against the snapshot it describes, as `declareResource` is. */
export function declareStored<S>() {
  return <const F extends readonly DeclaredField[]>(
    declaration: StoredDeclaration & { fields: F; restore: (snapshot: S) => object } & Complete<S, F>,
  ): StoredDeclaration => declaration;
}
