import { ContainerModule } from 'inversify';
import { PersonalDataController } from '../../adapters/http/person/personal-data.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { TypeOrmAccountErasure } from '../../adapters/persistence/typeorm/person/typeorm-account-erasure';
import { TypeOrmPersonalDataReader } from '../../adapters/persistence/typeorm/person/typeorm-personal-data.reader';
import { PERSONAL_DATA_TOKENS } from '../../application/person/personal-data.ports';
import { Storage } from './storage';

/**
 * The personal data's export and the account's erasure (issue 47): SQL over
 * every table, so served on a database only (the in-memory storage of the
 * use-case tests has no such routes).
 */
export function personalDataModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind !== 'typeorm') return;
    bind(PERSONAL_DATA_TOKENS.AccountErasure).to(TypeOrmAccountErasure).inSingletonScope();
    bind(PERSONAL_DATA_TOKENS.PersonalDataReader).to(TypeOrmPersonalDataReader).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(PersonalDataController).inSingletonScope();
  });
}
