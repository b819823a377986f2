import { Project, ProjectChanges, ProjectSnapshot, ProjectSpending } from '../../domain/project/project';
import { Decimal } from '../../domain/shared/decimal';
import { InUse } from '../../domain/shared/errors';
import { PersonRepository } from '../person/person.ports';
import { RecordKind, ReferencedRecords } from '../records/record-kind';
import { RecordRepository } from '../records/record.ports';

export type ProjectRepository = RecordRepository<Project>;

/** What the expenses' storage answers about the projects they name. */
export interface ProjectExpenses {
  /** Whether any expense names the project. */
  isProjectUsed(organisationId: string, projectId: string): Promise<boolean>;
  /** The spent and committed totals of each project among `projectIds` that expenses name, summed by the storage: a project absent has none. */
  spendingByProject(organisationId: string, projectIds: readonly string[]): Promise<Map<string, ProjectSpending>>;
}

export const PROJECT_TOKENS = {
  ProjectRepository: Symbol.for('ProjectRepository'),
  ProjectExpenses: Symbol.for('ProjectExpenses'),
} as const;

export const PROJECT_IN_USE = 'This project is named by expenses; move those expenses to another project or set it completed or cancelled instead.';

export type NewProjectCommand = ProjectChanges & { name: string };

/** Where a project's references are found: the organisation's clients and members. */
export interface ProjectReferences {
  clients: ReferencedRecords;
  people: PersonRepository;
}

const NOTHING_SPENT: ProjectSpending = { spent: Decimal.zero(2), committed: Decimal.zero(2) };

/**
 * Projects (issue 43): members read them, owners create, change and delete
 * them; the caller is their creator, a budget without a currency is in the
 * organisation's default currency. Each view shows what its expenses spent
 * and committed, summed for a whole page in one query. One that expenses name
 * stays (409 `in_use`).
 */
export function projectKind(references: ProjectReferences, expenses: ProjectExpenses): RecordKind<Project, ProjectSnapshot, NewProjectCommand, ProjectChanges> {
  const { clients, people } = references;
  return {
    names: { one: 'project', many: 'projects' },
    roles: { read: 'member', write: 'owner' },
    events: true,
    references: {
      clientId: clients,
      // The manager is a member of the organisation.
      managerId: {
        findByUniqueId: (organisationId, uniqueId) => people.findMemberByUniqueId(organisationId, uniqueId),
        findByIds: (_organisationId, ids) => people.findByIds(ids),
      },
    },
    create: (command, { id, uniqueId, organisation, actor, now }) =>
      Project.create(
        Object.assign({}, command, { id, uniqueId, organisationId: organisation.id, defaultCurrency: organisation.defaultCurrency, createdById: actor.personId, now }),
      ),
    update: (project, changes, now) => project.update(changes, now),
    annotate: async (projects, { organisation }) => {
      const spending = projects.length === 0 ? new Map<string, ProjectSpending>() : await expenses.spendingByProject(organisation.id, projects.map((project) => project.id));
      return projects.map((project) => ({ ...project.figures(spending.get(project.id) ?? NOTHING_SPENT) }));
    },
    beforeDelete: async (organisationId, project) => {
      if (await expenses.isProjectUsed(organisationId, project.id)) throw new InUse(PROJECT_IN_USE);
    },
  };
}
