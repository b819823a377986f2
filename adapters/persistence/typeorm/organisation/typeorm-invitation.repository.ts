import { inject, injectable } from 'inversify';
import { EntityManager } from 'typeorm';
import { InvitationRepository } from '../../../../application/organisation/organisation.ports';
import { InvitableRole, Invitation } from '../../../../domain/organisation/invitation';
import { emailKey } from '../../../../domain/person/email-address';
import { ConcurrentModification } from '../../../../domain/shared/errors';
import { isUniqueViolation, TypeOrmDatabase } from '../engine';
import { InvitationRow } from './invitation.schema';

@injectable()
export class TypeOrmInvitationRepository implements InvitationRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  findByTokenHash(tokenHash: string, options: { forUpdate?: boolean } = {}): Promise<Invitation | null> {
    return this.findOne({ token_hash: tokenHash }, options);
  }

  findByUniqueId(organisationId: string, uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<Invitation | null> {
    return this.findOne({ organisation_id: organisationId, unique_id: uniqueId }, options);
  }

  async listForOrganisation(organisationId: string): Promise<Invitation[]> {
    const rows = await this.db.run((m) =>
      this.rows(m).find({ where: { organisation_id: organisationId }, order: { date_created: 'DESC', id: 'DESC' } }),
    );
    return rows.map(toDomain);
  }

  async save(invitation: Invitation): Promise<void> {
    try {
      await this.db.upsert('Invitation', toRow(invitation));
    } catch (error) {
      // Another request opened an invitation to the same address meanwhile.
      if (isUniqueViolation(error, 'email_key')) throw new ConcurrentModification();
      throw error;
    }
  }

  async delete(invitation: Invitation): Promise<void> {
    await this.db.run((m) => this.rows(m).delete({ id: invitation.id }));
  }

  private async findOne(where: Partial<InvitationRow>, options: { forUpdate?: boolean }): Promise<Invitation | null> {
    const row = await this.db.findOneBy<InvitationRow>('Invitation', where, options);
    return row ? toDomain(row) : null;
  }

  private rows(manager: EntityManager) {
    return manager.getRepository<InvitationRow>('Invitation');
  }
}

function toRow(invitation: Invitation): InvitationRow {
  const s = invitation.snapshot();
  return {
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
    sent_at: s.sentAt,
    date_created: s.dateCreated,
    email_key: emailKey(s.email),
  };
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
    sentAt: row.sent_at,
    dateCreated: row.date_created,
  });
}
