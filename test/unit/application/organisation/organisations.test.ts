import { CreateOrganisation } from '../../../../application/organisation/create-organisation.use-case';
import { FoundOrganisationService } from '../../../../application/organisation/found-organisation';
import { GetOrganisation } from '../../../../application/organisation/get-organisation.use-case';
import { ListOrganisations } from '../../../../application/organisation/list-organisations.use-case';
import { OrganisationViews } from '../../../../application/organisation/organisation-views';
import { UpdateOrganisation } from '../../../../application/organisation/update-organisation.use-case';
import { Actor } from '../../../../application/shared/actor';
import { Decimal } from '../../../../domain/shared/decimal';
import { NotFound, PermissionDenied, ValidationFailed } from '../../../../domain/shared/errors';
import {
  aRegisteredPerson,
  anOrganisationWithAMember,
  FixedClock,
  InMemoryUseCases,
  join,
  signUp,
  SignedUpUser,
  useCases,
} from '../../../support/in-memory';

const FIRST_PAGE = { page: 1, pageSize: 100 };

describe('organisation access', () => {
  let app: InMemoryUseCases;
  let owner: SignedUpUser;
  let orgUid: string;
  let member: Actor;
  let outsider: SignedUpUser;

  beforeEach(async () => {
    app = await useCases();
    ({ owner, orgUid, member, outsider } = await anOrganisationWithAMember(app));
  });

  describe('GetOrganisation', () => {
    it('shows the organisation to its owner and to its members', async () => {
      await expect(app.get(GetOrganisation).execute(owner.actor, orgUid)).resolves.toMatchObject({ organisation: { name: 'Acme' } });
      await expect(app.get(GetOrganisation).execute(member, orgUid)).resolves.toMatchObject({
        organisation: { name: 'Acme' },
        memberCount: 2,
        owner: { uniqueId: owner.profile.person.uniqueId, fullName: 'Ada Lovelace' },
      });
    });

    it('answers NotFound to a non-member, exactly as for an organisation that does not exist', async () => {
      await expect(app.get(GetOrganisation).execute(outsider.actor, orgUid)).rejects.toThrow(new NotFound());
      await expect(app.get(GetOrganisation).execute(outsider.actor, 'no-such-organisation')).rejects.toThrow(new NotFound());
      await expect(app.get(GetOrganisation).execute(outsider.actor, orgUid)).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('UpdateOrganisation', () => {
    it('lets the owner change the settings, and keeps them', async () => {
      app.clock.advance({ hours: 2 });
      const view = await app.get(UpdateOrganisation).execute(owner.actor, orgUid, {
        name: 'Acme Holdings',
        defaultVatRate: Decimal.of('16.00'),
        address: { city: 'Nairobi' },
      });

      expect(view.organisation).toMatchObject({ name: 'Acme Holdings', address: { city: 'Nairobi' }, lastUpdated: app.clock.now() });
      const stored = await app.get(GetOrganisation).execute(member, orgUid);
      expect(stored.organisation.name).toBe('Acme Holdings');
      expect(stored.organisation.defaultVatRate.toFixed()).toBe('16.00');
    });

    it('merges nested changes of the owner into what is stored', async () => {
      const update = app.get(UpdateOrganisation);
      await update.execute(owner.actor, orgUid, { address: { addressLine1: '1 Moi Avenue', city: 'Nairobi' } });
      await update.execute(owner.actor, orgUid, { address: { city: 'Mombasa' } });

      const stored = await app.get(GetOrganisation).execute(owner.actor, orgUid);
      expect(stored.organisation.address).toEqual({ addressLine1: '1 Moi Avenue', city: 'Mombasa', provinceState: null, postalCode: null });
    });

    it('refuses a member with PermissionDenied and changes nothing', async () => {
      const attempt = app.get(UpdateOrganisation).execute(member, orgUid, { name: 'Taken over' });

      await expect(attempt).rejects.toBeInstanceOf(PermissionDenied);
      await expect(attempt).rejects.toThrow('You do not have permission to perform this action.');
      expect((await app.organisations.findByUniqueId(orgUid))?.name).toBe('Acme');
    });

    it('answers NotFound to a non-member and changes nothing', async () => {
      await expect(app.get(UpdateOrganisation).execute(outsider.actor, orgUid, { name: 'Taken over' })).rejects.toBeInstanceOf(NotFound);
      expect((await app.organisations.findByUniqueId(orgUid))?.name).toBe('Acme');
    });

    it('refuses a change of unique_id', async () => {
      const attempt = app.get(UpdateOrganisation).execute(owner.actor, orgUid, { uniqueId: 'renamed' });
      await expect(attempt).rejects.toMatchObject({ errors: { unique_id: ['This field cannot be changed.'] } });
      await expect(app.get(GetOrganisation).execute(owner.actor, orgUid)).resolves.toBeDefined();
    });
  });
});

describe('CreateOrganisation', () => {
  let app: InMemoryUseCases;
  let ada: SignedUpUser;

  beforeEach(async () => {
    app = await useCases();
    ada = await signUp(app, { organisationName: 'First' });
  });

  it('makes the caller the owner of the new organisation', async () => {
    const view = await app.get(CreateOrganisation).execute(ada.actor, { name: 'Second', defaultCurrency: 'KES' });

    expect(view.organisation).toMatchObject({ name: 'Second', defaultCurrency: 'KES', ownerId: ada.actor.personId });
    expect(view.memberCount).toBe(1);
    expect(view.owner).toEqual({ uniqueId: ada.profile.person.uniqueId, fullName: 'Ada Lovelace' });
    expect((await app.memberships.find(view.organisation.id, ada.actor.personId))?.role).toBe('owner');
    await expect(app.get(UpdateOrganisation).execute(ada.actor, view.organisation.uniqueId, { name: 'Second Ltd' })).resolves.toBeDefined();
  });

  it('generates a unique_id unless the client supplies one', async () => {
    const generated = await app.get(CreateOrganisation).execute(ada.actor, { name: 'Generated' });
    const supplied = await app.get(CreateOrganisation).execute(ada.actor, { name: 'Supplied', uniqueId: 'my-org_1' });

    expect(generated.organisation.uniqueId).toMatch(/^id-\d{6}$/);
    expect(supplied.organisation.uniqueId).toBe('my-org_1');
    expect(supplied.organisation.id).not.toBe('my-org_1');
  });

  it('refuses a unique_id that another organisation has', async () => {
    await app.get(CreateOrganisation).execute(ada.actor, { name: 'Supplied', uniqueId: 'taken' });
    const grace = await signUp(app, { email: 'grace@example.com' });

    const attempt = app.get(CreateOrganisation).execute(grace.actor, { name: 'Copy', uniqueId: 'taken' });

    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt).rejects.toMatchObject({ errors: { unique_id: ['organisation with this unique id already exists.'] } });
    expect((await app.get(ListOrganisations).execute(grace.actor, FIRST_PAGE)).items.map((v) => v.organisation.name)).toEqual(['Analytical Engines Ltd']);
  });

  it('founds through the shared service with the time it is given', async () => {
    const at = new Date('2025-11-30T08:00:00.000Z');
    const organisation = await app.get(FoundOrganisationService).found(ada.actor.personId, { name: 'Backdated' }, at);
    expect(organisation.snapshot().dateCreated).toEqual(at);
    expect((await app.memberships.find(organisation.id, ada.actor.personId))?.dateJoined).toEqual(at);
  });
});

describe('ListOrganisations', () => {
  it('lists every organisation of the caller in the order joined, with derived values', async () => {
    const app = await useCases({ clock: new FixedClock('2026-04-01T09:00:00.000Z') });
    const owner = await signUp(app, { email: 'owner@example.com', firstName: 'Olu', lastName: 'Owner', organisationName: 'Other People' });
    const ada = await signUp(app, { email: 'ada@example.com', organisationName: 'Own' });
    app.clock.advance({ minutes: 1 });
    await join(app, ada.actor.personId, owner.organisation.organisation.uniqueId);
    app.clock.advance({ minutes: 1 });
    await app.get(CreateOrganisation).execute(ada.actor, {
      name: 'Credits',
      financialYearEnd: '03-31',
      monthlyAiCreditsAllocated: Decimal.of('100'),
      monthlyAiCreditsUsed: Decimal.of('33.3'),
    });

    const { items: views } = await app.get(ListOrganisations).execute(ada.actor, FIRST_PAGE);

    expect(views.map((v) => v.organisation.name)).toEqual(['Own', 'Other People', 'Credits']);
    expect(views.map((v) => v.memberCount)).toEqual([1, 2, 1]);
    expect(views.map((v) => v.owner?.fullName)).toEqual(['Ada Lovelace', 'Olu Owner', 'Ada Lovelace']);
    expect(views[2].financialYearLabel).toBe('FY2026/27');
    expect(views[2].creditsRemaining.toFixed()).toBe('66.70');
    expect(views[0].financialYearLabel).toBe('FY2026');
  });

  it('answers the requested page of that order, with the whole count as its total', async () => {
    const app = await useCases();
    const ada = await signUp(app, { email: 'ada@example.com', organisationName: 'First' });
    for (const name of ['Second', 'Third']) await app.get(CreateOrganisation).execute(ada.actor, { name });

    const page = await app.get(ListOrganisations).execute(ada.actor, { page: 2, pageSize: 2 });

    expect(page.total).toBe(3);
    expect(page.items.map((v) => v.organisation.name)).toEqual(['Third']);
  });

  it('is empty for a person who belongs nowhere', async () => {
    const app = await useCases();
    const loner = await aRegisteredPerson(app);
    expect((await app.get(ListOrganisations).execute({ personId: loner.id }, FIRST_PAGE)).items).toEqual([]);
  });
});

describe('OrganisationViews', () => {
  it("labels the financial year by the clock's date in the configured time zone", async () => {
    const clock = new FixedClock('2026-04-01T02:00:00.000Z', 'America/New_York');
    const app = await useCases({ clock });
    const ada = await signUp(app);
    const organisation = await app.get(CreateOrganisation).execute(ada.actor, { name: 'Year end March', financialYearEnd: '03-31' });

    // 02:00 UTC on 1 April is still 31 March in New York: the old year.
    expect(organisation.financialYearLabel).toBe('FY2025/26');
    const stored = await app.organisations.findById(organisation.organisation.id);
    clock.advance({ hours: 4 });
    expect((await app.get(OrganisationViews).one(stored!)).financialYearLabel).toBe('FY2026/27');
  });
});
