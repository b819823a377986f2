import { inject, injectable } from 'inversify';
import { DIGEST_KIND } from '../../domain/notification/notification-kinds';
import { NotificationMorning } from './notification-morning';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { dailyDigest } from './daily-digest';
import { NOTIFICATION_TOKENS, NotificationQueue } from './notification.ports';

/**
 * The daily digests: once a day's NOTIFICATION_HOUR has come (in TIME_ZONE, the clock's), the
 * e-mails held on earlier days for each person who takes a digest become one
 * e-mail, queued as any other, in the transaction that takes them out of the
 * hold: a digest is never lost nor composed twice, whichever worker gets there.
 */
@injectable()
export class ReleaseDailyDigests {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(NotificationMorning) private readonly morning: NotificationMorning,
  ) {}

  async execute(): Promise<void> {
    if (!this.morning.hasBegun(this.clock.now())) return;
    const today = this.clock.today().toString();
    if (!(await this.queue.anyHeldBefore(today))) return;
    await this.unitOfWork.transaction(async () => {
      const held = await this.queue.releaseHeld(today);
      const at = this.clock.now();
      await this.queue.enqueue(
        held.map((person) => ({
          id: this.ids.next(),
          organisationId: person.organisationId,
          personId: person.personId,
          kind: DIGEST_KIND,
          recordUniqueId: '',
          message: dailyDigest(person.messages),
          at,
        })),
      );
    });
  }
}
