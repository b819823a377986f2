import { inject, injectable } from 'inversify';
import { InUse, NotFound, PermissionDenied, ValidationFailed } from '../../domain/shared/errors';
import { AUTH_TOKENS, CredentialRepository, LoginThrottle, PasswordHasher, VerifiedCredentialCache } from '../auth/auth.ports';
import { Actor } from '../shared/actor';
import { Throttled } from '../shared/errors';
import { FILE_REMOVAL_TOKENS, FileRemovalQueue } from '../shared/file-removals';
import { PictureFiles } from '../shared/picture-files';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from './person.ports';
import { AccountErasure, PERSONAL_DATA_TOKENS } from './personal-data.ports';

export interface EraseAccountCommand {
  currentPassword: string;
  /** Where the request came from: a wrong password counts as a failed login from there. */
  clientAddress: string;
}

/**
 * `DELETE me/`: the caller erases their account (issue 47). Refused (409)
 * while they own an organisation others belong to; an organisation that is
 * theirs alone goes with them. Their person row stays as a tombstone without
 * anything personal, so that what their organisations keep (expenses, leads,
 * history) still names someone: "Deleted user".
 */
@injectable()
export class EraseAccount {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(PERSONAL_DATA_TOKENS.AccountErasure) private readonly erasure: AccountErasure,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.VerifiedCredentialCache) private readonly cache: VerifiedCredentialCache,
    @inject(AUTH_TOKENS.LoginThrottle) private readonly throttle: LoginThrottle,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
    @inject(FILE_REMOVAL_TOKENS.FileRemovalQueue) private readonly removals: FileRemovalQueue,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, command: EraseAccountCommand): Promise<void> {
    if (actor.apiKey) throw new PermissionDenied('API keys cannot be used for this operation.');
    const person = await this.people.findById(actor.personId);
    if (!person) throw new NotFound();
    await this.checkPassword(actor.personId, person.email, command);

    const picture = await this.unitOfWork.transaction(async () => {
      const locked = await this.people.findById(actor.personId, { forUpdate: true });
      if (!locked) throw new NotFound();
      const owned = await this.erasure.ownedOrganisations(locked.id);
      const shared = owned.filter((organisation) => organisation.otherMembers > 0);
      if (shared.length > 0) {
        const names = shared.map((organisation) => organisation.name).join(', ');
        throw new InUse(`You own organisations that have other members (${names}): remove their members or give them another owner before deleting your account.`);
      }
      const now = this.clock.now();
      for (const organisation of owned) {
        for (const file of await this.erasure.deleteOrganisation(organisation.id)) await this.removals.add(file.namespace, file.key, now);
      }
      const email = locked.email;
      const picture = locked.picture;
      await this.erasure.eraseBelongings(locked.id, email);
      locked.erase(now);
      await this.people.save(locked);
      await this.pictures.leave(picture);
      return picture;
    });
    this.cache.forgetPerson(actor.personId);
    await this.pictures.discard(picture);
    await this.erasure.forgetErased();
  }

  /** As a password change checks it: a wrong one is a failed login of the e-mail from the caller's address (429 past the limit). */
  private async checkPassword(personId: string, email: string, command: EraseAccountCommand): Promise<void> {
    const wait = await this.throttle.retryAfter(email, command.clientAddress);
    if (wait !== null) throw new Throttled(wait);
    const hash = await this.credentials.findPasswordHash(personId);
    if (!hash || !(await this.hasher.verify(command.currentPassword, hash))) {
      await this.throttle.recordFailure(email, command.clientAddress);
      throw ValidationFailed.field('current_password', 'Your current password was entered incorrectly.');
    }
  }
}
