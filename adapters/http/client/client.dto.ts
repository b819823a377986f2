import { Expose } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { ClientOrderingField } from '../../../application/client/client.ports';
import { Ordering } from '../../../application/shared/page';
import {
  CLIENT_EMAIL_MAX_LENGTH,
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_PHONE_MAX_LENGTH,
  CLIENT_WEBSITE_MAX_LENGTH,
} from '../../../domain/client/client';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { BlankAsAbsent, ListQuery } from '../validation/list-query';

/** The writable fields of a client (read-only ones are not declared, so ignored). */
export class ClientInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('name', fields.text({ required: true, max: CLIENT_NAME_MAX_LENGTH })) name?: string;
  @Input('email', fields.email({ max: CLIENT_EMAIL_MAX_LENGTH, nullable: true })) email?: string | null;
  @Input('phone', fields.text({ max: CLIENT_PHONE_MAX_LENGTH, nullable: true })) phone?: string | null;
  @Input('website', fields.url({ max: CLIENT_WEBSITE_MAX_LENGTH, nullable: true })) website?: string | null;
}

export type NewClientInput = ClientInput & { name: string };

export class ClientListParameters extends ListQuery {
  /** Part of the name or the e-mail, in any case. */
  @Expose() @BlankAsAbsent() @IsOptional() @IsString()
  search?: string;
}

export const CLIENT_ORDERINGS: Readonly<Record<string, ClientOrderingField>> = {
  name: 'name',
  date_created: 'dateCreated',
};

export const DEFAULT_CLIENT_ORDERING: Ordering<ClientOrderingField> = { field: 'name', descending: false };
