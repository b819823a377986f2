import { ContainerModule, ResolutionContext } from 'inversify';
import { declarationOf } from '../../adapters/declaration/declared-resources';
import { ImportController, ImportResource, ImportTarget } from '../../adapters/http/import/import.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryImportLog } from '../../adapters/persistence/in-memory/in-memory-import.log';
import { TypeOrmImportLog } from '../../adapters/persistence/typeorm/import/typeorm-import.log';
import { GetImport } from '../../application/import/get-import.use-case';
import { ImportRecords } from '../../application/import/import-records';
import { IMPORT_TOKENS } from '../../application/import/import.ports';
import { KeepImport } from '../../application/import/keep-import.use-case';
import { RecordContext } from '../../application/records/record-context';
import { recordContextToken } from '../../application/records/record-kind';
import { Storage } from './storage';

/** The record kind each importable list writes, by its name in the request. */
const IMPORTED: Record<ImportResource, string> = { vendors: 'vendor', clients: 'client', leads: 'lead', accounts: 'account', contacts: 'contact' };

/** CSV imports, through the record context of each list they write to, and the imports kept. */
export function importModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') bind(IMPORT_TOKENS.ImportLog).to(TypeOrmImportLog).inSingletonScope();
    else bind(IMPORT_TOKENS.ImportLog).toConstantValue(new InMemoryImportLog());
    bind(KeepImport).toSelf().inSingletonScope();
    bind(GetImport).toSelf().inSingletonScope();
    bind(HTTP_TOKENS.Controller)
      .toDynamicValue((context: ResolutionContext) => {
        const targets = Object.fromEntries(
          Object.entries(IMPORTED).map(([resource, model]): [string, ImportTarget] => [
            resource,
            { declaration: declarationOf(model), records: new ImportRecords(context.get<RecordContext<never, never>>(recordContextToken(model))) },
          ]),
        ) as Record<ImportResource, ImportTarget>;
        return new ImportController(targets, context.get(KeepImport), context.get(GetImport));
      })
      .inSingletonScope();
  });
}
