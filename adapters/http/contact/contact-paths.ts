import { Context } from 'koa';
import { ContactPath, GroupPath } from '../../../application/contact/contact-group-access';
import { API_PREFIX } from '../shared/controller';

/** The routes' paths and how their parameters name a group or a contact. */
export const CONTACT_GROUPS = `${API_PREFIX}/organisation/:uid/contact-groups`;
export const CONTACT_GROUP = `${CONTACT_GROUPS}/:group`;
export const CONTACTS = `${CONTACT_GROUP}/contacts`;
export const CONTACT = `${CONTACTS}/:contact`;

export function groupPathOf(ctx: Context): GroupPath {
  return { organisationUniqueId: ctx.params.uid, groupUniqueId: ctx.params.group };
}

export function contactPathOf(ctx: Context): ContactPath {
  return { ...groupPathOf(ctx), contactUniqueId: ctx.params.contact };
}
