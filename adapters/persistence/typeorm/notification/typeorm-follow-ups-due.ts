import { inject, injectable } from 'inversify';
import { FollowUpDue, FollowUpsDue } from '../../../../application/notification/notification.ports';
import { TypeOrmDatabase } from '../engine';

/** The vendors due for a follow-up on a day, across organisations: read once a day by each delivering process. */
@injectable()
export class TypeOrmFollowUpsDue implements FollowUpsDue {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async on(day: string): Promise<FollowUpDue[]> {
    const [rows] = await this.db.select([
      this.db.sql(`SELECT organisation_id, unique_id, name, assigned_to_id FROM ${this.db.tableOf('Vendor')} WHERE next_follow_up_date = :day`, { day }),
    ]);
    return rows.map((row) => ({
      organisationId: String(row.organisation_id),
      vendorUniqueId: String(row.unique_id),
      vendorName: String(row.name),
      assignedToId: String(row.assigned_to_id),
    }));
  }
}
