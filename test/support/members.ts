import { MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { TestApp } from './test-app';
import { TestUser } from './accounts';

/**
 * Makes `user` a plain member of `organisationUniqueId` through the ports:
 * quicker than an invitation, for tests that are not about invitations.
 */
export async function addMember(app: TestApp, organisationUniqueId: string, user: TestUser): Promise<void> {
  const container = app.application.container;
  const organisation = await container
    .get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository)
    .findByUniqueId(organisationUniqueId);
  const person = await container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).findByEmail(user.email);
  if (!organisation || !person) throw new Error('addMember: unknown organisation or person');
  await container
    .get<MembershipRepository>(ORGANISATION_TOKENS.MembershipRepository)
    .add({ organisationId: organisation.id, personId: person.id, role: 'member', dateJoined: new Date() });
}
