import { Address, emptyAddress } from '../shared/address';
import { BankingDetails, BankingInformation, changeBanking } from '../shared/banking-information';
import { Choices, ChoiceOf } from '../shared/choices';
import { Language } from '../shared/enumerations';
import { mergeNested, NestedChanges } from '../shared/nested';
import { EmployeeDetails, EmployeeInformation, changeEmployeeInformation } from './employee-information';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { normaliseEmail } from './email-address';
import { Picture } from '../shared/picture';

export const USER_TYPES = new Choices([
  ['user', 'Regular User'],
  ['employee', 'Employee'],
] as const);
export type UserType = ChoiceOf<typeof USER_TYPES>;

export const JOB_TITLE_MAX_LENGTH = 300;

export interface PersonSnapshot {
  id: string;
  uniqueId: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  currentLanguage: Language;
  jobTitle: string | null;
  userType: UserType;
  picture: Picture | null;
  address: Address | null;
  bankingInformation: BankingInformation | null;
  employeeInformation: EmployeeInformation | null;
  lastLogin: Date | null;
  dateCreated: Date;
  lastUpdated: Date;
  /** When the account was erased: the row is then a tombstone that records still name. */
  erasedAt: Date | null;
}

/** How an erased account is named wherever a record its organisation keeps names it. */
export const ERASED_PERSON_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

export interface RegisterPerson {
  id: string;
  uniqueId: string;
  email: string;
  firstName: string;
  lastName: string;
  now: Date;
}

export interface ProfileChanges {
  uniqueId?: string;
  currentLanguage?: Language;
  jobTitle?: string | null;
  userType?: UserType;
  address?: NestedChanges<Address>;
  bankingInformation?: Partial<BankingDetails> | null;
  employeeInformation?: Partial<EmployeeDetails> | null;
}

/** A user of the platform and their own profile. */
export class Person {
  private constructor(private state: PersonSnapshot) {}

  static register(input: RegisterPerson): Person {
    return new Person({
      id: input.id,
      uniqueId: input.uniqueId,
      email: normaliseEmail(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      isActive: true,
      currentLanguage: 'en',
      jobTitle: null,
      userType: 'user',
      picture: null,
      address: null,
      bankingInformation: null,
      employeeInformation: null,
      lastLogin: null,
      dateCreated: input.now,
      lastUpdated: input.now,
      erasedAt: null,
    });
  }

  /** For mappers only: rebuilds a person from storage. */
  static restore(snapshot: PersonSnapshot): Person {
    return new Person({ ...snapshot });
  }

  get id(): string {
    return this.state.id;
  }

  get uniqueId(): string {
    return this.state.uniqueId;
  }

  get email(): string {
    return this.state.email;
  }

  get fullName(): string {
    return fullNameOf(this.state.firstName, this.state.lastName);
  }

  get isActive(): boolean {
    return this.state.isActive;
  }

  get isErased(): boolean {
    return this.state.erasedAt !== null;
  }

  get picture(): Picture | null {
    return this.state.picture;
  }

  snapshot(): PersonSnapshot {
    return { ...this.state };
  }

  recordLogin(now: Date): void {
    this.state.lastLogin = now;
  }

  /** A new profile picture in place of the current one (if any). */
  changePicture(picture: Picture, now: Date): void {
    if (picture.equals(this.state.picture)) return;
    this.state = { ...this.state, picture, lastUpdated: now };
  }

  /** No picture any more; without one, nothing changes. */
  removePicture(now: Date): void {
    if (this.state.picture === null) return;
    this.state = { ...this.state, picture: null, lastUpdated: now };
  }

  /**
   * The account is erased: only the unique_id and the dates stay, so that the
   * records organisations keep still name someone ("Deleted user"). The
   * e-mail becomes an address of no one's, unique to the tombstone, so that
   * the real one may sign up again.
   */
  erase(now: Date): void {
    this.state = {
      ...this.state,
      email: `erased-${this.state.id}@erased.invalid`,
      ...ERASED_PERSON_NAME,
      isActive: false,
      currentLanguage: 'en',
      jobTitle: null,
      userType: 'user',
      picture: null,
      address: null,
      bankingInformation: null,
      employeeInformation: null,
      lastLogin: null,
      lastUpdated: now,
      erasedAt: now,
    };
  }

  updateProfile(changes: ProfileChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const s = this.state;
    this.state = {
      ...s,
      currentLanguage: changes.currentLanguage ?? s.currentLanguage,
      jobTitle: changes.jobTitle === undefined ? s.jobTitle : changes.jobTitle,
      userType: changes.userType ?? s.userType,
      address: mergeNested(s.address, changes.address, emptyAddress),
      bankingInformation: changeBanking(s.bankingInformation, changes.bankingInformation, now),
      employeeInformation: changeEmployeeInformation(s.employeeInformation, changes.employeeInformation, now),
      lastUpdated: now,
    };
  }
}

/** A person's name as the API shows it: the given and family names that are set, with a space between. */
export function fullNameOf(firstName: string | null, lastName: string | null): string {
  return [firstName, lastName].filter(Boolean).join(' ');
}
