import { inject, injectable } from 'inversify';
import { InUse, NotFound, PermissionDenied } from '../../domain/shared/errors';
import { AUTH_TOKENS, VerifiedCredentialCache } from '../auth/auth.ports';
import { PasswordConfirmation } from '../auth/password-confirmation';
import { ClosedOrganisationPurge, ORGANISATION_TOKENS } from '../organisation/organisation.ports';
import { Actor } from '../shared/actor';
import { FILE_REMOVAL_TOKENS, FileRemovalQueue } from '../shared/file-removals';
import { PictureFiles } from '../shared/picture-files';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from './person.ports';
import { AccountErasure, PERSONAL_DATA_TOKENS } from './personal-data.ports';

/** Rows deleted a statement while an organisation goes with its erased owner (all in the erasure's transaction). */
const ERASURE_BATCH = 5_000;

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
    @inject(ORGANISATION_TOKENS.ClosedOrganisationPurge) private readonly purge: ClosedOrganisationPurge,
    @inject(PasswordConfirmation) private readonly password: PasswordConfirmation,
    @inject(AUTH_TOKENS.VerifiedCredentialCache) private readonly cache: VerifiedCredentialCache,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
    @inject(FILE_REMOVAL_TOKENS.FileRemovalQueue) private readonly removals: FileRemovalQueue,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, command: EraseAccountCommand): Promise<void> {
    if (actor.apiKey) throw new PermissionDenied('API keys cannot be used for this operation.');
    await this.password.confirm(actor.personId, command.currentPassword, command.clientAddress);

    const picture = await this.unitOfWork.transaction(async () => {
      const locked = await this.people.findById(actor.personId, { forUpdate: true });
      if (!locked) throw new NotFound();
      const owned = await this.erasure.ownedOrganisations(locked.id);
      const shared = owned.filter((organisation) => organisation.otherMembers > 0);
      if (shared.length > 0) {
        const names = shared.map((organisation) => organisation.name).join(', ');
        throw new InUse(`You own organisations that have other members (${names}): transfer their ownership to another member (transfer-ownership) or remove their members before deleting your account.`);
      }
      const now = this.clock.now();
      // Deleted as a closed organisation is after its grace period (one mechanism, one list of its tables), at once.
      for (const organisation of owned) {
        for (let finished = false; !finished; ) {
          const batch = await this.purge.deleteBatch(organisation.id, ERASURE_BATCH);
          for (const file of batch.files) await this.removals.add(file.namespace, file.key, now);
          finished = batch.finished;
        }
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
}
