import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { IncomingFile } from '../shared/incoming-file';
import { PictureFiles } from '../shared/picture-files';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from './person.ports';
import { ProfileView, ProfileViews } from './profile-views';

/** The caller sets their own profile picture; the one it replaces is removed once that is committed. */
@injectable()
export class ChangeProfilePicture {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
    @inject(ProfileViews) private readonly views: ProfileViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, file: IncomingFile): Promise<ProfileView> {
    const { person, replaced } = await this.pictures.storedAsPicture(actor.personId, file, (picture) =>
      this.unitOfWork.transaction(async () => {
        const person = await this.people.findById(actor.personId, { forUpdate: true });
        if (!person) throw new NotFound();
        const replaced = person.picture;
        person.changePicture(picture, this.clock.now());
        await this.people.save(person);
        await this.pictures.leave(replaced);
        return { person, replaced };
      }),
    );
    await this.pictures.discard(replaced);
    return this.views.of(person);
  }
}
