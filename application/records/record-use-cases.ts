import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { CreateRecord } from './create-record.use-case';
import { DeleteRecord } from './delete-record.use-case';
import { GetRecord } from './get-record.use-case';
import { ListRecords } from './list-records.use-case';
import { RecordContext } from './record-context';
import { KeptRecord } from './record-kind';
import { UpdateRecord } from './update-record.use-case';

/** The five use cases of a kind, configured with its context. */
export function recordUseCases<T extends KeptRecord<S>, S extends OrganisationRecordState>(context: RecordContext<T, S>) {
  return {
    list: new ListRecords(context),
    create: new CreateRecord(context),
    get: new GetRecord(context),
    update: new UpdateRecord(context),
    delete: new DeleteRecord(context),
  };
}
