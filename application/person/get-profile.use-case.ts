import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { PERSON_TOKENS, ProfileReader } from './person.ports';
import { ProfileView, profileView } from './profile-views';

@injectable()
export class GetProfile {
  constructor(@inject(PERSON_TOKENS.ProfileReader) private readonly profiles: ProfileReader) {}

  async execute(actor: Actor): Promise<ProfileView> {
    const found = await this.profiles.read(actor.personId);
    if (!found) throw new NotFound();
    return profileView(found.person, found.current);
  }
}
