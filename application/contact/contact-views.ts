import { inject, injectable } from 'inversify';
import { Contact, ContactSnapshot } from '../../domain/contact/contact';
import { peopleNamed } from '../person/people-named';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ContactGroupGrant } from './contact-group-access';

/** A contact with the names shown beside it. */
export interface ContactView {
  contact: ContactSnapshot;
  fullName: string;
  organisationName: string;
  groupName: string;
  /** Null only if the creator's account is gone. */
  createdByName: string | null;
}

/** Views of several records with one query per kind of related data, not per record. */
@injectable()
export class ContactViews {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  async contact(grant: ContactGroupGrant, contact: Contact): Promise<ContactView> {
    const [view] = await this.contactsOf(grant, [contact]);
    return view;
  }

  /** The caller, as the grant knows them, is not read again (a contact they just created names them). */
  async contactsOf(grant: ContactGroupGrant, contacts: Contact[]): Promise<ContactView[]> {
    const creators = await peopleNamed(this.people, contacts.map((contact) => contact.snapshot().createdById), [grant.member]);
    return contacts.map((contact) => {
      const snapshot = contact.snapshot();
      return {
        contact: snapshot,
        fullName: contact.fullName,
        organisationName: grant.organisation.name,
        groupName: grant.group.name,
        createdByName: creators.get(snapshot.createdById)?.fullName ?? null,
      };
    });
  }
}
