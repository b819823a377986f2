import { ContainerModule } from 'inversify';
import { CONTACT_GROUP_DECLARATION } from '../../adapters/declaration/contact/contact-group.declaration';
import { CONTACT_DECLARATION } from '../../adapters/declaration/contact/contact.declaration';
import { InMemoryContactRepository } from '../../adapters/persistence/in-memory/in-memory-contact.repository';
import { TypeOrmContactRepository } from '../../adapters/persistence/typeorm/contact/typeorm-contact.repository';
import { contactGroupKind } from '../../application/contact/contact-group.kind';
import { contactKind } from '../../application/contact/contact.kind';
import { CONTACT_TOKENS, ContactGroupRepository, ContactRepository } from '../../application/contact/contact.ports';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Contact groups, declared; the contacts' storage counts what each holds. */
export function contactGroupModule(storage: Storage): ContainerModule {
  return declaredResourceModule(storage, {
    declaration: CONTACT_GROUP_DECLARATION,
    kind: (context) => contactGroupKind(context.get<ContactRepository>(CONTACT_TOKENS.ContactRepository)),
    repositoryToken: CONTACT_TOKENS.ContactGroupRepository,
  });
}

/** The contacts inside contact groups, declared, reached through their group; their storage has two queries of its own. */
export function contactModule(storage: Storage): ContainerModule {
  return declaredResourceModule(storage, {
    declaration: CONTACT_DECLARATION,
    kind: (context) =>
      contactKind(context.get<ContactRepository>(CONTACT_TOKENS.ContactRepository), context.get<ContactGroupRepository>(CONTACT_TOKENS.ContactGroupRepository)),
    repositoryToken: CONTACT_TOKENS.ContactRepository,
    repositories: { typeorm: TypeOrmContactRepository, memory: () => new InMemoryContactRepository() },
  });
}
