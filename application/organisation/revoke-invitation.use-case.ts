import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationDelivery } from './invitation-delivery';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, ORGANISATION_TOKENS } from './organisation.ports';

/**
 * The owner revokes an invitation: it is gone, its link answers 404, and its
 * e-mail is not sent if it has not been yet. One
 * already accepted may be revoked too; the membership it gave stays (removing
 * a member is its own operation).
 */
@injectable()
export class RevokeInvitation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, invitationUniqueId: string): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.revoke');
      const invitation = await this.invitations.findByUniqueId(organisation.id, invitationUniqueId, { forUpdate: true });
      if (!invitation) throw new NotFound();
      await this.invitations.delete(invitation);
      await this.delivery.forget(invitation); // its e-mail, if not yet sent
    });
  }
}
