import { inject, injectable } from 'inversify';
import { PasswordConfirmation } from '../auth/password-confirmation';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { OrganisationAccess } from './organisation-access';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';
import { OrganisationView, OrganisationViews } from './organisation-views';

export interface CloseOrganisationCommand {
  currentPassword: string;
  /** Where the request came from: a wrong password counts as a failed login from there. */
  clientAddress: string;
}

/**
 * The owner closes the organisation, confirming it with their password: from
 * that moment none of its members reaches it (`OrganisationAccess`), and
 * their current organisation is the next of theirs. Its data is deleted once
 * the grace period is over (`PurgeClosedOrganisations`), unless the owner
 * restores it before (`RestoreOrganisation`).
 */
@injectable()
export class CloseOrganisation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(PasswordConfirmation) private readonly confirmation: PasswordConfirmation,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.DeletionGraceMs) private readonly graceMs: number,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Answers the organisation in the owner view, with when it closed and when its data goes. */
  async execute(actor: Actor, organisationUniqueId: string, command: CloseOrganisationCommand): Promise<OrganisationView> {
    // Who may is settled before the password is looked at (a member: 403), and again under the lock.
    await this.access.authorise(actor, organisationUniqueId, 'organisation.close');
    await this.confirmation.confirm(actor.personId, command.currentPassword, command.clientAddress);
    const organisation = await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.close', { forUpdate: true });
      organisation.close(this.clock.now(), this.graceMs);
      await this.organisations.save(organisation);
      return organisation;
    });
    return this.views.one(organisation);
  }
}
