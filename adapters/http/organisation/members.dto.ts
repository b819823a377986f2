import { INVITABLE_ROLES, InvitableRole } from '../../../domain/organisation/invitation';
import { ROLES } from '../../../domain/organisation/membership';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';

export class InvitationInput {
  @Input('email', fields.email({ required: true, max: 254 })) email!: string;
  @Input('role', fields.choice(ROLES, { required: true, allowed: INVITABLE_ROLES })) role!: InvitableRole;
}

/** Accepting without credentials creates the invited person's account. */
export class NewAccountInput {
  @Input('password', fields.text({ required: true, max: 128, secret: true })) password!: string;
  @Input('first_name', fields.text({ required: true, max: 150 })) firstName!: string;
  @Input('last_name', fields.text({ required: true, max: 150 })) lastName!: string;
}
