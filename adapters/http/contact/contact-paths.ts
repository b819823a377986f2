import { Context } from 'koa';
import { ContactPath, GroupPath } from '../../../application/contact/contact-group-access';
import { API_PREFIX } from '../shared/controller';

/** The collections' paths; a group is named by `:group`, a contact by `:contact` (their `idParam`s). */
export const CONTACT_GROUPS = `${API_PREFIX}/organisation/:org/contact-groups`;
export const CONTACTS = `${CONTACT_GROUPS}/:group/contacts`;

export function groupPathOf(ctx: Context): GroupPath {
  return { organisationUniqueId: ctx.params.org, groupUniqueId: ctx.params.group };
}

export function contactPathOf(ctx: Context): ContactPath {
  return Object.assign({}, groupPathOf(ctx), { contactUniqueId: ctx.params.contact });
}
