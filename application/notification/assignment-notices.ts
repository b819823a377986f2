import { inject, injectable } from 'inversify';
import { AssignmentNotificationKind } from '../../domain/notification/notification-kinds';
import { ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ActingContext, HISTORY_TOKENS } from '../shared/history';
import { Clock, IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { RecordEvent } from '../webhook/record-events';
import { AssignedRecord, assignmentNotice } from './assignment-notice';
import { NOTIFICATION_TOKENS, NotificationPreferencesRepository, NotificationQueue } from './notification.ports';
import { UnsubscribeLinks } from './unsubscribe-links';

/** The events that may give a lead or a vendor to someone: its creation, and its updates. */
const ASSIGNING: Record<string, { model: AssignedRecord['model']; kind: AssignmentNotificationKind; path: string }> = {
  'lead.created': { model: 'lead', kind: 'lead.assigned', path: 'leads' },
  'lead.updated': { model: 'lead', kind: 'lead.assigned', path: 'leads' },
  'vendor.created': { model: 'vendor', kind: 'vendor.assigned', path: 'vendors' },
  'vendor.updated': { model: 'vendor', kind: 'vendor.assigned', path: 'vendors' },
};

/**
 * The e-mail to the member a lead or a vendor is assigned to, when it is
 * created for them or given to them by an update (`assigned_to_id`), in the
 * transaction of the change. Nobody is told of their own act: a creator who
 * keeps it, or a member who takes it, is not written to.
 */
@injectable()
export class AssignmentNotices {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(NOTIFICATION_TOKENS.NotificationPreferencesRepository) private readonly preferences: NotificationPreferencesRepository,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(HISTORY_TOKENS.ActingContext) private readonly acting: ActingContext,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(UnsubscribeLinks) private readonly unsubscribe: UnsubscribeLinks,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Whether the event is one this tells of (else the caller looks elsewhere). */
  handles(event: RecordEvent): boolean {
    return event.type in ASSIGNING && 'declared' in event.subject;
  }

  async publish(event: RecordEvent): Promise<void> {
    const assigning = ASSIGNING[event.type];
    if (!assigning || !('declared' in event.subject)) return;
    const record = event.subject.view.record as unknown as { assignedToId: string; createdById: string; uniqueId: string };
    const before = event.before as { assignedToId?: string } | undefined;
    // An update tells only of a new assignee; a creation of any but its creator (who made it).
    if (before ? before.assignedToId === record.assignedToId : record.assignedToId === record.createdById) return;
    const actorId = this.acting.current()?.personId ?? (before ? null : record.createdById);
    const recipientId = record.assignedToId;
    if (recipientId === actorId) return;
    const wanted = (await this.preferences.findMany([recipientId])).get(recipientId);
    if (wanted && !wanted.wants(assigning.kind)) return;
    const people = new Map((await this.people.findByIds(actorId ? [recipientId, actorId] : [recipientId])).map((person) => [person.id, person]));
    const recipient = people.get(recipientId);
    if (!recipient || !recipient.isActive) return;
    const organisation = await this.organisations.findById(event.organisation.id);
    if (!organisation) return;
    await this.queue.enqueue([
      {
        id: this.ids.next(),
        organisationId: organisation.id,
        personId: recipient.id,
        kind: assigning.kind,
        recordUniqueId: record.uniqueId,
        at: this.clock.now(),
        heldOn: wanted?.digest === 'daily' ? this.clock.today().toString() : undefined,
        message: assignmentNotice({
          assigned: { model: assigning.model, record: event.subject.view.record } as AssignedRecord,
          organisation: { name: organisation.name, currency: organisation.defaultCurrency },
          actorName: (actorId && people.get(actorId)?.fullName) || 'the service',
          recipientEmail: recipient.email,
          link: `${this.baseUrl}/api/v1.0/organisation/${organisation.uniqueId}/${assigning.path}/${record.uniqueId}/`,
          unsubscribe: this.unsubscribe.linkFor(recipient, assigning.kind),
        }),
      },
    ]);
  }
}
