import { Invitation } from '../../domain/organisation/invitation';
import { Membership, Role } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';
import { KnownPerson } from '../shared/actor';
import { FileNamespace } from '../shared/file-storage';

/** The organisation a profile shows: the one the person joined first among those they still belong to, with their role. */
export interface CurrentOrganisation {
  organisation: Organisation;
  role: Role;
}

/** An organisation as one of its members (or a caller who is not one, with a null membership) reaches it. */
export interface MemberOrganisation {
  organisation: Organisation;
  membership: Membership | null;
  /**
   * Whether the organisation has an active webhook endpoint, when the read
   * answers it in the same statement (undefined when it does not): the outbox
   * skips its own read of the endpoints for an organisation that has none.
   */
  hasWebhookEndpoints?: boolean;
  /** The member's own name and unique_id, when the read gives them (views of what they change name them). */
  member?: KnownPerson;
}

export interface OrganisationRepository {
  findById(id: string): Promise<Organisation | null>;
  /** `forUpdate` locks the row until the current transaction ends (writers use it: a save writes every column). */
  findByUniqueId(uniqueId: string, options?: { forUpdate?: boolean }): Promise<Organisation | null>;
  /** Every organisation the person belongs to, in the order they joined. */
  listForPerson(personId: string): Promise<Organisation[]>;
  /** The organisation of `uniqueId` with the person's membership of it (null when they are not a member), read together. */
  findForMember(uniqueId: string, personId: string): Promise<MemberOrganisation | null>;
  /** The organisation the person joined first among theirs that is not closing (their current one), with their role in it. */
  firstForPerson(personId: string): Promise<CurrentOrganisation | null>;
  existsWithUniqueId(uniqueId: string): Promise<boolean>;
  save(organisation: Organisation): Promise<void>;
}

export interface MembershipRepository {
  find(organisationId: string, personId: string): Promise<Membership | null>;
  /** The person's memberships, oldest first. */
  listForPerson(personId: string): Promise<Membership[]>;
  countByOrganisation(organisationIds: string[]): Promise<Map<string, number>>;
  add(membership: Membership): Promise<void>;
  /** The organisation's members, oldest first. */
  listForOrganisation(organisationId: string): Promise<Membership[]>;
  remove(organisationId: string, personId: string): Promise<void>;
  /** The member's role becomes `role` (the one owner's is changed by demoting them first: an organisation never has two). */
  changeRole(organisationId: string, personId: string, role: Role): Promise<void>;
}

export interface InvitationRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers use it). */
  findByTokenHash(tokenHash: string, options?: { forUpdate?: boolean }): Promise<Invitation | null>;
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<Invitation | null>;
  listForOrganisation(organisationId: string): Promise<Invitation[]>;
  save(invitation: Invitation): Promise<void>;
  /** Revokes: the invitation is gone, and its link with it. */
  delete(invitation: Invitation): Promise<void>;
}

/** A stored file a deleted row held, to be removed through `FileRemovalQueue`. */
export interface LeftFile {
  namespace: FileNamespace;
  key: string;
}

/**
 * The deletion of closed organisations' data whose grace period is over, a
 * batch at a time, each in the caller's transaction (docs/decisions/organisation-lifecycle.md).
 */
export interface ClosedOrganisationPurge {
  /** Whether any organisation's deletion is due at `now` (a read outside any transaction: the worker asks it every round). */
  anyDue(now: Date): Promise<boolean>;
  /**
   * One organisation whose deletion is due at `now`, its row locked until the transaction ends; one
   * another process holds is passed over (Postgres), so that two never delete the same one at once.
   */
  claimDue(now: Date): Promise<{ id: string } | null>;
  /**
   * Deletes at most `limit` rows of the organisation, children before what they name, and at last the
   * organisation itself; answers the stored files the deleted rows held, and whether it is all gone.
   */
  deleteBatch(organisationId: string, limit: number): Promise<{ files: LeftFile[]; finished: boolean }>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same words as `text`, for mail readers that show HTML. */
  html?: string;
  /** Further header fields (`List-Unsubscribe`), by name. */
  headers?: Record<string, string>;
}

/** Outgoing e-mail: SMTP when configured, else an outbox folder (development). */
export interface Mailer {
  /** Resolves once the mail system has taken the message; otherwise throws MailDeliveryFailed. */
  send(message: MailMessage): Promise<void>;
}

/** Single-use secret tokens for links (invitations): the raw token, and the hash that is stored. */
export interface TokenIssuer {
  issue(): { token: string; hash: string };
  hashOf(token: string): string;
}

/**
 * Something every new organisation starts with (a chart of accounts, a sales
 * pipeline). Each area binds its own; they run inside the creating transaction.
 */
export interface OrganisationSeeder {
  seed(organisation: Organisation, now: Date): Promise<void>;
}

export const ORGANISATION_TOKENS = {
  OrganisationRepository: Symbol.for('OrganisationRepository'),
  MembershipRepository: Symbol.for('MembershipRepository'),
  OrganisationSeeder: Symbol.for('OrganisationSeeder'),
  InvitationRepository: Symbol.for('InvitationRepository'),
  Mailer: Symbol.for('Mailer'),
  TokenIssuer: Symbol.for('TokenIssuer'),
  /**
   * A `RateLimit` of invitation e-mails (new and resent) per organisation per
   * day: a fresh account must not be a free mass mailer under our name.
   */
  InvitationQuota: Symbol.for('InvitationQuota'),
  /** The public base URL that links in e-mails point to. */
  PublicBaseUrl: Symbol.for('PublicBaseUrl'),
  /** How long a closed organisation can be restored before its data is deleted, in milliseconds (`ORGANISATION_DELETION_GRACE_DAYS`). */
  DeletionGraceMs: Symbol.for('OrganisationDeletionGraceMs'),
  ClosedOrganisationPurge: Symbol.for('ClosedOrganisationPurge'),
} as const;
