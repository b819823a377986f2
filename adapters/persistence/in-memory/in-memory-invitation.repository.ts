import { InvitationRepository } from '../../../application/organisation/organisation.ports';
import { Invitation, InvitationSnapshot } from '../../../domain/organisation/invitation';

export class InMemoryInvitationRepository implements InvitationRepository {
  private readonly rows = new Map<string, InvitationSnapshot>();

  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    const row = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    return row ? Invitation.restore(row) : null;
  }

  async listForOrganisation(organisationId: string): Promise<Invitation[]> {
    return [...this.rows.values()]
      .filter((r) => r.organisationId === organisationId)
      .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime())
      .map((r) => Invitation.restore(r));
  }

  async save(invitation: Invitation): Promise<void> {
    const row = invitation.snapshot();
    this.rows.set(row.id, row);
  }
}
