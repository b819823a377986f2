import { ContainerModule } from 'inversify';
import { CONTACT_GROUP_DECLARATION } from '../../adapters/declaration/contact/contact-group.declaration';
import { ContactController } from '../../adapters/http/contact/contact.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryContactRepository } from '../../adapters/persistence/in-memory/in-memory-contact.repository';
import { TypeOrmContactRepository } from '../../adapters/persistence/typeorm/contact/typeorm-contact.repository';
import { contactGroupKind, ContactGroupContents } from '../../application/contact/contact-group.kind';
import { CONTACT_TOKENS } from '../../application/contact/contact.ports';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Contact groups, declared; the contacts' storage counts what each holds. */
export function contactGroupModule(storage: Storage): ContainerModule {
  return declaredResourceModule(storage, {
    declaration: CONTACT_GROUP_DECLARATION,
    kind: (context) => contactGroupKind(context.get<ContactGroupContents>(CONTACT_TOKENS.ContactRepository)),
    repositoryToken: CONTACT_TOKENS.ContactGroupRepository,
  });
}

/** The contacts inside contact groups. */
export function contactModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(CONTACT_TOKENS.ContactRepository).to(TypeOrmContactRepository).inSingletonScope();
    } else {
      bind(CONTACT_TOKENS.ContactRepository).toConstantValue(new InMemoryContactRepository());
    }
    bind(HTTP_TOKENS.Controller).to(ContactController).inSingletonScope();
  });
}
