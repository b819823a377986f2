import { inject, injectable } from 'inversify';
import { PermissionDenied } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { GetProfile } from './get-profile.use-case';
import { ExportPiece, PERSONAL_DATA_TOKENS, PersonalDataReader } from './personal-data.ports';
import { ProfileView } from './profile-views';

export interface PersonalDataExport {
  /** The profile, bank and employee details in clear (they are the caller's own). */
  profile: ProfileView;
  /** The rest, read page by page as it is written out. */
  pieces: AsyncIterable<ExportPiece>;
}

/** `GET me/export/`: everything the service holds about the caller, in every organisation (issue 47). */
@injectable()
export class ExportPersonalData {
  constructor(
    @inject(GetProfile) private readonly getProfile: GetProfile,
    @inject(PERSONAL_DATA_TOKENS.PersonalDataReader) private readonly reader: PersonalDataReader,
  ) {}

  async execute(actor: Actor): Promise<PersonalDataExport> {
    // An integration's key acts for the person in one organisation; their whole data is theirs to ask for alone.
    if (actor.apiKey) throw new PermissionDenied('API keys cannot be used for this operation.');
    return { profile: await this.getProfile.execute(actor), pieces: this.reader.read(actor.personId) };
  }
}
