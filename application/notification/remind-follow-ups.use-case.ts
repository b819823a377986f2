import { inject, injectable } from 'inversify';
import { ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { NotificationMorning } from './notification-morning';
import { Clock, IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { followUpNotice } from './follow-up-notice';
import { FollowUpsDue, NewNotification, NOTIFICATION_TOKENS, NotificationPreferencesRepository, NotificationQueue } from './notification.ports';
import { UnsubscribeLinks } from './unsubscribe-links';

const KIND = 'vendor.follow_up';

/**
 * The morning reminders: once a day's NOTIFICATION_HOUR has come (in TIME_ZONE, the clock's),
 * each vendor whose follow-up date it is queues one e-mail to the person it
 * is assigned to. Each process looks once a day; the e-mail's key (vendor and
 * day) keeps it to one whichever processes look, and across restarts.
 */
@injectable()
export class RemindFollowUps {
  /** The day this process last looked (a look that failed is made again). */
  private lookedOn: string | null = null;

  constructor(
    @inject(NOTIFICATION_TOKENS.FollowUpsDue) private readonly due: FollowUpsDue,
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(NOTIFICATION_TOKENS.NotificationPreferencesRepository) private readonly preferences: NotificationPreferencesRepository,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(UnsubscribeLinks) private readonly unsubscribe: UnsubscribeLinks,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(NotificationMorning) private readonly morning: NotificationMorning,
  ) {}

  async execute(): Promise<void> {
    const today = this.clock.today().toString();
    if (this.lookedOn === today || !this.morning.hasBegun(this.clock.now())) return;
    const due = await this.due.on(today);
    const assignees = [...new Set(due.map((vendor) => vendor.assignedToId))];
    const [people, preferences] = await Promise.all([this.people.findByIds(assignees), this.preferences.findMany(assignees)]);
    const byId = new Map(people.map((person) => [person.id, person]));
    const organisations = new Map<string, { uniqueId: string; name: string } | null>();
    const at = this.clock.now();
    const notifications: NewNotification[] = [];
    for (const vendor of due) {
      const recipient = byId.get(vendor.assignedToId);
      const wanted = preferences.get(vendor.assignedToId);
      if (!recipient || !recipient.isActive || (wanted && !wanted.wants(KIND))) continue;
      if (!organisations.has(vendor.organisationId)) organisations.set(vendor.organisationId, await this.organisations.findById(vendor.organisationId));
      const organisation = organisations.get(vendor.organisationId);
      if (!organisation) continue;
      notifications.push({
        id: this.ids.next(),
        organisationId: vendor.organisationId,
        personId: recipient.id,
        kind: KIND,
        recordUniqueId: vendor.vendorUniqueId,
        at,
        heldOn: wanted?.digest === 'daily' ? today : undefined,
        onceKey: `${KIND}:${vendor.organisationId}:${vendor.vendorUniqueId}:${today}`,
        message: followUpNotice({
          vendor,
          day: today,
          organisationName: organisation.name,
          recipientEmail: recipient.email,
          link: `${this.baseUrl}/api/v1.0/organisation/${organisation.uniqueId}/vendors/${vendor.vendorUniqueId}/`,
          unsubscribe: this.unsubscribe.linkFor(recipient, KIND),
        }),
      });
    }
    if (notifications.length > 0) await this.queue.enqueue(notifications);
    this.lookedOn = today;
  }
}
