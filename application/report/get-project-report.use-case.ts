import { inject, injectable } from 'inversify';
import { Project, ProjectSnapshot } from '../../domain/project/project';
import { ListRecords } from '../records/list-records.use-case';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { RecordFilters } from '../records/record.ports';
import { RecordView } from '../records/record-views';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';

/**
 * Budget against actual, a row per project (any member, as projects are
 * read): the project list itself, by name, filtered and paged as it is; each
 * project's figures are its view's, summed for the whole page in one query.
 */
@injectable()
export class GetProjectReport {
  private readonly projects: ListRecords<Project, ProjectSnapshot>;

  constructor(@inject(recordContextToken('project')) records: RecordContext<Project, ProjectSnapshot>) {
    this.projects = new ListRecords(records);
  }

  execute(actor: Actor, organisationUniqueId: string, filters: RecordFilters, page: PageRequest): Promise<Page<RecordView<ProjectSnapshot>>> {
    return this.projects.execute(actor, organisationUniqueId, { filters, ordering: { field: 'name', descending: false }, page });
  }
}
