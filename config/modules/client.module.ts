import { ContainerModule } from 'inversify';
import { CLIENT_DECLARATION } from '../../adapters/declaration/client/client.declaration';
import { CLIENT_TOKENS, clientKind, ClientReferences } from '../../application/client/client.kind';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Clients. Whether leads still name one is bound by the sales module (ClientReferences). */
export function clientModule(storage: Storage): ContainerModule {
  return declaredResourceModule(storage, {
    declaration: CLIENT_DECLARATION,
    kind: (context) => clientKind(context.get<ClientReferences>(CLIENT_TOKENS.ClientReferences)),
    repositoryToken: CLIENT_TOKENS.ClientRepository,
  });
}
