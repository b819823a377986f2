import { InvalidTransition, ValidationFailed } from '../../../../domain/shared/errors';
import { anOrganisation, FOUNDED_AT, OWNER_ID } from './organisation.mother';

const DAY = 86_400_000;
const at = (days: number) => new Date(FOUNDED_AT.getTime() + days * DAY);

describe('closing an organisation', () => {
  it('is open when founded, and closing says since when and when its data goes', () => {
    const organisation = anOrganisation();
    expect(organisation.isClosing).toBe(false);
    expect(organisation.snapshot()).toMatchObject({ closingAt: null, deletionDueAt: null });

    organisation.close(at(1), 30 * DAY);

    expect(organisation.isClosing).toBe(true);
    expect(organisation.snapshot()).toMatchObject({ closingAt: at(1), deletionDueAt: at(31), lastUpdated: at(1) });
    expect(organisation.isDueForDeletion(at(31) /* the very moment */)).toBe(true);
    expect(organisation.isDueForDeletion(new Date(at(31).getTime() - 1))).toBe(false);
  });

  it('cannot be closed twice (the first grace period stands)', () => {
    const organisation = anOrganisation();
    organisation.close(at(1), 30 * DAY);
    expect(() => organisation.close(at(2), 30 * DAY)).toThrow(InvalidTransition);
    expect(organisation.deletionDueAt).toEqual(at(31));
  });

  it('is restored within the grace period, not after it, and not when it is open', () => {
    const organisation = anOrganisation();
    expect(() => organisation.reopen(at(1))).toThrow(InvalidTransition);
    organisation.close(at(1), 30 * DAY);
    organisation.reopen(at(30));
    expect(organisation.snapshot()).toMatchObject({ closingAt: null, deletionDueAt: null, lastUpdated: at(30) });

    organisation.close(at(40), 30 * DAY);
    expect(() => organisation.reopen(at(70))).toThrow(InvalidTransition);
    expect(organisation.isClosing).toBe(true);
  });
});

describe('handing an organisation over', () => {
  it('makes another person its one owner', () => {
    const organisation = anOrganisation();
    organisation.handOverTo('heir-id', at(1));
    expect(organisation.snapshot()).toMatchObject({ ownerId: 'heir-id', lastUpdated: at(1) });
  });

  it('refuses its owner, as a 400 on person', () => {
    const organisation = anOrganisation();
    expect(() => organisation.handOverTo(OWNER_ID, at(1))).toThrow(ValidationFailed);
    expect(organisation.ownerId).toBe(OWNER_ID);
  });

  it('keeps what `update` sends from changing the owner or the closing', () => {
    const organisation = anOrganisation();
    organisation.update({ ownerId: 'someone', closingAt: at(1), deletionDueAt: at(2) } as never, at(1));
    expect(organisation.snapshot()).toMatchObject({ ownerId: OWNER_ID, closingAt: null, deletionDueAt: null });
  });
});
