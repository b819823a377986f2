import { Readable } from 'node:stream';
import { inject, injectable } from 'inversify';
import { EraseAccount } from '../../../application/person/erase-account.use-case';
import { ExportPersonalData } from '../../../application/person/export-personal-data.use-case';
import { Clock, SHARED_TOKENS } from '../../../application/shared/ports';
import { clearSessionCookies } from '../auth/session-cookies';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { EraseAccountInput } from './personal-data.dto';
import { exportDocument, PERSONAL_DATA_SCHEMA } from './personal-data.presenter';

/** The caller's personal data (issue 47): `GET me/export/` and `DELETE me/`. No API key may call either. */
@injectable()
export class PersonalDataController implements HttpController {
  constructor(
    @inject(ExportPersonalData) private readonly exportData: ExportPersonalData,
    @inject(EraseAccount) private readonly eraseAccount: EraseAccount,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  register(routes: Routes): void {
    routes.add({
      method: 'GET',
      path: `${API_PREFIX}/me/export`,
      summary: 'Export my personal data',
      description:
        'Everything the service holds about the caller, in every organisation, as one JSON document to download: the profile with its bank and employee details in clear, memberships, the records that name the caller in one of their people fields (as their detail answers them, other people shown as null), the CSV imports they ran, the caller’s history entries, sessions (without tokens), API keys (as records, without secrets), notification preferences and the e-mails written to them. Written as it is read, page by page. No API key.',
      scope: 'never',
      answers: [{ ...answers.ok(PERSONAL_DATA_SCHEMA), headers: { 'Content-Disposition': true } }],
      handle: async (ctx) => {
        const data = await this.exportData.execute(actorOf(ctx));
        const now = this.clock.now();
        ctx.set('Content-Disposition', `attachment; filename="personal-data-${data.profile.person.uniqueId}-${now.toISOString().slice(0, 10)}.json"`);
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = Readable.from(exportDocument(data, originOf(ctx), now));
      },
    });
    routes.add({
      method: 'DELETE',
      path: `${API_PREFIX}/me`,
      summary: 'Delete my account',
      description:
        'Erases the caller’s account after checking `current_password` (a wrong one counts as a failed login, 429): their profile, picture, sessions, API keys, invitations, notification settings and e-mails, memberships, and the organisations they alone belong to. What their other organisations keep (expenses, leads, history) keeps its figures and names them "Deleted user". 409 while they own an organisation that has other members. The e-mail address may sign up again. No API key.',
      scope: 'never',
      body: { input: EraseAccountInput, form: true },
      answers: [answers.noContent({ 'Set-Cookie': true })],
      errors: [409],
      handle: async (ctx) => {
        const input = bindBody(ctx, EraseAccountInput);
        await this.eraseAccount.execute(actorOf(ctx), { currentPassword: input.currentPassword, clientAddress: ctx.ip });
        clearSessionCookies(ctx);
        ctx.status = 204;
      },
    });
  }
}
