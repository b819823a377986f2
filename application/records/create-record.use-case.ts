import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { ValidationFailed } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord, namedIn } from './record-kind';
import { RecordView } from './record-views';

/** A member records a new record of the kind; it is saved with its history entry and its event, or not at all. */
export class CreateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, command: { uniqueId?: string; [field: string]: unknown }): Promise<RecordView<S>> {
    const { kind, ids, clock, unitOfWork } = this.context;
    // Under a caller's transaction (an Idempotency-Key's) a refused insert would end that one too (Postgres).
    const withinCaller = unitOfWork.inTransaction;
    const requested = command.uniqueId;
    let made: T | undefined;
    const write = (command: { [field: string]: unknown }) =>
      unitOfWork.transaction(async () => {
        const grant = await this.context.authorise(actor, place, 'write');
        const { organisation } = grant;
        const { command: resolved, referenced } = await this.context.resolve(organisation.id, command);
        const now = clock.now();
        const record = await kind.create(resolved, { id: ids.next(), uniqueId: requested ?? ids.next(), organisation, actor, now, parent: grant.parent, referenced });
        made = record;
        // There every clash is looked for first; elsewhere the unique indexes refuse one, and the others are looked for then.
        if (withinCaller) await this.context.assertFree(record, requested !== undefined);
        await this.context.save(record, now);
        const view = await this.context.views.one(record, grant.member, grant, namedIn(referenced));
        await this.context.announce(grant, 'created', record, view);
        return view;
      });
    try {
      if (!this.context.uploadsIn(command)) return await write(command);
      // An upload is stored before the transaction, under the organisation the caller may write to.
      const { organisation } = await this.context.authorise(actor, place, 'write');
      return await this.context.storingFiles(organisation.id, command, write);
    } catch (error) {
      // A clash the save met: every clash is reported at once (one gone meanwhile leaves the save's own error).
      if (!withinCaller && made !== undefined && error instanceof ValidationFailed) await this.context.assertFree(made, requested !== undefined);
      throw error;
    }
  }
}
