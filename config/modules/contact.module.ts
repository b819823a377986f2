import { ContainerModule } from 'inversify';
import { ContactGroupController } from '../../adapters/http/contact/contact-group.controller';
import { ContactController } from '../../adapters/http/contact/contact.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import {
  InMemoryContactGroupRepository,
  InMemoryContactRepository,
} from '../../adapters/persistence/in-memory/in-memory-contact.repository';
import { TypeOrmContactGroupRepository } from '../../adapters/persistence/typeorm/contact/typeorm-contact-group.repository';
import { TypeOrmContactRepository } from '../../adapters/persistence/typeorm/contact/typeorm-contact.repository';
import { CONTACT_TOKENS } from '../../application/contact/contact.ports';
import { Storage } from './storage';

/** Contact groups and the contacts inside them. */
export function contactModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(CONTACT_TOKENS.ContactGroupRepository).to(TypeOrmContactGroupRepository).inSingletonScope();
      bind(CONTACT_TOKENS.ContactRepository).to(TypeOrmContactRepository).inSingletonScope();
    } else {
      bind(CONTACT_TOKENS.ContactGroupRepository).toConstantValue(new InMemoryContactGroupRepository());
      bind(CONTACT_TOKENS.ContactRepository).toConstantValue(new InMemoryContactRepository());
    }
    bind(HTTP_TOKENS.Controller).to(ContactGroupController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(ContactController).inSingletonScope();
  });
}
