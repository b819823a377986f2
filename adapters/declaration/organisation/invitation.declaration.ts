import { AcceptInvitationCommand } from '../../../application/organisation/accept-invitation.use-case';
import { INVITABLE_ROLES, INVITATION_STATUSES, InvitationSnapshot } from '../../../domain/organisation/invitation';
import { ROLES } from '../../../domain/organisation/membership';
import { fieldsOf } from '../declared-field';
import { declareWire } from '../wire-declaration';

const f = fieldsOf<InvitationSnapshot>();

/**
 * An invitation as `organisation/{org}/invitations/` takes and answers it: the
 * body is its e-mail and role; the answer adds its status at the moment of
 * asking, and the token and its link in the answers that issue them (created,
 * resent), else null. The token is kept only hashed (`tokenHash`, never on
 * the wire). Its workflow (send, resend, revoke, accept by token) is its use
 * cases', not the record service's (see docs/decisions/one-mechanism.md).
 */
export const INVITATION_DECLARATION = declareWire<InvitationSnapshot>()({
  schemaName: 'Invitation',
  fields: [
    f.uniqueId({ readOnly: true }),
    f.email('email', { max: 254, required: true }),
    f.choice('role', ROLES, { required: true, allowed: INVITABLE_ROLES }),
    f.derived('status', { type: 'choice', choices: INVITATION_STATUSES, allowBlank: false, columnLength: 10 }, { display: true }),
    f.timestamp('expiresAt'),
    f.timestamp('sentAt', { nullable: true }),
    f.derived('token', { type: 'text' }, { nullable: true }),
    f.derived('acceptUrl', { type: 'text', format: 'url' }, { nullable: true }),
    f.text('tokenHash', { internal: true }),
    f.text('invitedById', { internal: true }),
    f.timestamp('acceptedAt', { nullable: true, internal: true }),
    f.text('acceptedById', { nullable: true, internal: true }),
    f.timestamp('dateCreated', { internal: true }),
  ],
});

const account = fieldsOf<NonNullable<AcceptInvitationCommand['newAccount']>>();

/** The body of accepting an invitation without credentials: the invited person's new account. */
export const NEW_ACCOUNT_DECLARATION = declareWire<NonNullable<AcceptInvitationCommand['newAccount']>>()({
  schemaName: 'NewAccount',
  fields: [
    account.text('password', { max: 128, required: true, writeOnly: true }),
    account.text('firstName', { max: 150, required: true }),
    account.text('lastName', { max: 150, required: true }),
  ],
});
