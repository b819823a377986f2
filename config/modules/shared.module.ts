import { actingContext } from '../../adapters/system/acting-context';
import { ContainerModule } from 'inversify';
import { InMemoryUnitOfWork } from '../../adapters/persistence/in-memory/in-memory-unit-of-work';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency.store';
import { TypeOrmIdempotencyStore } from '../../adapters/persistence/typeorm/typeorm-idempotency.store';
import { IDEMPOTENCY_TOKENS } from '../../application/shared/idempotency';
import { FILE_REMOVAL_TOKENS } from '../../application/shared/file-removals';
import { InMemoryFileRemovals } from '../../adapters/persistence/in-memory/in-memory-file-removals';
import { TypeOrmFileRemovals } from '../../adapters/persistence/typeorm/typeorm-file-removals';
import { HISTORY_TOKENS } from '../../application/shared/history';
import { InMemoryHistoryReader } from '../../adapters/persistence/in-memory/in-memory-history.reader';
import { TypeOrmHistoryReader } from '../../adapters/persistence/typeorm/typeorm-history.reader';
import { ApiDocsController } from '../../adapters/http/openapi/api-docs.controller';
import { AuthGuard, HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { Clock, IdGenerator, SecretBox, SHARED_TOKENS } from '../../application/shared/ports';
import { Storage } from './storage';

export function sharedModule(storage: Storage, clock: Clock, ids: IdGenerator, secretBox: SecretBox): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SHARED_TOKENS.Clock).toConstantValue(clock);
    bind(SHARED_TOKENS.IdGenerator).toConstantValue(ids);
    bind(SHARED_TOKENS.SecretBox).toConstantValue(secretBox);
    bind(HISTORY_TOKENS.ActingContext).toConstantValue(actingContext);
    if (storage.kind === 'typeorm') {
      bind(TypeOrmDatabase).toConstantValue(storage.database);
      bind(SHARED_TOKENS.UnitOfWork).toConstantValue(storage.database);
      bind(IDEMPOTENCY_TOKENS.IdempotencyStore).to(TypeOrmIdempotencyStore).inSingletonScope();
      bind(FILE_REMOVAL_TOKENS.FileRemovalQueue).to(TypeOrmFileRemovals).inSingletonScope();
      bind(HISTORY_TOKENS.HistoryReader).to(TypeOrmHistoryReader).inSingletonScope();
    } else {
      bind(SHARED_TOKENS.UnitOfWork).toConstantValue(new InMemoryUnitOfWork());
      bind(IDEMPOTENCY_TOKENS.IdempotencyStore).toConstantValue(new InMemoryIdempotencyStore());
      bind(FILE_REMOVAL_TOKENS.FileRemovalQueue).toConstantValue(new InMemoryFileRemovals());
      bind(HISTORY_TOKENS.HistoryReader).toConstantValue(new InMemoryHistoryReader());
    }
    bind(AuthGuard).toSelf().inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(ApiDocsController).inSingletonScope();
  });
}
