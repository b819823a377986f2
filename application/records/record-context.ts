import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { OrganisationAccess, OrganisationAccessGrant } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { IncomingFile } from '../shared/incoming-file';
import { StoredFile } from '../../domain/shared/file-type';
import { Clock, IdGenerator, UnitOfWork } from '../shared/ports';
import { FieldErrors, NotFound, ValidationFailed } from '../../domain/shared/errors';
import { found, unknownReference } from '../shared/records';
import type { WebhookEventType } from '../../domain/webhook/webhook-events';
import { RecordEvents } from '../webhook/record-events';
import { KeptFiles, KeptRecord, NamedRecord, ParentRecord, WiredRecordKind } from './record-kind';
import { RecordRepository } from './record.ports';
import { RecordView, RecordViews } from './record-views';

/** Where a record is reached: its organisation's unique_id, and its parent's for a kind that has one. */
export type RecordPlace = string | { organisation: string; parent: string };

/** The caller's grant on the organisation, with the parent record the path names. */
export type RecordGrant = OrganisationAccessGrant & { parent?: ParentRecord };

/**
 * What the use cases of one record kind share: the kind, its storage and
 * views, and the steps every one of them takes in the same way.
 */
export class RecordContext<T extends KeptRecord<S>, S extends OrganisationRecordState = OrganisationRecordState> {
  constructor(
    readonly kind: WiredRecordKind<T, S>,
    readonly records: RecordRepository<T>,
    readonly views: RecordViews<T, S>,
    readonly access: OrganisationAccess,
    readonly unitOfWork: UnitOfWork,
    readonly clock: Clock,
    readonly ids: IdGenerator,
    private readonly events: RecordEvents,
  ) {}

  /** The organisation, and the parent the path names (locked for a write), for a kind that has one: else 404. */
  async authorise(actor: Actor, place: RecordPlace, access: 'read' | 'write'): Promise<RecordGrant> {
    const organisationUniqueId = typeof place === 'string' ? place : place.organisation;
    const grant = await this.access.authoriseRole(actor, organisationUniqueId, this.kind.roles[access]);
    const { parent } = this.kind;
    if (!parent) return grant;
    if (typeof place === 'string') throw new Error(`A ${this.kind.names.one} is reached through its parent`);
    const parentRecord = found(await parent.records.findByUniqueId(grant.organisation.id, place.parent, { forUpdate: access === 'write' }));
    return { ...grant, parent: parentRecord };
  }

  /**
   * The organisation's record, or 404; `forUpdate` locks it until the
   * transaction ends. Under `parent`, a record of another parent is 404 too.
   */
  async find(organisationId: string, uniqueId: string, forUpdate = false, parent?: ParentRecord, owner?: string): Promise<T> {
    const record = found(await this.records.findByUniqueId(organisationId, uniqueId, { forUpdate }));
    if (parent && this.kind.parent && this.kind.parent.idOf(record) !== parent.id) throw new NotFound();
    if (owner !== undefined && (record.snapshot() as unknown as Record<string, unknown>)[this.kind.ownedBy as string] !== owner) throw new NotFound();
    return record;
  }

  /**
   * The person whose records alone the grant reaches, for a kind whose
   * records belong to people (`ownedBy`): a member's own; none for the owner,
   * who reaches every one. Another member's record is a 404, as one of another organisation.
   */
  ownerFor(actor: Actor, grant: RecordGrant): string | undefined {
    if (this.kind.ownedBy === undefined || grant.membership.role === 'owner') return undefined;
    return actor.personId;
  }

  /** Saves a created or changed record, after what its kind's rules ask of the others. */
  async save(record: T, now: Date): Promise<void> {
    await this.kind.beforeSave?.(record, now);
    await this.records.save(record);
  }

  /** 400 on every unique field of `record` (its unique_id too when `withUniqueId`) that another record of its organisation holds. */
  async assertFree(record: T, withUniqueId: boolean): Promise<void> {
    const errors = await this.records.clashes(record, withUniqueId);
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  }

  /**
   * The command with the unique_ids its reference fields carry replaced by
   * the ids of the organisation's records they name (null clears, absent
   * keeps), and those records by property; `current`: the record being
   * changed. The records are looked up side by side, and every unknown or
   * refused one is reported at once, each on its own field, as DRF does.
   */
  async resolve<C extends object>(
    organisationId: string,
    command: C,
    current?: T,
  ): Promise<{ command: C; referenced: Record<string, NamedRecord | null | undefined> }> {
    const fields = this.kind.referenceFields ?? [];
    const referenced: Record<string, NamedRecord | null | undefined> = {};
    if (fields.length === 0) return { command, referenced };
    const values = command as unknown as Record<string, unknown>;
    const resolved: Record<string, unknown> = Object.assign({}, values);
    const errors: FieldErrors = {};
    const found = await Promise.all(
      fields.map(({ property, records }) => {
        const uniqueId = values[property];
        return typeof uniqueId === 'string' ? records.findByUniqueId(organisationId, uniqueId) : Promise.resolve(undefined);
      }),
    );
    const state = current?.snapshot();
    fields.forEach(({ property, wire, records }, index) => {
      const uniqueId = values[property];
      const record = found[index];
      if (record === undefined) {
        referenced[property] = uniqueId as null | undefined;
        return;
      }
      const refusal = record === null ? unknownReference(uniqueId as string) : records.refuses?.(record, state);
      if (refusal !== undefined) errors[wire] = [refusal];
      else resolved[property] = (record as NamedRecord).id;
      referenced[property] = record;
    });
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return { command: resolved as C, referenced };
  }

  /** Whether the command uploads a file to one of the kind's file fields (which is then stored before the write). */
  uploadsIn(command: object): boolean {
    const values = command as Record<string, unknown>;
    return Object.keys(this.kind.files ?? {}).some((property) => values[property] !== undefined && values[property] !== null);
  }

  /**
   * Runs `write` with the command's uploads stored and replaced by what
   * keeps them (their references), in a transaction that `write`'s joins and
   * that keeps them; removed again if the write fails.
   */
  async storingFiles<R, C extends object>(organisationId: string, command: C, write: (command: C) => Promise<R>): Promise<R> {
    const values = command as Record<string, unknown>;
    const uploads: { files: KeptFiles; stored: StoredFile }[] = [];
    const stored: Record<string, StoredFile> = {};
    try {
      for (const [property, files] of Object.entries(this.kind.files ?? {})) {
        const upload = values[property] as IncomingFile | null | undefined;
        if (upload === undefined || upload === null) continue;
        stored[property] = await files.upload(organisationId, upload);
        uploads.push({ files, stored: stored[property] });
      }
      return await this.unitOfWork.transaction(async () => {
        const result = await write(Object.assign({}, command, stored));
        for (const { files, stored } of uploads) await files.keep(stored);
        return result;
      });
    } catch (error) {
      for (const { files, stored } of uploads) await files.abandon(stored);
      throw error;
    }
  }

  /** The files a record holds in its file fields, by property. */
  filesOf(record: T): Map<string, StoredFile> {
    const state = record.snapshot() as unknown as Record<string, StoredFile | null>;
    const held = new Map<string, StoredFile>();
    for (const property of Object.keys(this.kind.files ?? {})) if (state[property]) held.set(property, state[property] as StoredFile);
    return held;
  }

  /** In the write's transaction: files no record holds any more are recorded for removal (`before`: as a record held them, `after`: as it does now). */
  async leaveFiles(before: Map<string, StoredFile>, after: Map<string, StoredFile> = new Map()): Promise<void> {
    for (const [property, file] of left(before, after)) await this.kind.files?.[property]?.leave(file);
  }

  /** Once the write that left them (`leaveFiles`) is committed: removed now when the storage answers, else by the sweep. */
  async discardFiles(before: Map<string, StoredFile>, after: Map<string, StoredFile> = new Map()): Promise<void> {
    for (const [property, file] of left(before, after)) await this.kind.files?.[property]?.discard(file);
  }

  /** `<model>.<change>` to the organisation's webhooks (and e-mails), in the change's transaction, for kinds that announce theirs; `before`: an update's record as it was. */
  async announce(grant: OrganisationAccessGrant, change: string, record: T, view: RecordView<S>, before?: S): Promise<void> {
    if (!this.kind.events) return;
    const model = this.kind.names.one;
    await this.events.publish({
      organisation: grant.organisation,
      type: `${model}.${change}` as WebhookEventType,
      recordId: record.id,
      subject: { model, declared: true, view },
      ...(before && { before }),
    });
  }
}

/** The files of `before` that `after` no longer holds, by property. */
function left(before: Map<string, StoredFile>, after: Map<string, StoredFile>): [string, StoredFile][] {
  return [...before].filter(([property, file]) => after.get(property)?.key !== file.key);
}
