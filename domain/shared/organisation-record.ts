/** What every record kept inside an organisation carries. */
export interface OrganisationRecordState {
  id: string;
  uniqueId: string;
  organisationId: string;
}

/**
 * The part every organisation-scoped entity shares: its identity, the
 * organisation it belongs to, and a copy of its state for mappers. The state
 * itself stays inside the entity, changed only by its intention-named methods.
 */
export abstract class OrganisationRecord<S extends OrganisationRecordState> {
  protected constructor(protected state: S) {}

  get id(): string {
    return this.state.id;
  }

  get uniqueId(): string {
    return this.state.uniqueId;
  }

  get organisationId(): string {
    return this.state.organisationId;
  }

  snapshot(): S {
    return { ...this.state };
  }
}
