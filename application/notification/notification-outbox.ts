import { inject, injectable } from 'inversify';
import { ExpenseSnapshot } from '../../domain/expense/expense';
import { isExpenseNotificationKind, NotificationKind } from '../../domain/notification/notification-kinds';
import { MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ActingContext, HISTORY_TOKENS } from '../shared/history';
import { Clock, IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { RecordEvent, RecordEvents } from '../webhook/record-events';
import { AssignmentNotices } from './assignment-notices';
import { expenseNotice } from './expense-notice';
import { NewNotification, NOTIFICATION_TOKENS, NotificationPreferencesRepository, NotificationQueue } from './notification.ports';
import { UnsubscribeLinks } from './unsubscribe-links';

/**
 * The e-mails' side of `RecordEvents`: an expense action queues one e-mail
 * to each person who must hear of it, in the transaction of the change (a
 * rolled-back change sends nothing, a committed one cannot lose its e-mail).
 * A submission goes to the organisation's owners, who approve; every other
 * action to the expense's employee. A lead or a vendor given to a member
 * tells that member (`AssignmentNotices`). Nobody is told of their own action.
 */
@injectable()
export class NotificationOutbox implements RecordEvents {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(NOTIFICATION_TOKENS.NotificationPreferencesRepository) private readonly preferences: NotificationPreferencesRepository,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(HISTORY_TOKENS.ActingContext) private readonly acting: ActingContext,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(UnsubscribeLinks) private readonly unsubscribe: UnsubscribeLinks,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(AssignmentNotices) private readonly assignments: AssignmentNotices,
  ) {}

  async publish(event: RecordEvent): Promise<void> {
    if (this.assignments.handles(event)) return this.assignments.publish(event);
    if (!isExpenseNotificationKind(event.type) || !('declared' in event.subject)) return;
    const kind = event.type;
    const expense = event.subject.view.record as ExpenseSnapshot;
    const actorId = this.acting.current()?.personId ?? null;
    const candidates = (await this.recipientsOf(kind, expense)).filter((id) => id !== actorId);
    if (candidates.length === 0) return;
    const preferences = await this.preferences.findMany(candidates);
    const recipientIds = candidates.filter((id) => preferences.get(id)?.wants(kind) ?? true);
    if (recipientIds.length === 0) return;
    const organisation = await this.organisations.findById(event.organisation.id);
    if (!organisation) return;
    const people = new Map(
      (await this.people.findByIds([...new Set([...recipientIds, ...(actorId ? [actorId] : []), ...(expense.employeeId ? [expense.employeeId] : [])])])).map(
        (person) => [person.id, person],
      ),
    );
    const at = this.clock.now();
    const today = this.clock.today().toString();
    const link = `${this.baseUrl}/api/v1.0/organisation/${organisation.uniqueId}/expenses/${expense.uniqueId}/`;
    const notifications: NewNotification[] = [];
    for (const recipientId of recipientIds) {
      const recipient = people.get(recipientId);
      if (!recipient || !recipient.isActive) continue;
      notifications.push({
        id: this.ids.next(),
        organisationId: organisation.id,
        personId: recipient.id,
        kind,
        recordUniqueId: expense.uniqueId,
        at,
        heldOn: preferences.get(recipient.id)?.digest === 'daily' ? today : undefined,
        message: expenseNotice({
          kind,
          organisation: { name: organisation.name, currency: organisation.defaultCurrency },
          expense,
          actorName: (actorId && people.get(actorId)?.fullName) || 'the service',
          employeeName: (expense.employeeId && people.get(expense.employeeId)?.fullName) || null,
          recipientEmail: recipient.email,
          link,
          unsubscribe: this.unsubscribe.linkFor(recipient, kind),
        }),
      });
    }
    if (notifications.length > 0) await this.queue.enqueue(notifications);
  }

  /** Who must hear of the action: the approvers of a submission, else the expense's employee. */
  private async recipientsOf(kind: NotificationKind, expense: ExpenseSnapshot): Promise<string[]> {
    if (kind === 'expense.submitted') {
      const members = await this.memberships.listForOrganisation(expense.organisationId);
      return members.filter((membership) => membership.role === 'owner').map((membership) => membership.personId);
    }
    return expense.employeeId ? [expense.employeeId] : [];
  }
}
