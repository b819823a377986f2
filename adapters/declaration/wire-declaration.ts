import { DeclaredField } from './declared-field';
import { Complete } from './resource-declaration';

/**
 * The wire of what is not a record of the store (a member, an invitation, a
 * new account's details): its fields with the same kinds as a resource's, from
 * which the HTTP adapter derives the body, the presenter and the schema. No
 * table, routes or record kind: its use cases and storage are its own.
 */
export interface WireDeclaration {
  /** Its schema's name in the API description (`Member`); its body's class is `<schemaName>Input`. */
  readonly schemaName: string;
  readonly fields: readonly DeclaredField[];
}

/**
 * `declareWire<MemberView>()({ … })`: checked against the value it describes,
 * as `declareResource` is (every property but `id` and `organisationId`
 * declared; those it does not show are `internal`).
 */
export function declareWire<S>() {
  return <const F extends readonly DeclaredField[]>(declaration: WireDeclaration & { fields: F } & Complete<S, F>): WireDeclaration => declaration;
}

/**
 * One view of a wire declaration, named `schemaName`: its fields whose wire
 * names are listed, in the declaration's order (an organisation as its
 * members see it).
 */
export function wireView(declaration: WireDeclaration, schemaName: string, wires: readonly string[]): WireDeclaration {
  const missing = wires.filter((wire) => !declaration.fields.some((field) => field.wire === wire));
  if (missing.length > 0) throw new Error(`${declaration.schemaName} has no field ${missing.join(', ')}`);
  return { schemaName, fields: declaration.fields.filter((field) => wires.includes(field.wire)) };
}
