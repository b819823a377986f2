import { InvitationView } from '../../../application/organisation/invitation-view';
import { MemberView } from '../../../application/organisation/list-members.use-case';
import { INVITABLE_ROLES, INVITATION_STATUSES } from '../../../domain/organisation/invitation';
import { ROLES } from '../../../domain/organisation/membership';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';

export function presentMember(member: MemberView) {
  return {
    unique_id: member.uniqueId,
    full_name: member.fullName,
    email: member.email,
    role: member.role,
    date_joined: wire.dateTime(member.dateJoined),
  };
}

/** What `presentMember` writes. */
export const MEMBER_SCHEMA = s.named(
  'Member',
  s.object<ReturnType<typeof presentMember>>({
    unique_id: s.uniqueId(),
    full_name: s.text(),
    email: s.email(),
    role: s.choice(ROLES),
    date_joined: s.dateTime(),
  }),
);

/** The token and its link leave only in the answers to the invitation's creation and resending. */
export function presentInvitation(view: InvitationView) {
  return {
    unique_id: view.invitation.uniqueId,
    email: view.invitation.email,
    role: view.invitation.role,
    status: view.status,
    status_display: INVITATION_STATUSES.label(view.status),
    expires_at: wire.dateTime(view.invitation.expiresAt),
    sent_at: wire.dateTime(view.invitation.sentAt),
    token: view.token,
    accept_url: view.acceptUrl,
  };
}

/** What `presentInvitation` writes. */
export const INVITATION_SCHEMA = s.named(
  'Invitation',
  s.object<ReturnType<typeof presentInvitation>>({
    unique_id: s.uniqueId(),
    email: s.email(),
    role: s.choice(INVITABLE_ROLES),
    status: s.choice(INVITATION_STATUSES),
    status_display: s.label(INVITATION_STATUSES),
    expires_at: s.dateTime(),
    sent_at: s.nullable(s.dateTime()),
    token: s.nullable(s.text()),
    accept_url: s.nullable(s.uri()),
  }),
);
