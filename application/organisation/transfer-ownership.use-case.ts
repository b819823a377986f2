import { inject, injectable } from 'inversify';
import { ValidationFailed } from '../../domain/shared/errors';
import { PasswordConfirmation } from '../auth/password-confirmation';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';
import { MemberView, memberViewOf } from './list-members.use-case';
import { OrganisationAccess } from './organisation-access';
import { MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';

export interface TransferOwnershipCommand {
  /** The unique_id of the member who becomes the owner. */
  person: string;
  currentPassword: string;
  /** Where the request came from: a wrong password counts as a failed login from there. */
  clientAddress: string;
}

/**
 * The owner hands the organisation to another of its members, in one
 * transaction: the member becomes its owner and the owner a member (an
 * organisation has exactly one owner), each change a `member.role_changed`
 * event. The owner confirms it with their password. Memberships keep no
 * history (joining and removal write none either): the events are its record.
 */
@injectable()
export class TransferOwnership {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(PasswordConfirmation) private readonly confirmation: PasswordConfirmation,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  /** Answers the new owner as the member list shows them. */
  async execute(actor: Actor, organisationUniqueId: string, command: TransferOwnershipCommand): Promise<MemberView> {
    // Who may is settled before the password is looked at (a member: 403), and again under the lock.
    await this.access.authorise(actor, organisationUniqueId, 'organisation.transfer_ownership');
    const owner = await this.confirmation.confirm(actor.personId, command.currentPassword, command.clientAddress);
    return this.unitOfWork.transaction(async () => {
      const { organisation, membership } = await this.access.authorise(actor, organisationUniqueId, 'organisation.transfer_ownership', { forUpdate: true });
      const heir = await this.people.findMemberByUniqueId(organisation.id, command.person);
      const heirs = heir && (await this.memberships.find(organisation.id, heir.id));
      if (!heir || !heirs) throw ValidationFailed.field('person', 'This person is not a member of the organisation.');
      const now = this.clock.now();
      organisation.handOverTo(heir.id, now);
      // The owner steps down first: the database keeps one owner per organisation at every moment.
      await this.memberships.changeRole(organisation.id, owner.id, 'member');
      await this.memberships.changeRole(organisation.id, heir.id, 'owner');
      await this.organisations.save(organisation);
      const newOwner = memberViewOf(heir, { ...heirs, role: 'owner' });
      const formerOwner = memberViewOf(owner, { ...membership, role: 'member' });
      for (const [person, view] of [[heir, newOwner], [owner, formerOwner]] as const) {
        await this.events.publish({ organisation, type: 'member.role_changed', recordId: person.id, subject: { model: 'member', view } });
      }
      return newOwner;
    });
  }
}
