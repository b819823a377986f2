import { Choices, ChoiceOf } from '../shared/choices';

export const ROLES = new Choices([
  ['owner', 'Organisation Owner'],
  ['member', 'Member'],
] as const);
export type Role = ChoiceOf<typeof ROLES>;

/** A person's place in an organisation. Exactly one membership per organisation is the owner's. */
export interface Membership {
  organisationId: string;
  personId: string;
  role: Role;
  dateJoined: Date;
}
