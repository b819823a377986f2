import { ORGANISATION_NAME_MAX_LENGTH } from '../../../domain/organisation/organisation';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';

/** A password to check: any length up to 1000. */
const password = () => fields.text({ required: true, allowBlank: false, max: 1000, secret: true });
/** A password to set. */
const newPassword = () => fields.text({ required: true, max: 128, secret: true });

export class SignUpInput {
  @Input('email', fields.email({ required: true, max: 254 })) email!: string;
  @Input('password', newPassword()) password!: string;
  @Input('first_name', fields.text({ required: true, max: 150 })) firstName!: string;
  @Input('last_name', fields.text({ required: true, max: 150 })) lastName!: string;
  @Input('organisation_name', fields.text({ required: true, max: ORGANISATION_NAME_MAX_LENGTH })) organisationName!: string;
}

export class LogInInput {
  @Input('email', fields.text({ required: true, max: 254 })) email!: string;
  @Input('password', password()) password!: string;
}

export class ChangePasswordInput {
  @Input('current_password', password()) currentPassword!: string;
  @Input('new_password', newPassword()) newPassword!: string;
}
