import { MemberView } from '../../../application/organisation/list-members.use-case';
import { ROLES } from '../../../domain/organisation/membership';
import { fieldsOf } from '../declared-field';
import { declareWire } from '../wire-declaration';

const f = fieldsOf<MemberView>();

/**
 * A member as `organisation/{org}/members/` lists them: a membership (the
 * organisation and a person, with a role), not a record of its own, so a
 * wire alone (see docs/decisions/one-mechanism.md).
 */
export const MEMBER_DECLARATION = declareWire<MemberView>()({
  schemaName: 'Member',
  // Nothing of it is written through a body: a member joins by an invitation.
  fields: [
    f.uniqueId({ readOnly: true }),
    f.text('fullName', { readOnly: true }),
    f.email('email', { readOnly: true }),
    f.choice('role', ROLES, { readOnly: true }),
    f.timestamp('dateJoined'),
  ],
});
