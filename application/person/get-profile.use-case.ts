import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { takePrereadProfile } from '../shared/preread';
import { PERSON_TOKENS, ProfileReader } from './person.ports';
import { ProfileView, profileView } from './profile-views';

@injectable()
export class GetProfile {
  constructor(
    @inject(PERSON_TOKENS.ProfileReader) private readonly profiles: ProfileReader,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor): Promise<ProfileView> {
    const preread = takePrereadProfile(actor.preread, this.unitOfWork);
    const found = preread !== undefined ? preread : await this.profiles.read(actor.personId);
    if (!found) throw new NotFound();
    return profileView(found.person, found.current);
  }
}
