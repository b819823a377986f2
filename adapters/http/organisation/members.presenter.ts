import { InvitationView } from '../../../application/organisation/invitation-view';
import { MemberView } from '../../../application/organisation/list-members.use-case';
import { INVITATION_DECLARATION } from '../../declaration/organisation/invitation.declaration';
import { MEMBER_DECLARATION } from '../../declaration/organisation/member.declaration';
import { schemaOf, valuesPresenterOf } from '../declared/declared-presenter';

/** A member as the list and the `member.*` events' data write them: their declaration's fields. */
export const presentMember: (member: MemberView) => Record<string, unknown> = valuesPresenterOf(MEMBER_DECLARATION);

export const MEMBER_SCHEMA = schemaOf(MEMBER_DECLARATION);

const presentInvitationValues = valuesPresenterOf(INVITATION_DECLARATION);

/**
 * An invitation: its state, and what its view adds as the declaration's
 * derived fields (its status; the token and its link, which leave only in the
 * answers to its creation and resending).
 */
export function presentInvitation({ invitation, ...derived }: InvitationView): Record<string, unknown> {
  return presentInvitationValues(invitation, derived);
}

export const INVITATION_SCHEMA = schemaOf(INVITATION_DECLARATION);
