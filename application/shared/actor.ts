/** The authenticated caller of a use case. */
export interface Actor {
  personId: string;
}

/** A nested reference to a person, `{unique_id, full_name}` on the wire. */
export interface PersonRef {
  uniqueId: string;
  fullName: string;
}
