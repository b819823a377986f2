import { StoredFile } from '../../domain/shared/file-type';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord, namedIn } from './record-kind';
import { RecordView } from './record-views';

/** PUT and PATCH alike (the HTTP adapter checks PUT's required fields): the record, locked, changed through its entity. */
export class UpdateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, uniqueId: string, changes: object): Promise<RecordView<S>> {
    const files: { before: Map<string, StoredFile>; after: Map<string, StoredFile> }[] = [];
    const write = (changes: object) =>
      this.context.unitOfWork.transaction(async () => {
        const grant = await this.context.authorise(actor, place, 'write');
        const { kind } = this.context;
        const record = await this.context.find(grant.organisation.id, uniqueId, true, grant.parent, this.context.ownerFor(actor, grant));
        await kind.beforeChange?.(record, grant);
        const before = record.snapshot();
        const held = this.context.filesOf(record);
        const { command: resolved, referenced } = await this.context.resolve(grant.organisation.id, changes, record);
        const now = this.context.clock.now();
        kind.update(record, resolved, now, grant);
        await this.context.assertFree(record, false);
        await this.context.save(record, now);
        const view = await this.context.views.one(record, grant.member, grant, namedIn(referenced));
        await this.context.announce(grant, 'updated', record, view, before);
        for (const change of kind.updateEvents?.(before, record) ?? []) await this.context.announce(grant, change, record, view);
        const after = this.context.filesOf(record);
        await this.context.leaveFiles(held, after);
        files.push({ before: held, after });
        return view;
      });
    if (!this.context.uploadsIn(changes)) return this.discardingReplaced(await write(changes), files);
    // An upload is stored before the transaction, under the organisation the caller may write to.
    const { organisation } = await this.context.authorise(actor, place, 'write');
    return this.discardingReplaced(await this.context.storingFiles(organisation.id, changes, write), files);
  }

  /** The view, once the files the committed update no longer holds are removed. */
  private async discardingReplaced(view: RecordView<S>, files: { before: Map<string, StoredFile>; after: Map<string, StoredFile> }[]): Promise<RecordView<S>> {
    for (const { before, after } of files) await this.context.discardFiles(before, after);
    return view;
  }
}
