import { ExportPiece } from '../../../application/person/personal-data.ports';
import { PersonalDataExport } from '../../../application/person/export-personal-data.use-case';
import { PersonRef } from '../../../application/shared/actor';
import { declarationOf } from '../../declaration/declared-resources';
import { presenterOf } from '../declared/declared-presenter';
import { wire } from '../shared/present';
import { WireSchema, wireSchema as s } from '../shared/wire-schema';
import { presentProfile, PROFILE_SCHEMA } from './profile.presenter';

/** The sections of the export after its profile, in the order they are written. */
const SECTIONS = ['memberships', 'records', 'imports', 'history', 'sessions', 'notification_preferences', 'notification_deliveries'] as const;

const anyObject = (description: string) => ({ json: { type: 'object', description }, components: {} }) as unknown as WireSchema<Record<string, unknown>>;

/** The export's document (what `exportDocument` writes), for the API description. */
export const PERSONAL_DATA_SCHEMA = s.named(
  'PersonalDataExport',
  s.object({
    exported_at: s.dateTime(),
    profile: PROFILE_SCHEMA,
    bank_account_number: s.described(s.nullable(s.text()), 'The whole account number, which the profile shows the last four characters of.'),
    memberships: s.array(s.object({ organisation: s.uniqueId(), name: s.text(), role: s.text(), date_joined: s.dateTime() })),
    records: s.array(
      s.object({
        model: s.text(),
        organisation: s.uniqueId(),
        record: anyObject('The record as its detail answers it; the people it names other than the caller are null, as are the references to other records.'),
      }),
    ),
    imports: s.array(
      s.object({
        organisation: s.nullable(s.uniqueId()),
        unique_id: s.uniqueId(),
        resource: s.text(),
        mode: s.text(),
        dry_run: s.boolean(),
        status: s.text(),
        row_count: s.integer(),
        created_count: s.integer(),
        updated_count: s.integer(),
        unchanged_count: s.integer(),
        invalid_count: s.integer(),
        date_created: s.dateTime(),
      }),
    ),
    history: s.array(
      s.object({ organisation: s.nullable(s.uniqueId()), model: s.text(), record: s.text(), action: s.text(), at: s.dateTime(), changes: anyObject('Field → [old, new], as the history shows it.') }),
    ),
    sessions: s.array(s.object({ created_at: s.dateTime(), expires_at: s.dateTime() })),
    notification_preferences: s.array(s.object({ digest: s.text(), kinds_off: s.array(s.text()), last_updated: s.dateTime() })),
    notification_deliveries: s.array(
      s.object({ organisation: s.nullable(s.uniqueId()), kind: s.text(), record: s.text(), status: s.text(), attempts: s.integer(), created_at: s.dateTime(), sent_at: s.nullable(s.dateTime()) }),
    ),
  } as never),
);

/**
 * The export as JSON text, piece by piece: the profile, then each section as
 * an array whose items are written as the reader yields them (memory stays a
 * page of one table, whatever the caller's history holds).
 */
export async function* exportDocument(data: PersonalDataExport, origin: string, now: Date): AsyncGenerator<string> {
  const person = data.profile.person;
  const self: ReadonlyMap<string, PersonRef> = new Map([[person.id, { uniqueId: person.uniqueId, fullName: [person.firstName, person.lastName].filter(Boolean).join(' ') }]]);
  yield `{"exported_at":${JSON.stringify(wire.dateTime(now))},"profile":${JSON.stringify(presentProfile(data.profile, origin))}`;
  yield `,"bank_account_number":${JSON.stringify(person.bankingInformation?.accountNumber ?? null)}`;
  let open = -1;
  let first = true;
  const openUntil = function* (index: number): Generator<string> {
    while (open < index) {
      if (open >= 0) yield ']';
      open += 1;
      first = true;
      yield `,${JSON.stringify(SECTIONS[open])}:[`;
    }
  };
  for await (const piece of data.pieces) {
    yield* openUntil(SECTIONS.indexOf(piece.section));
    yield `${first ? '' : ','}${JSON.stringify(presentPiece(piece, self, origin))}`;
    first = false;
  }
  yield* openUntil(SECTIONS.length - 1);
  yield ']}';
}

function presentPiece(piece: ExportPiece, self: ReadonlyMap<string, PersonRef>, origin: string): object {
  switch (piece.section) {
    case 'memberships':
      return { organisation: piece.item.organisation, name: piece.item.name, role: piece.item.role, date_joined: wire.dateTime(piece.item.dateJoined) };
    case 'records': {
      const { model, organisationUniqueId, record } = piece.item;
      const view = { record: record.snapshot() as never, people: self, derived: {}, organisationUniqueId };
      return { model, organisation: organisationUniqueId, record: presenterOf(declarationOf(model))(view, origin) };
    }
    case 'imports': {
      const i = piece.item;
      return {
        organisation: i.organisation,
        unique_id: i.uniqueId,
        resource: i.resource,
        mode: i.mode,
        dry_run: i.dryRun,
        status: i.status,
        row_count: i.rows,
        created_count: i.created,
        updated_count: i.updated,
        unchanged_count: i.unchanged,
        invalid_count: i.invalid,
        date_created: wire.dateTime(i.dateCreated),
      };
    }
    case 'history':
      return { ...piece.item, at: wire.dateTime(piece.item.at) };
    case 'sessions':
      return { created_at: wire.dateTime(piece.item.createdAt), expires_at: wire.dateTime(piece.item.expiresAt) };
    case 'notification_preferences':
      return { digest: piece.item.digest, kinds_off: piece.item.kindsOff, last_updated: wire.dateTime(piece.item.lastUpdated) };
    case 'notification_deliveries': {
      const { createdAt, sentAt, ...delivery } = piece.item;
      return { ...delivery, created_at: wire.dateTime(createdAt), sent_at: sentAt && wire.dateTime(sentAt) };
    }
  }
}
