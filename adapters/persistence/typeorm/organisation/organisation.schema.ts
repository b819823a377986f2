import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, references, RowOf } from '../columns';

const membershipColumns = {
  organisation_id: c.ref().primary(),
  person_id: c.ref().primary(),
  role: c.varchar(10),
  date_joined: c.timestamp(),
};

export type MembershipRow = RowOf<typeof membershipColumns>;

/** Memberships (the organisation's own table is declared: organisation.declaration.ts). */
export function organisationSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<MembershipRow>({
      name: 'Membership',
      tableName: 'memberships',
      columns: entityColumns(dialect, membershipColumns),
      foreignKeys: [
        references('organisations', ['organisation_id'], { onDelete: 'CASCADE' }),
        references('persons', ['person_id'], { onDelete: 'CASCADE' }),
      ],
      indices: [
        { name: 'ix_memberships_person', columns: ['person_id', 'date_joined'] },
        { name: 'uq_memberships_one_owner', columns: ['organisation_id'], unique: true, where: "role = 'owner'" },
      ],
    }),
  ];
}
