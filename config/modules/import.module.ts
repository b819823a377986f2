import { ContainerModule, ResolutionContext } from 'inversify';
import { declarationOf } from '../../adapters/declaration/declared-resources';
import { ImportController, ImportResource, ImportTarget } from '../../adapters/http/import/import.controller';
import { StoredImportRows } from '../../adapters/http/import/stored-import-rows';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryImportLog } from '../../adapters/persistence/in-memory/in-memory-import.log';
import { TypeOrmImportLog } from '../../adapters/persistence/typeorm/import/typeorm-import.log';
import { GetImport } from '../../application/import/get-import.use-case';
import { ImportRecords } from '../../application/import/import-records';
import { IMPORT_TOKENS, ImportLog } from '../../application/import/import.ports';
import { KeepImport } from '../../application/import/keep-import.use-case';
import { ListImports } from '../../application/import/list-imports.use-case';
import { QueueImport } from '../../application/import/queue-import.use-case';
import { RunImports } from '../../application/import/run-imports.use-case';
import { RecordContext } from '../../application/records/record-context';
import { recordContextToken } from '../../application/records/record-kind';
import { FILE_REMOVAL_TOKENS } from '../../application/shared/file-removals';
import { FILE_STORAGE_TOKENS, FileStorage } from '../../application/shared/file-storage';
import { HISTORY_TOKENS } from '../../application/shared/history';
import { SHARED_TOKENS } from '../../application/shared/ports';
import { EVENT_TOKENS } from '../../application/webhook/record-events';
import { AppConfig } from '../config';
import { Storage } from './storage';

/** The record kind each importable list writes, by its name in the request. */
const IMPORTED: Record<ImportResource, string> = { vendors: 'vendor', clients: 'client', leads: 'lead', accounts: 'account', contacts: 'contact' };

function targetsOf(context: ResolutionContext): Record<ImportResource, ImportTarget> {
  return Object.fromEntries(
    Object.entries(IMPORTED).map(([resource, model]): [string, ImportTarget] => [
      resource,
      { declaration: declarationOf(model), records: new ImportRecords(context.get<RecordContext<never, never>>(recordContextToken(model))) },
    ]),
  ) as Record<ImportResource, ImportTarget>;
}

/** CSV imports, through the record context of each list they write to; the imports kept; their background worker's rounds. */
export function importModule(storage: Storage, config: Pick<AppConfig, 'importSyncMaxRows'>): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') bind(IMPORT_TOKENS.ImportLog).to(TypeOrmImportLog).inSingletonScope();
    else bind(IMPORT_TOKENS.ImportLog).toConstantValue(new InMemoryImportLog());
    bind(KeepImport).toSelf().inSingletonScope();
    bind(GetImport).toSelf().inSingletonScope();
    bind(ListImports).toSelf().inSingletonScope();
    bind(QueueImport).toSelf().inSingletonScope();
    bind(IMPORT_TOKENS.ImportRowSource)
      .toDynamicValue((context) => {
        const declarations = Object.fromEntries(Object.entries(IMPORTED).map(([resource, model]) => [resource, declarationOf(model)]));
        return new StoredImportRows(context.get<FileStorage>(FILE_STORAGE_TOKENS.Imports), declarations);
      })
      .inSingletonScope();
    bind(RunImports)
      .toDynamicValue((context) => {
        const targets = targetsOf(context);
        return new RunImports({
          log: context.get<ImportLog>(IMPORT_TOKENS.ImportLog),
          source: context.get(IMPORT_TOKENS.ImportRowSource),
          targets: Object.fromEntries(Object.entries(targets).map(([resource, target]) => [resource, target.records])),
          unitOfWork: context.get(SHARED_TOKENS.UnitOfWork),
          acting: context.get(HISTORY_TOKENS.ActingContext),
          events: context.get(EVENT_TOKENS.RecordEvents),
          files: context.get(FILE_STORAGE_TOKENS.Imports),
          removals: context.get(FILE_REMOVAL_TOKENS.FileRemovalQueue),
          clock: context.get(SHARED_TOKENS.Clock),
          ids: context.get(SHARED_TOKENS.IdGenerator),
        });
      })
      .inSingletonScope();
    bind(HTTP_TOKENS.Controller)
      .toDynamicValue((context: ResolutionContext) =>
        new ImportController(targetsOf(context), context.get(KeepImport), context.get(GetImport), context.get(QueueImport), context.get(ListImports), config.importSyncMaxRows),
      )
      .inSingletonScope();
  });
}
