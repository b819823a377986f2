import { EventSubject } from '../../../application/webhook/record-events';
import { EventPayloads } from '../../../application/webhook/webhook.ports';
import { presentImportSummary } from '../import/import.presenter';
import { presentMember } from '../organisation/members.presenter';
import { declarationOf } from '../../declaration/declared-resources';
import { presenterOf } from '../declared/declared-presenter';

/**
 * An event's `data` is the record as the API's detail answer presents it,
 * written by the same presenters. Links in it (an expense's receipt) start
 * with the service's public origin, as no request is there to give one.
 */
export class PresentedEventPayloads implements EventPayloads {
  constructor(private readonly origin: string) {}

  present(subject: EventSubject): object {
    if ('declared' in subject) return presenterOf(declarationOf(subject.model))(subject.view, this.origin);
    switch (subject.model) {
      case 'member':
        return presentMember(subject.view);
      case 'import':
        // The import's body without its bad rows: those are read from its `errors/` list.
        return presentImportSummary(subject.view);
    }
  }
}
