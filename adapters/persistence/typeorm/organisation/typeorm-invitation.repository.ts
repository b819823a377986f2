import { inject, injectable } from 'inversify';
import { InvitationRepository } from '../../../../application/organisation/organisation.ports';
import { InvitableRole, Invitation } from '../../../../domain/organisation/invitation';
import { TypeOrmDatabase } from '../database';
import { InvitationRow } from './invitation.schema';

@injectable()
export class TypeOrmInvitationRepository implements InvitationRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    const row = await this.db.run((m) => m.getRepository<InvitationRow>('Invitation').findOneBy({ token_hash: tokenHash }));
    return row ? toDomain(row) : null;
  }

  async listForOrganisation(organisationId: string): Promise<Invitation[]> {
    const rows = await this.db.run((m) =>
      m.getRepository<InvitationRow>('Invitation').find({ where: { organisation_id: organisationId }, order: { date_created: 'DESC', id: 'DESC' } }),
    );
    return rows.map(toDomain);
  }

  async save(invitation: Invitation): Promise<void> {
    const s = invitation.snapshot();
    await this.db.run((m) =>
      m.getRepository<InvitationRow>('Invitation').save({
        id: s.id,
        unique_id: s.uniqueId,
        organisation_id: s.organisationId,
        email: s.email,
        role: s.role,
        token_hash: s.tokenHash,
        invited_by_id: s.invitedById,
        expires_at: s.expiresAt,
        accepted_at: s.acceptedAt,
        accepted_by_id: s.acceptedById,
        date_created: s.dateCreated,
      }),
    );
  }
}

function toDomain(row: InvitationRow): Invitation {
  return Invitation.restore({
    id: row.id,
    uniqueId: row.unique_id,
    organisationId: row.organisation_id,
    email: row.email,
    role: row.role as InvitableRole,
    tokenHash: row.token_hash,
    invitedById: row.invited_by_id,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    acceptedById: row.accepted_by_id,
    dateCreated: row.date_created,
  });
}
