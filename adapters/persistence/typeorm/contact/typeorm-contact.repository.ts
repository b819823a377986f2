import { inject, injectable } from 'inversify';
import { ContactRepository } from '../../../../application/contact/contact.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Contact } from '../../../../domain/contact/contact';
import { CONTACT_DECLARATION } from '../../../declaration/contact/contact.declaration';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../engine';

/** Contacts, declared, with the two queries of their own: each group's count and a slot's primaries. */
@injectable()
export class TypeOrmContactRepository extends TypeOrmDeclaredRecords<Contact> implements ContactRepository {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, CONTACT_DECLARATION);
  }

  async countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const query = this.db.sql(
      `SELECT r.group_id AS group_id, COUNT(*) AS count FROM ${this.tableName} r ` +
        'WHERE r.organisation_id = :organisationId AND r.group_id IN (:...groupIds) GROUP BY r.group_id',
      { organisationId, groupIds },
    );
    const [rows] = await this.db.select([query]);
    return new Map(rows.map((row) => [String(row.group_id), Number(row.count)]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    const rows = await this.rows(
      'r.group_id = :groupId AND r.entity_type = :entityType AND r.slot_entity_id = :slot AND r.primary_contact = true AND r.id <> :id',
      { groupId: contact.groupId, entityType: contact.entityType, slot: contact.slotEntityId ?? '', id: contact.id },
    );
    return rows.map((row) => this.restored(row));
  }
}
