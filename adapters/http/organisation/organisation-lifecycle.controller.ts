import { inject, injectable } from 'inversify';
import { CloseOrganisation, CloseOrganisationCommand } from '../../../application/organisation/close-organisation.use-case';
import { LeaveOrganisation } from '../../../application/organisation/leave-organisation.use-case';
import { RestoreOrganisation } from '../../../application/organisation/restore-organisation.use-case';
import { TransferOwnership, TransferOwnershipCommand } from '../../../application/organisation/transfer-ownership.use-case';
import { ORGANISATION_CLOSING_DECLARATION, OWNERSHIP_TRANSFER_DECLARATION } from '../../declaration/organisation/organisation-lifecycle.declaration';
import { inputClassOf } from '../declared/declared-input';
import { actorOf } from '../middleware/authentication';
import { answers } from '../shared/answers';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { Routes } from '../shared/routes';
import { MEMBER_SCHEMA, presentMember } from './members.presenter';
import { OWNER_ORGANISATION_SCHEMA, presentOwnerOrganisation } from './organisation.presenter';

const TransferInput = inputClassOf(OWNERSHIP_TRANSFER_DECLARATION.schemaName, OWNERSHIP_TRANSFER_DECLARATION.fields);
const ClosingInput = inputClassOf(ORGANISATION_CLOSING_DECLARATION.schemaName, ORGANISATION_CLOSING_DECLARATION.fields);

/**
 * An organisation's life beyond its settings: handing it over, leaving it,
 * closing it and taking the closing back (docs/decisions/organisation-lifecycle.md).
 * No API key may do any of these: they are its people's own acts.
 */
@injectable()
export class OrganisationLifecycleController implements HttpController {
  constructor(
    @inject(TransferOwnership) private readonly transferOwnership: TransferOwnership,
    @inject(LeaveOrganisation) private readonly leaveOrganisation: LeaveOrganisation,
    @inject(CloseOrganisation) private readonly closeOrganisation: CloseOrganisation,
    @inject(RestoreOrganisation) private readonly restoreOrganisation: RestoreOrganisation,
  ) {}

  register(routes: Routes): void {
    const organisation = `${API_PREFIX}/organisation/:org`;
    routes.add({
      method: 'POST',
      path: `${organisation}/transfer-ownership`,
      tag: 'Members',
      scope: 'never',
      summary: 'Transfer the ownership',
      description:
        'Makes another member (`person`: their unique_id) the owner, and the owner a member, at once; each change is a `member.role_changed` event. The owner only, with their `current_password` (a wrong one is a 400 on it and counts as a failed login); someone who is not a member is a 400 on `person`. Answers the new owner as the member list shows them.',
      body: { input: TransferInput, form: true },
      answers: [answers.ok(MEMBER_SCHEMA)],
      errors: [400, 403, 429],
      handle: async (ctx) => {
        const body = bindBody(ctx, TransferInput) as Omit<TransferOwnershipCommand, 'clientAddress'>;
        ctx.body = presentMember(await this.transferOwnership.execute(actorOf(ctx), ctx.params.org, { ...body, clientAddress: ctx.ip }));
      },
    });
    routes.add({
      method: 'POST',
      path: `${organisation}/leave`,
      tag: 'Members',
      scope: 'never',
      summary: 'Leave an organisation',
      description:
        'The caller leaves the organisation as if its owner removed them (`member.removed`; their API keys of it are revoked). The owner cannot leave (409): they transfer the ownership first. Their current organisation becomes the next of theirs.',
      answers: [answers.noContent()],
      errors: [409],
      handle: async (ctx) => {
        await this.leaveOrganisation.execute(actorOf(ctx), ctx.params.org);
        ctx.status = 204;
      },
    });
    routes.add({
      method: 'DELETE',
      path: organisation,
      tag: 'Organisations',
      scope: 'never',
      summary: 'Close an organisation',
      description:
        'Closes the organisation: from this moment every path of it is a 404 for all its members, the owner included, but for `restore/`; its data is deleted when `deletion_due_at` comes (`ORGANISATION_DELETION_GRACE_DAYS` later). The owner only, with their `current_password` (a wrong one is a 400 on it). Answers 202 with the organisation, its `closing_at` and `deletion_due_at` set.',
      body: { input: ClosingInput, form: true },
      answers: [{ status: 202, description: 'Accepted: closing, its data deleted when `deletion_due_at` comes', json: OWNER_ORGANISATION_SCHEMA }],
      errors: [400, 403, 409, 429],
      handle: async (ctx) => {
        const body = bindBody(ctx, ClosingInput) as Omit<CloseOrganisationCommand, 'clientAddress'>;
        const view = await this.closeOrganisation.execute(actorOf(ctx), ctx.params.org, { ...body, clientAddress: ctx.ip });
        ctx.status = 202;
        ctx.body = presentOwnerOrganisation(view, originOf(ctx));
      },
    });
    routes.add({
      method: 'POST',
      path: `${organisation}/restore`,
      tag: 'Organisations',
      scope: 'never',
      summary: 'Restore a closing organisation',
      description:
        'Takes the closing back before `deletion_due_at`: everything is as it was, for every member. The owner only (to anyone else a closing organisation is a 404); an organisation that is not closing is a 409.',
      answers: [answers.ok(OWNER_ORGANISATION_SCHEMA)],
      errors: [403, 409],
      handle: async (ctx) => {
        ctx.body = presentOwnerOrganisation(await this.restoreOrganisation.execute(actorOf(ctx), ctx.params.org), originOf(ctx));
      },
    });
  }
}
