import { inject, injectable } from 'inversify';
import { ActivityFilters } from '../../../application/shared/history';
import { ListActivity } from '../../../application/shared/list-history.use-case';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { HISTORY_ENTRY_SCHEMA, presentHistoryEntry } from '../shared/history.presenter';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { Input } from '../validation/input';
import { filters, readFiltered, sendPage } from '../validation/query';

/** The activity list's filters: a model, an actor (unique_id), and calendar days in UTC, both ends included. */
export class ActivityFilterInput {
  @Input('model', filters.text(), { description: 'A record kind: account, expense, sales_stage, client, lead, vendor, contact_group or contact.' })
  model?: string;
  @Input('actor', filters.text(), { description: "The unique_id of the person who made the change." }) actor?: string;
  @Input('from_date', filters.date()) fromDate?: CalendarDate;
  @Input('to_date', filters.date()) toDate?: CalendarDate;
}

const DAY_MS = 86_400_000;

/** `GET organisation/{org}/activity/`: the organisation's history across records, newest first, for its owner. */
@injectable()
export class ActivityController implements HttpController {
  constructor(@inject(ListActivity) private readonly listActivity: ListActivity) {}

  register(routes: Routes): void {
    routes.add({
      method: 'GET',
      path: `${API_PREFIX}/organisation/:org/activity`,
      summary: 'Organisation activity',
      description: 'Every change to the records of the organisation, newest first, filtered by model, actor and days. The owner only.',
      list: { filters: ActivityFilterInput },
      answers: [answers.page(HISTORY_ENTRY_SCHEMA)],
      errors: [403], // owners only
      handle: async (ctx) => {
        const { filters: query, page } = readFiltered(ctx, ActivityFilterInput);
        const wanted: ActivityFilters = {
          model: query.model,
          actorUniqueId: query.actor,
          from: query.fromDate && midnight(query.fromDate),
          to: query.toDate && new Date(midnight(query.toDate).getTime() + DAY_MS),
        };
        sendPage(ctx, await this.listActivity.execute(actorOf(ctx), ctx.params.org, wanted, page), page, presentHistoryEntry);
      },
    });
  }
}

function midnight(day: CalendarDate): Date {
  return new Date(`${day.toString()}T00:00:00.000Z`);
}
