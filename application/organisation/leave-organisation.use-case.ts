import { inject, injectable } from 'inversify';
import { InvalidTransition, NotFound } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { MemberDeparture } from './member-departure';
import { OrganisationAccess } from './organisation-access';

/**
 * A member leaves an organisation on their own, as if its owner removed them
 * (`MemberDeparture`: `member.removed`, their keys revoked). The owner cannot
 * leave while owner (409): they hand the organisation over first. Their
 * current organisation, the first they joined of those they still belong to,
 * moves to the next by itself.
 */
@injectable()
export class LeaveOrganisation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(MemberDeparture) private readonly departure: MemberDeparture,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const { organisation, membership } = await this.access.authorise(actor, organisationUniqueId, 'members.leave', { forUpdate: true });
      if (organisation.ownerId === actor.personId) {
        throw new InvalidTransition('The owner cannot leave the organisation: transfer the ownership to another member first.');
      }
      const person = await this.people.findById(actor.personId);
      if (!person) throw new NotFound();
      await this.departure.end(organisation, person, membership);
    });
  }
}
