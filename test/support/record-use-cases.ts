import { Container } from 'inversify';
import { RecordContext } from '../../application/records/record-context';
import { KeptRecord, recordContextToken } from '../../application/records/record-kind';
import { recordUseCases } from '../../application/records/record-use-cases';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';

/** The five use cases of a declared kind (`vendor`), as its controller runs them. */
export function useCasesOf<T extends KeptRecord<S>, S extends OrganisationRecordState>(container: Container, model: string) {
  return recordUseCases(container.get<RecordContext<T, S>>(recordContextToken(model)));
}
