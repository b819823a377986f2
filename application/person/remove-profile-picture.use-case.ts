import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { PictureFiles } from '../shared/picture-files';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from './person.ports';

/** The caller removes their profile picture (none to remove is no error); its file goes after commit. */
@injectable()
export class RemoveProfilePicture {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor): Promise<void> {
    const removed = await this.unitOfWork.transaction(async () => {
      const person = await this.people.findById(actor.personId, { forUpdate: true });
      if (!person) throw new NotFound();
      const removed = person.picture;
      if (!removed) return null;
      person.removePicture(this.clock.now());
      await this.people.save(person);
      await this.pictures.leave(removed);
      return removed;
    });
    await this.pictures.discard(removed);
  }
}
