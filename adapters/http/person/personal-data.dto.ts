import { fields } from '../validation/fields';
import { Input } from '../validation/input';

/** `DELETE me/`: the password, checked as a password change checks it. */
export class EraseAccountInput {
  @Input('current_password', fields.text({ required: true, allowBlank: false, max: 1000, secret: true })) currentPassword!: string;
}
