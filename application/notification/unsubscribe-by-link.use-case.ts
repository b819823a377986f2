import { inject, injectable } from 'inversify';
import { isNotificationKind } from '../../domain/notification/notification-kinds';
import { NotFound } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { UpdateNotificationPreferences } from './update-notification-preferences.use-case';
import { UnsubscribeLinks } from './unsubscribe-links';

/**
 * The one-click unsubscribe of an e-mail's `List-Unsubscribe` (RFC 8058):
 * turns the kind off for the person the signed link names, without a session.
 * A link that does not verify is 404, as an unknown one: it tells nothing.
 */
@injectable()
export class UnsubscribeByLink {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(UnsubscribeLinks) private readonly links: UnsubscribeLinks,
    @inject(UpdateNotificationPreferences) private readonly update: UpdateNotificationPreferences,
  ) {}

  async execute(link: { person: string; kind: string; signature: string }): Promise<void> {
    const person = await this.people.findByUniqueId(link.person);
    if (!person || !isNotificationKind(link.kind) || !this.links.verifies(person.id, link.kind, link.signature)) throw new NotFound();
    await this.update.execute({ personId: person.id }, { kinds: { [link.kind]: false } });
  }
}
