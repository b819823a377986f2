import { ContainerModule, ResolutionContext } from 'inversify';
import { declarationOf } from '../../adapters/declaration/declared-resources';
import { ImportController, ImportResource, ImportTarget } from '../../adapters/http/import/import.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { ImportRecords } from '../../application/import/import-records';
import { RecordContext } from '../../application/records/record-context';
import { recordContextToken } from '../../application/records/record-kind';

/** The record kind each importable list writes, by its name in the request. */
const IMPORTED: Record<ImportResource, string> = { vendors: 'vendor', clients: 'client', leads: 'lead', accounts: 'account', contacts: 'contact' };

/** CSV imports, through the record context of each list they write to. */
export function importModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(HTTP_TOKENS.Controller)
      .toDynamicValue((context: ResolutionContext) => {
        const targets = Object.fromEntries(
          Object.entries(IMPORTED).map(([resource, model]): [string, ImportTarget] => [
            resource,
            { declaration: declarationOf(model), records: new ImportRecords(context.get<RecordContext<never, never>>(recordContextToken(model))) },
          ]),
        ) as Record<ImportResource, ImportTarget>;
        return new ImportController(targets);
      })
      .inSingletonScope();
  });
}
