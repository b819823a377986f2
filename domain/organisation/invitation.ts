import { Choices, ChoiceOf } from '../shared/choices';
import { ValidationFailed } from '../shared/errors';
import { OrganisationRecord } from '../shared/organisation-record';
import { normaliseEmail, sameEmail } from '../person/email-address';

export const INVITATION_STATUSES = new Choices([
  ['pending', 'Pending'],
  ['accepted', 'Accepted'],
  ['expired', 'Expired'],
] as const);
export type InvitationStatus = ChoiceOf<typeof INVITATION_STATUSES>;

/** Invitations can only make members: an organisation has exactly one owner. */
export const INVITABLE_ROLES = ['member'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const INVITATION_LIFETIME_DAYS = 7;

export interface InvitationSnapshot {
  id: string;
  uniqueId: string;
  organisationId: string;
  email: string;
  role: InvitableRole;
  /** Only a hash of the token is kept; the token itself is shown once, at creation. */
  tokenHash: string;
  invitedById: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedById: string | null;
  /** When the e-mail carrying the current token last went out; null until it has. */
  sentAt: Date | null;
  dateCreated: Date;
}

export interface IssueInvitation {
  id: string;
  uniqueId: string;
  organisationId: string;
  email: string;
  role: InvitableRole;
  tokenHash: string;
  invitedById: string;
  now: Date;
}

const ALREADY_USED = 'This invitation has already been used.';

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000);
}

/** An e-mailed offer to join an organisation, good once and for seven days. */
export class Invitation extends OrganisationRecord<InvitationSnapshot> {
  private constructor(state: InvitationSnapshot) {
    super(state);
  }

  static issue(input: IssueInvitation): Invitation {
    const { now, ...rest } = input;
    return new Invitation({
      ...rest,
      email: normaliseEmail(input.email),
      expiresAt: expiryFrom(now),
      acceptedAt: null,
      acceptedById: null,
      sentAt: null,
      dateCreated: now,
    });
  }

  /** For mappers only. */
  static restore(snapshot: InvitationSnapshot): Invitation {
    return new Invitation({ ...snapshot });
  }

  get email(): string {
    return this.state.email;
  }

  get role(): InvitableRole {
    return this.state.role;
  }

  statusAt(now: Date): InvitationStatus {
    if (this.state.acceptedAt) return 'accepted';
    return now.getTime() >= this.state.expiresAt.getTime() ? 'expired' : 'pending';
  }

  isFor(email: string): boolean {
    return sameEmail(this.state.email, email);
  }

  /** Refuses an invitation that was used or has expired. */
  assertOpen(now: Date): void {
    const status = this.statusAt(now);
    if (status === 'accepted') throw ValidationFailed.field('non_field_errors', ALREADY_USED);
    if (status === 'expired') throw ValidationFailed.field('non_field_errors', 'This invitation has expired.');
  }

  accept(personId: string, now: Date): void {
    this.assertOpen(now);
    this.state.acceptedAt = now;
    this.state.acceptedById = personId;
  }

  /**
   * A new token (the old link stops working) and seven more days, also for an
   * expired invitation. Its e-mail has not gone out yet, so `sentAt` is cleared.
   */
  reissue(tokenHash: string, now: Date): void {
    if (this.statusAt(now) === 'accepted') throw ValidationFailed.field('non_field_errors', ALREADY_USED);
    this.state.tokenHash = tokenHash;
    this.state.expiresAt = expiryFrom(now);
    this.state.sentAt = null;
  }

  /** The e-mail with the current token was handed to the mail system. */
  markSent(now: Date): void {
    this.state.sentAt = now;
  }
}
