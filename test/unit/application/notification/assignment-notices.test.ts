import { NOTIFICATION_TOKENS, NotificationQueue } from '../../../../application/notification/notification.ports';
import { Actor } from '../../../../application/shared/actor';
import { inMemoryApp, InMemoryApp } from '../../../support/in-memory-container';
import { useCasesOf } from '../../../support/record-use-cases';

/** The e-mails written to `actor`, oldest first, as kind and record. */
async function mailsTo(app: InMemoryApp, actor: Actor): Promise<[string, string][]> {
  const page = await app.container.get<NotificationQueue>(NOTIFICATION_TOKENS.NotificationQueue).listFor(actor.personId, { page: 1, pageSize: 100 });
  return page.items.map((delivery) => [delivery.kind, delivery.recordUniqueId] as [string, string]).reverse();
}

describe('the e-mail to the member a vendor is assigned to (use cases on in-memory adapters)', () => {
  let app: InMemoryApp;
  let owner: Actor;
  let member: Actor;
  let org: string;
  const vendors = () => useCasesOf(app.container, 'vendor');
  const uniqueIdOf = (actor: Actor) => `person-${actor.personId}`; // as inMemoryApp registers people

  beforeEach(async () => {
    app = await inMemoryApp();
    owner = await app.aPerson('Olive');
    member = await app.aPerson('Mo');
    org = await app.anOrganisation(owner);
    await app.join(org, member);
  });

  it('is written when a vendor is created for another member, and not when its creator keeps it', async () => {
    await vendors().create.execute(owner, org, { name: 'Kettle & Co', uniqueId: 'kettle', assignedToId: uniqueIdOf(member) });
    await vendors().create.execute(owner, org, { name: 'Own Co', uniqueId: 'own' });
    await vendors().create.execute(member, org, { name: 'Self Co', uniqueId: 'self', assignedToId: uniqueIdOf(member) });
    expect(await mailsTo(app, member)).toEqual([['vendor.assigned', 'kettle']]);
    expect(await mailsTo(app, owner)).toEqual([]);
  });

  it('is written once per change of assignee on an update, not for another change', async () => {
    await vendors().create.execute(owner, org, { name: 'Ladle Ltd', uniqueId: 'ladle' });
    await vendors().update.execute(owner, org, 'ladle', { assignedToId: uniqueIdOf(member) });
    await vendors().update.execute(owner, org, 'ladle', { website: 'https://ladle.example', assignedToId: uniqueIdOf(member) });
    expect(await mailsTo(app, member)).toEqual([['vendor.assigned', 'ladle']]);
  });

  it('refuses someone who is not a member of the organisation', async () => {
    const outsider = await app.aPerson('Stan');
    await expect(vendors().create.execute(owner, org, { name: 'Far Co', assignedToId: uniqueIdOf(outsider) })).rejects.toMatchObject({
      errors: { assigned_to_id: [`Object with unique_id=${uniqueIdOf(outsider)} does not exist.`] },
    });
    expect(await mailsTo(app, outsider)).toEqual([]);
  });
});
