import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { ValidationFailed } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { RecordContext, RecordGrant, RecordPlace } from './record-context';
import { KeptRecord, NamedRecord, namedIn } from './record-kind';
import { RecordView } from './record-views';

type Command = { uniqueId?: string; [field: string]: unknown };

/** A member records a new record of the kind; it is saved with its history entry and its event, or not at all. */
export class CreateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, command: Command): Promise<RecordView<S>> {
    const { kind, ids, clock, unitOfWork } = this.context;
    // Under a caller's transaction (an Idempotency-Key's) a refused insert would end that one too (Postgres).
    const withinCaller = unitOfWork.inTransaction;
    const requested = command.uniqueId;
    // Else a kind without a parent (whose lock a write takes) is authorised and its references looked up before the
    // transaction, which then only writes: the foreign keys still refuse a record deleted meanwhile (409).
    const early = withinCaller || kind.parent ? undefined : await this.context.authorise(actor, place, 'write');
    const resolution = early && (await this.context.resolve(early.organisation.id, command));
    let made: T | undefined;
    const write = (command: Command, referencedEarly?: Record<string, NamedRecord | null | undefined>) =>
      unitOfWork.transaction(async () => {
        const grant: RecordGrant = early ?? (await this.context.authorise(actor, place, 'write'));
        const { organisation } = grant;
        const { command: resolved, referenced } = referencedEarly ? { command, referenced: referencedEarly } : await this.context.resolve(organisation.id, command);
        const now = clock.now();
        const record = await kind.create(resolved, { id: ids.next(), uniqueId: requested ?? ids.next(), organisation, actor, now, parent: grant.parent, referenced });
        made = record;
        // There every clash is looked for first; elsewhere the unique indexes refuse one, and the others are looked for then.
        if (withinCaller) await this.context.assertFree(record, requested !== undefined);
        await this.context.save(record, now);
        const view = await this.context.views.one(record, grant.member, grant, namedIn(referenced));
        await this.context.announce(grant, 'created', record, view);
        const shown = kind.createdView?.(record);
        return shown ? { ...view, derived: { ...view.derived, ...shown } } : view;
      });
    const resolved = resolution?.command ?? command;
    try {
      if (!this.context.uploadsIn(resolved)) return await write(resolved, resolution?.referenced);
      // An upload is stored before the transaction, under the organisation the caller may write to.
      const { organisation } = early ?? (await this.context.authorise(actor, place, 'write'));
      return await this.context.storingFiles(organisation.id, resolved, (stored) => write(stored, resolution?.referenced));
    } catch (error) {
      // A clash the save met: every clash is reported at once (one gone meanwhile leaves the save's own error).
      if (!withinCaller && made !== undefined && error instanceof ValidationFailed) await this.context.assertFree(made, requested !== undefined);
      throw error;
    }
  }
}
