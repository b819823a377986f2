import { PROJECT_IN_USE } from '../../../application/project/project.kind';
import {
  Project,
  PROJECT_BUDGET,
  PROJECT_BUDGET_USED,
  PROJECT_CODE_MAX_LENGTH,
  PROJECT_FIGURES,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_STATUSES,
  ProjectSnapshot,
} from '../../../domain/project/project';
import { fieldsOf, NestedShape, nestedShape } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<ProjectSnapshot>();

/** The client a project is for, as its answer shows it. */
const CLIENT: NestedShape = nestedShape<{ uniqueId: string; name: string }>('ProjectClient', (n) => [n.uniqueId(), n.text('name')]);

/**
 * `/organisation/{org}/projects/` (issue 43): cost centres that expenses are
 * booked against, with a budget and what was spent of it. Its client and
 * manager written by unique_id (`client_id`, `manager_id`) and shown as the
 * records they name (`client`, `manager`).
 */
export const PROJECT_DECLARATION = declareResource<ProjectSnapshot>()({
  names: { one: 'project', many: 'projects' },
  schemaName: 'Project',
  tagDescription: 'Projects: cost centres for expenses, with budgets against actuals.',
  // The cost centres expenses are booked to.
  keyArea: 'expenses',
  tagAfter: 'Expenses',
  table: 'projects',
  restore: Project.restore,
  defaultOrdering: 'name',
  orderings: ['name', 'code', 'start_date', 'date_created'],
  filters: ['status', 'client_id', 'search'],
  searchDescription: 'Part of the name or the code, in any case.',
  fields: [
    f.uniqueId(),
    f.text('name', { max: PROJECT_NAME_MAX_LENGTH, required: true, folded: true, searched: true, ordering: true }),
    // Unique in the organisation whatever its case: by its folded key (`uq_projects_code`).
    f.text('code', { max: PROJECT_CODE_MAX_LENGTH, nullable: true, folded: true, searched: true, ordering: true }),
    f.text('description', { nullable: true }),
    f.choice('status', PROJECT_STATUSES, { display: true, filter: 'status', columnLength: 10 }),
    f.reference('clientId', 'clients', 'client_id', { nullable: true, writeOnly: true, filter: 'client_id', description: 'A client of the organisation, by unique_id.' }),
    f.derived('client', { type: 'summary', of: 'clientId', shape: CLIENT }, { nullable: true }),
    f.reference('managerId', 'persons', 'manager_id', { nullable: true, writeOnly: true, description: 'A member of the organisation, by unique_id.' }),
    f.derived('manager', { type: 'person' }, { compute: (project) => project.managerId }),
    f.decimal('budget', PROJECT_BUDGET, { nullable: true }),
    f.currency('budgetCurrency'),
    f.date('startDate', { nullable: true, ordering: true }),
    f.date('endDate', { nullable: true }),
    f.derived('spent', { type: 'decimal', limits: PROJECT_FIGURES }, { description: 'The total of its approved, paid and reimbursed expenses.' }),
    f.derived('committed', { type: 'decimal', limits: PROJECT_FIGURES }, { description: 'The total of its submitted expenses, not yet approved.' }),
    f.derived('remaining', { type: 'decimal', limits: PROJECT_FIGURES }, { nullable: true, description: '`budget − spent`; null without a budget.' }),
    f.derived('budgetUsed', { type: 'decimal', limits: PROJECT_BUDGET_USED }, {
      nullable: true,
      description: 'The share of the budget spent, in per cent (`spent / budget × 100`, to the hundredth); null without a budget or with a budget of zero.',
    }),
    f.person('createdById', 'created_by'),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    inUse: PROJECT_IN_USE,
    uniques: [
      { name: 'uq_projects_code', columns: ['organisation_id', 'code_key'] },
      // The target of the expenses' (organisation_id, project_id) foreign key.
      { name: 'uq_projects_organisation_id', columns: ['organisation_id', 'id'] },
    ],
    indices: [
      { name: 'ix_projects_org_name', columns: ['organisation_id', 'name_key', 'id'] },
      { name: 'ix_projects_org_status', columns: ['organisation_id', 'status', 'name_key', 'id'] },
      { name: 'ix_projects_org_client', columns: ['organisation_id', 'client_id', 'name_key', 'id'] },
      { name: 'ix_projects_org_start', columns: ['organisation_id', 'start_date', 'id'] },
      { name: 'ix_projects_org_created', columns: ['organisation_id', 'date_created', 'id'] },
    ],
  },
});
