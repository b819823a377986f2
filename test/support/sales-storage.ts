import { randomBytes } from 'node:crypto';
import { InMemoryLeadRepository } from '../../adapters/persistence/in-memory/in-memory-lead.repository';
import { InMemoryMembershipRepository, InMemoryOrganisationRepository } from '../../adapters/persistence/in-memory/in-memory-organisation.repository';
import { InMemoryPersonRepository } from '../../adapters/persistence/in-memory/in-memory-person.repository';
import { InMemorySalesStageRepository } from '../../adapters/persistence/in-memory/in-memory-sales-stage.repository';
import { InMemoryDeclaredRecords } from '../../adapters/persistence/in-memory/in-memory-declared-records';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine/database';
import { TypeOrmLeadRepository } from '../../adapters/persistence/typeorm/lead/typeorm-lead.repository';
import { TypeOrmOrganisationRepository } from '../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmSalesStageRepository } from '../../adapters/persistence/typeorm/sales-stage/typeorm-sales-stage.repository';
import { TypeOrmDeclaredRecords } from '../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { VENDOR_DECLARATION } from '../../adapters/declaration/supplier/vendor.declaration';
import { CLIENT_DECLARATION } from '../../adapters/declaration/client/client.declaration';
import { AesGcmSecretBox } from '../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../adapters/system/uuid-v7-generator';
import { ClientReferences, ClientRepository } from '../../application/client/client.kind';
import { LeadRepository } from '../../application/lead/lead.kind';
import { OrganisationRepository } from '../../application/organisation/organisation.ports';
import { PersonRepository } from '../../application/person/person.ports';
import { SalesStageReferences, SalesStageRepository } from '../../application/sales-stage/sales-stage.ports';
import { VendorRepository } from '../../application/supplier/vendor.kind';
import { Client } from '../../domain/client/client';
import { Organisation } from '../../domain/organisation/organisation';
import { Person } from '../../domain/person/person';
import { Vendor } from '../../domain/supplier/vendor';

/** The repositories of sales stages, clients, leads and vendors on one storage target. */
export interface SalesStorage {
  stages: SalesStageRepository;
  clients: ClientRepository;
  leads: LeadRepository & SalesStageReferences & ClientReferences;
  vendors: VendorRepository;
  /** A person and an organisation they own, which the records of a test belong to. */
  anOrganisation(): Promise<{ organisationId: string; personId: string }>;
}

export const ids = new UuidV7Generator();

export function salesStorage(database: TypeOrmDatabase | null): SalesStorage {
  const box = new AesGcmSecretBox(randomBytes(32));
  let people: PersonRepository;
  let organisations: OrganisationRepository;
  let storage: Omit<SalesStorage, 'anOrganisation'>;
  if (database) {
    people = new TypeOrmPersonRepository(database, box);
    organisations = new TypeOrmOrganisationRepository(database, box);
    storage = {
      stages: new TypeOrmSalesStageRepository(database, box),
      clients: new TypeOrmDeclaredRecords<Client>(database, box, CLIENT_DECLARATION),
      leads: new TypeOrmLeadRepository(database, box),
      vendors: new TypeOrmDeclaredRecords<Vendor>(database, box, VENDOR_DECLARATION),
    };
  } else {
    const memberships = new InMemoryMembershipRepository();
    people = new InMemoryPersonRepository(memberships);
    organisations = new InMemoryOrganisationRepository(memberships, people);
    storage = {
      stages: new InMemorySalesStageRepository(),
      clients: new InMemoryDeclaredRecords<Client>(CLIENT_DECLARATION),
      leads: new InMemoryLeadRepository(),
      vendors: new InMemoryDeclaredRecords<Vendor>(VENDOR_DECLARATION),
    };
  }
  return {
    ...storage,
    async anOrganisation() {
      const now = new Date('2026-01-01T00:00:00.000Z');
      const personId = ids.next();
      await people.save(
        Person.register({ id: personId, uniqueId: personId, email: `${personId}@example.com`, firstName: 'Ada', lastName: 'Lovelace', now }),
      );
      const organisationId = ids.next();
      await organisations.save(Organisation.found({ id: organisationId, uniqueId: organisationId, name: 'Acme', ownerId: personId, now }));
      return { organisationId, personId };
    },
  };
}
