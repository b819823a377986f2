import { ContainerModule } from 'inversify';
import { PROJECT_DECLARATION } from '../../adapters/declaration/project/project.declaration';
import { CLIENT_TOKENS } from '../../application/client/client.kind';
import { EXPENSE_TOKENS } from '../../application/expense/expense.ports';
import { PERSON_TOKENS } from '../../application/person/person.ports';
import { PROJECT_TOKENS, projectKind } from '../../application/project/project.kind';
import { ReferencedRecords } from '../../application/records/record-kind';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Projects, which name a client and a manager; the expenses' storage sums what each spent and answers whether one is in use. */
export function projectModule(storage: Storage): ContainerModule {
  return declaredResourceModule(
    storage,
    {
      declaration: PROJECT_DECLARATION,
      kind: (context) =>
        projectKind(
          { clients: context.get<ReferencedRecords>(CLIENT_TOKENS.ClientRepository), people: context.get(PERSON_TOKENS.PersonRepository) },
          context.get(PROJECT_TOKENS.ProjectExpenses),
        ),
      repositoryToken: PROJECT_TOKENS.ProjectRepository,
    },
    ({ bind }) => {
      bind(PROJECT_TOKENS.ProjectExpenses).toService(EXPENSE_TOKENS.ExpenseRepository);
    },
  );
}
