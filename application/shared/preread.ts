import type { MemberOrganisation } from '../organisation/organisation.ports';
import type { Profile } from '../person/person.ports';
import type { UnitOfWork } from './ports';

/**
 * What a request reads first, as its route names it: the organisation of its
 * path (with the caller's membership) or the caller's profile. Storage that
 * can reads it in the same statement as the credentials' check (on Postgres
 * one round trip instead of two), and the use case takes it instead of
 * reading it again; storage that cannot leaves it out.
 */
export type Preread = { organisation: string } | { profile: true };

/** What was read together with the credentials' check. */
export interface Prereads {
  /** The organisation with that unique_id, with the caller's membership (null: no such organisation). */
  organisation?: { uniqueId: string; found: MemberOrganisation | null };
  /** The caller's profile (null: no such person). */
  profile?: Profile | null;
}

/**
 * The organisation read with the credentials, if it is the one asked for:
 * taken once (a later authorisation in the same request, after a write
 * perhaps, reads it again), and never inside a transaction, whose reads are
 * its own (an `If-Match` check reads there what it compares).
 */
export function takePrereadOrganisation(prereads: Prereads | undefined, uniqueId: string, unitOfWork: UnitOfWork): MemberOrganisation | null | undefined {
  const read = prereads?.organisation;
  if (read === undefined || read.uniqueId !== uniqueId || unitOfWork.inTransaction) return undefined;
  prereads!.organisation = undefined;
  return read.found;
}

/** The profile read with the credentials: taken once, never inside a transaction. */
export function takePrereadProfile(prereads: Prereads | undefined, unitOfWork: UnitOfWork): Profile | null | undefined {
  const read = prereads?.profile;
  if (read === undefined || unitOfWork.inTransaction) return undefined;
  prereads!.profile = undefined;
  return read;
}
