import { inject, injectable } from 'inversify';
import { ProfileChanges } from '../../domain/person/person';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from './person.ports';
import { ProfileView, ProfileViews } from './profile-views';

/**
 * The caller edits their own profile. `is_owner` is not among the changes a
 * person can make: a role is granted by an organisation, never claimed.
 */
@injectable()
export class UpdateProfile {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ProfileViews) private readonly views: ProfileViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, changes: ProfileChanges): Promise<ProfileView> {
    const person = await this.unitOfWork.transaction(async () => {
      const person = await this.people.findById(actor.personId, { forUpdate: true });
      if (!person) throw new NotFound();
      person.updateProfile(changes, this.clock.now());
      await this.people.save(person);
      return person;
    });
    return this.views.of(person);
  }
}
