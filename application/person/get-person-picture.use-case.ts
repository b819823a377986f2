import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { MembershipRepository, ORGANISATION_TOKENS } from '../organisation/organisation.ports';
import { Actor } from '../shared/actor';
import { PictureDownload, PictureFiles } from '../shared/picture-files';
import { PERSON_TOKENS, PersonRepository } from './person.ports';

/**
 * A person's picture goes to the audience of the person: themself, and whoever
 * is a member of an organisation they are a member of. Anyone else gets 404,
 * as for a person who does not exist or has no picture.
 */
@injectable()
export class GetPersonPicture {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
  ) {}

  async execute(actor: Actor, personUniqueId: string): Promise<PictureDownload> {
    const person = await this.people.findByUniqueId(personUniqueId);
    if (!person || !(await this.maySee(actor, person.id))) throw new NotFound();
    return this.pictures.download(person.picture);
  }

  private async maySee(actor: Actor, personId: string): Promise<boolean> {
    if (personId === actor.personId) return true;
    const [theirs, mine] = await Promise.all([this.memberships.listForPerson(personId), this.memberships.listForPerson(actor.personId)]);
    const shared = new Set(mine.map((membership) => membership.organisationId));
    return theirs.some((membership) => shared.has(membership.organisationId));
  }
}
