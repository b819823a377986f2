import { inject, injectable } from 'inversify';
import { Contact } from '../../domain/contact/contact';
import { ContactGroup } from '../../domain/contact/contact-group';
import { Organisation } from '../../domain/organisation/organisation';
import { NotFound } from '../../domain/shared/errors';
import { Operation } from '../organisation/authorisation-policy';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor, KnownPerson } from '../shared/actor';
import { CONTACT_TOKENS, ContactGroupRepository, ContactRepository } from './contact.ports';

/** Where a contact group sits in the paths: `organisation/{unique_id}/contact-groups/{group_unique_id}/`. */
export interface GroupPath {
  organisationUniqueId: string;
  groupUniqueId: string;
}

/** `…/contacts/{contact_unique_id}/` under a group. */
export interface ContactPath extends GroupPath {
  contactUniqueId: string;
}

export interface ContactGroupGrant {
  organisation: Organisation;
  group: ContactGroup;
  /** The caller as views name people, when the organisation's read gave it. */
  member?: KnownPerson;
}

/**
 * The organisation's contact groups, as far as its policy lets the caller
 * perform `operation`, and a contact only through its own group. Anything else (another organisation, an unknown
 * group, a contact of another group) is the same 404.
 */
@injectable()
export class ContactGroupAccess {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CONTACT_TOKENS.ContactGroupRepository) private readonly groups: ContactGroupRepository,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
  ) {}

  async group(actor: Actor, path: GroupPath, operation: Operation): Promise<ContactGroupGrant> {
    const { organisation, member } = await this.access.authorise(actor, path.organisationUniqueId, operation);
    const group = await this.groups.findByUniqueId(organisation.id, path.groupUniqueId);
    if (!group) throw new NotFound();
    return { organisation, group, member };
  }

  /** The group, locked until the transaction ends: writes to a group and its contacts take turns. */
  async groupForUpdate(actor: Actor, path: GroupPath, operation: Operation): Promise<ContactGroupGrant> {
    const { organisation, member } = await this.access.authorise(actor, path.organisationUniqueId, operation);
    const group = await this.groups.findByUniqueId(organisation.id, path.groupUniqueId, { forUpdate: true });
    if (!group) throw new NotFound();
    return { organisation, group, member };
  }

  async contact(grant: ContactGroupGrant, contactUniqueId: string): Promise<Contact> {
    const contact = await this.contacts.findInGroup(grant.group, contactUniqueId);
    if (!contact) throw new NotFound();
    return contact;
  }
}
