import { InvitationRepository } from '../../../application/organisation/organisation.ports';
import { Invitation, InvitationSnapshot } from '../../../domain/organisation/invitation';

/** Transactions run one at a time (InMemoryUnitOfWork), so `forUpdate` needs no lock here. */
export class InMemoryInvitationRepository implements InvitationRepository {
  private readonly rows = new Map<string, InvitationSnapshot>();

  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    return this.restoreFirst((r) => r.tokenHash === tokenHash);
  }

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Invitation | null> {
    return this.restoreFirst((r) => r.organisationId === organisationId && r.uniqueId === uniqueId);
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

  async delete(invitation: Invitation): Promise<void> {
    this.rows.delete(invitation.id);
  }

  private restoreFirst(matches: (row: InvitationSnapshot) => boolean): Invitation | null {
    const row = [...this.rows.values()].find(matches);
    return row ? Invitation.restore(row) : null;
  }
}
