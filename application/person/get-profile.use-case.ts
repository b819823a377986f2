import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { PERSON_TOKENS, PersonRepository } from './person.ports';
import { ProfileView, ProfileViews } from './profile-views';

@injectable()
export class GetProfile {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ProfileViews) private readonly views: ProfileViews,
  ) {}

  async execute(actor: Actor): Promise<ProfileView> {
    const person = await this.people.findById(actor.personId);
    if (!person) throw new NotFound();
    return this.views.of(person);
  }
}
