import { Person } from '../../../../domain/person/person';
import { passwordProblems } from '../../../../domain/person/password-policy';
import { accountNumberLast4 } from '../../../../domain/shared/banking-information';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { aPerson, LATER, REGISTERED_AT } from './person.mother';
import { aPicture } from '../shared/picture.mother';

function fieldErrorsOf(act: () => unknown) {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).errors;
  }
  throw new Error('expected a ValidationFailed');
}

describe('registering a person', () => {
  it('starts active, in English, as a regular user with no profile details', () => {
    const s = aPerson().snapshot();
    expect(s).toEqual({
      id: 'person-id-1',
      uniqueId: 'ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isActive: true,
      currentLanguage: 'en',
      jobTitle: null,
      userType: 'user',
      picture: null,
      address: null,
      bankingInformation: null,
      employeeInformation: null,
      lastLogin: null,
      dateCreated: REGISTERED_AT,
      lastUpdated: REGISTERED_AT,
      erasedAt: null,
    });
  });

  it('trims e-mail and names', () => {
    const person = aPerson({ email: '  ada@example.com ', firstName: ' Ada ', lastName: ' Lovelace  ' });
    expect(person.email).toBe('ada@example.com');
    expect(person.fullName).toBe('Ada Lovelace');
  });

  it('builds the full name from whichever names there are', () => {
    expect(aPerson({ lastName: '' }).fullName).toBe('Ada');
    expect(aPerson({ firstName: '' }).fullName).toBe('Lovelace');
  });

  it('records a login time', () => {
    const person = aPerson();
    person.recordLogin(LATER);
    expect(person.snapshot().lastLogin).toEqual(LATER);
  });

  it('restores exactly what was stored', () => {
    const snapshot = { ...aPerson().snapshot(), isActive: false, jobTitle: 'Analyst' };
    expect(Person.restore(snapshot).snapshot()).toEqual(snapshot);
  });
});

describe('erasing the account', () => {
  it('keeps only the unique_id and the creation date: the rest wiped, named "Deleted user", at an address of no one’s', () => {
    const person = aPerson();
    person.updateProfile({ jobTitle: 'Analyst', bankingInformation: { accountNumber: 'GB00 1234' }, employeeInformation: { allergies: 'Peanuts' } }, LATER);
    person.changePicture(aPicture(), LATER);
    person.erase(LATER);
    expect(person.snapshot()).toEqual({
      id: 'person-id-1',
      uniqueId: 'ada',
      email: 'erased-person-id-1@erased.invalid',
      firstName: 'Deleted',
      lastName: 'user',
      isActive: false,
      currentLanguage: 'en',
      jobTitle: null,
      userType: 'user',
      picture: null,
      address: null,
      bankingInformation: null,
      employeeInformation: null,
      lastLogin: null,
      dateCreated: REGISTERED_AT,
      lastUpdated: LATER,
      erasedAt: LATER,
    });
    expect([person.fullName, person.isErased]).toEqual(['Deleted user', true]);
  });
});

describe('updating the profile', () => {
  it('changes only what is sent and stamps last_updated', () => {
    const person = aPerson();
    person.updateProfile({ jobTitle: 'Analyst' }, LATER);
    person.updateProfile({ currentLanguage: 'sw' }, LATER);

    const s = person.snapshot();
    expect(s.jobTitle).toBe('Analyst');
    expect(s.currentLanguage).toBe('sw');
    expect(s.userType).toBe('user');
    expect(s.dateCreated).toEqual(REGISTERED_AT);
    expect(s.lastUpdated).toEqual(LATER);
  });

  it('clears the job title on null', () => {
    const person = aPerson();
    person.updateProfile({ jobTitle: 'Analyst' }, LATER);
    person.updateProfile({ jobTitle: null }, LATER);
    expect(person.snapshot().jobTitle).toBeNull();
  });

  it('merges the address field by field and clears it on null', () => {
    const person = aPerson();
    person.updateProfile({ address: { addressLine1: '1 Moi Avenue', city: 'Nairobi' } }, LATER);
    person.updateProfile({ address: { city: 'Mombasa' } }, LATER);
    expect(person.snapshot().address).toEqual({ addressLine1: '1 Moi Avenue', city: 'Mombasa', provinceState: null, postalCode: null });

    person.updateProfile({ address: null }, LATER);
    expect(person.snapshot().address).toBeNull();
  });

  it('merges employee information, defaulting to an active employee', () => {
    const person = aPerson();
    person.updateProfile({ employeeInformation: { employeeNumber: 'E-7', birthday: CalendarDate.of('1990-05-17') } }, REGISTERED_AT);
    person.updateProfile({ employeeInformation: { taxNumber: 'A00123' } }, LATER);

    const info = person.snapshot().employeeInformation;
    expect(info).toMatchObject({ employeeNumber: 'E-7', taxNumber: 'A00123', isActiveEmployee: true, dateCreated: REGISTERED_AT, lastUpdated: LATER });
    expect(info?.birthday?.toString()).toBe('1990-05-17');
  });

  it('keeps the bank account number so that only its last four digits are shown', () => {
    const person = aPerson();
    person.updateProfile({ bankingInformation: { bankName: 'Equity', accountNumber: '0123 4567 8901' } }, LATER);
    person.updateProfile({ bankingInformation: { branchCode: '068' } }, LATER);

    const banking = person.snapshot().bankingInformation!;
    expect(banking.bankName).toBe('Equity');
    expect(banking.branchCode).toBe('068');
    expect(accountNumberLast4(banking)).toBe('8901');
  });

  it('refuses a different unique_id and leaves everything unchanged', () => {
    const person = aPerson();
    expect(fieldErrorsOf(() => person.updateProfile({ uniqueId: 'someone-else', jobTitle: 'CEO' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    expect(person.snapshot().jobTitle).toBeNull();
    expect(person.snapshot().lastUpdated).toEqual(REGISTERED_AT);
  });

  it('accepts the unchanged unique_id', () => {
    const person = aPerson();
    person.updateProfile({ uniqueId: 'ada', jobTitle: 'CEO' }, LATER);
    expect(person.uniqueId).toBe('ada');
    expect(person.snapshot().jobTitle).toBe('CEO');
  });
});

describe('password policy', () => {
  it('accepts 8 to 128 characters that are not all digits', () => {
    expect(passwordProblems('abcdefgh')).toEqual([]);
    expect(passwordProblems('1234567a')).toEqual([]);
    expect(passwordProblems('x'.repeat(128))).toEqual([]);
  });

  it('reports a short password', () => {
    expect(passwordProblems('abc1234')).toEqual(['This password is too short. It must contain at least 8 characters.']);
  });

  it('reports an entirely numeric password, with its length problem too', () => {
    expect(passwordProblems('12345678')).toEqual(['This password is entirely numeric.']);
    expect(passwordProblems('1234')).toEqual([
      'This password is too short. It must contain at least 8 characters.',
      'This password is entirely numeric.',
    ]);
  });

  it('reports a password over 128 characters', () => {
    expect(passwordProblems('x'.repeat(129))).toEqual(['Ensure this field has no more than 128 characters.']);
  });
});

describe("a person's picture", () => {
  it('is none at first', () => {
    expect(aPerson().picture).toBeNull();
  });

  it('changes to a new one, stamping last_updated', () => {
    const person = aPerson();
    const first = aPicture();
    person.changePicture(first, LATER);
    expect(person.picture).toBe(first);
    expect(person.snapshot()).toMatchObject({ picture: first, lastUpdated: LATER });

    const second = aPicture({ contentType: 'image/webp' });
    const evenLater = new Date(LATER.getTime() + 60_000);
    person.changePicture(second, evenLater);
    expect(person.snapshot()).toMatchObject({ picture: second, lastUpdated: evenLater });
  });

  it('is removed, stamping last_updated', () => {
    const person = aPerson();
    person.changePicture(aPicture(), REGISTERED_AT);
    person.removePicture(LATER);
    expect(person.snapshot()).toMatchObject({ picture: null, lastUpdated: LATER });
  });

  it('changes nothing when removed while there is none, or set to the one it is', () => {
    const person = aPerson();
    person.removePicture(LATER);
    expect(person.snapshot().lastUpdated).toEqual(REGISTERED_AT);
    const picture = aPicture();
    person.changePicture(picture, REGISTERED_AT);
    person.changePicture(picture, LATER);
    expect(person.snapshot().lastUpdated).toEqual(REGISTERED_AT);
  });

  it('is restored as it was stored', () => {
    const person = aPerson();
    person.changePicture(aPicture(), LATER);
    expect(Person.restore(person.snapshot()).picture).toEqual(person.picture);
  });

  it('is not something a profile update can set', () => {
    const person = aPerson();
    const picture = aPicture();
    person.changePicture(picture, REGISTERED_AT);
    person.updateProfile({ jobTitle: 'Analyst', ...({ picture: null } as object) }, LATER);
    expect(person.picture).toBe(picture);
  });
});
