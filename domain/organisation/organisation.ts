import { Address, emptyAddress } from '../shared/address';
import { BankingDetails, BankingInformation, changeBanking } from '../shared/banking-information';
import { CalendarDate } from '../shared/calendar-date';
import { Decimal, DecimalLimits } from '../shared/decimal';
import {
  AccountingMethod,
  BusinessCategory,
  FinancialYearEnd,
  Language,
  ReferralSource,
  ReportingCurrency,
} from '../shared/enumerations';
import { mergeNested, NestedChanges } from '../shared/nested';
import { financialYearLabel } from './financial-year';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { Picture } from '../shared/picture';
import { InvalidTransition, ValidationFailed } from '../shared/errors';

export const ORGANISATION_NAME_MAX_LENGTH = 200;
export const VAT_RATE_LIMITS = new DecimalLimits(3, 2);
export const AI_CREDIT_LIMITS = new DecimalLimits(4, 2);
export const PURCHASED_SEATS_MAX = 2_147_483_647;

export const AI_AGENTS = [
  'contactAgentActive',
  'financeAgentActive',
  'businessAgentActive',
  'assetAgentActive',
  'clientAgentActive',
  'docsAgentActive',
  'notesAgentActive',
  'projectAgentActive',
  'userManagerAgentActive',
] as const;
export type AiAgent = (typeof AI_AGENTS)[number];

/** Everything the owner may set on an organisation. */
export interface OrganisationSettings extends Record<AiAgent, boolean> {
  name: string;
  language: Language | '' | null;
  businessDescription: string | null;
  businessCategory: BusinessCategory | '' | null;
  otherCategory: string | null;
  howDidYouHearAboutUs: ReferralSource | '' | null;
  businessWebsite: string | null;
  vatNumber: string | null;
  setupDone: boolean;
  defaultCurrency: string;
  defaultVatRate: Decimal;
  financialYearEnd: FinancialYearEnd;
  accountingMethod: AccountingMethod;
  reportingCurrency: ReportingCurrency;
  enableMultiCurrency: boolean;
  autoCloseFinancialYear: boolean;
  retainTransactionHistory: boolean;
  financialYearLockDate: CalendarDate | null;
  billingCustomerId: string | null;
  monthlyAiCreditsAllocated: Decimal;
  monthlyAiCreditsUsed: Decimal;
  lastMonthlyResetDate: CalendarDate | null;
  currentBillingCycleStart: CalendarDate | null;
  currentBillingCycleEnd: CalendarDate | null;
  purchasedSeats: number;
}

export interface OrganisationSnapshot extends OrganisationSettings {
  id: string;
  uniqueId: string;
  ownerId: string;
  logo: Picture | null;
  address: Address | null;
  bankingInformation: BankingInformation | null;
  /** When its owner closed it (null: open): from then on none of its members reaches it. */
  closingAt: Date | null;
  /** When a closed organisation's data is deleted, unless its owner restores it before. */
  deletionDueAt: Date | null;
  dateCreated: Date;
  lastUpdated: Date;
}

export type OrganisationChanges = Partial<OrganisationSettings> & {
  uniqueId?: string;
  address?: NestedChanges<Address>;
  bankingInformation?: Partial<BankingDetails> | null;
};

export interface FoundOrganisation extends OrganisationChanges {
  id: string;
  uniqueId: string;
  name: string;
  ownerId: string;
  now: Date;
}

const DEFAULTS: Omit<OrganisationSettings, 'name'> = {
  language: 'en',
  businessDescription: null,
  businessCategory: null,
  otherCategory: null,
  howDidYouHearAboutUs: null,
  businessWebsite: null,
  vatNumber: null,
  setupDone: false,
  defaultCurrency: 'USD',
  defaultVatRate: Decimal.zero(2),
  financialYearEnd: '12-31',
  accountingMethod: 'accrual',
  reportingCurrency: 'USD',
  enableMultiCurrency: false,
  autoCloseFinancialYear: false,
  retainTransactionHistory: true,
  financialYearLockDate: null,
  billingCustomerId: null,
  monthlyAiCreditsAllocated: Decimal.zero(2),
  monthlyAiCreditsUsed: Decimal.zero(2),
  lastMonthlyResetDate: null,
  currentBillingCycleStart: null,
  currentBillingCycleEnd: null,
  purchasedSeats: 0,
  ...(Object.fromEntries(AI_AGENTS.map((agent) => [agent, false])) as Record<AiAgent, boolean>),
};

/** What `update` may change: the settings, never the owner, the logo or the dates. */
const SETTING_NAMES: ReadonlySet<string> = new Set(['name', ...Object.keys(DEFAULTS)]);

/** A business on the platform: its settings, its books' calendar and its AI budget. */
export class Organisation {
  private constructor(private state: OrganisationSnapshot) {}

  static found(input: FoundOrganisation): Organisation {
    const { now, id, uniqueId, ownerId, address, bankingInformation, ...settings } = input;
    const organisation = new Organisation({
      ...DEFAULTS,
      name: input.name,
      id,
      uniqueId,
      ownerId,
      logo: null,
      address: null,
      bankingInformation: null,
      closingAt: null,
      deletionDueAt: null,
      dateCreated: now,
      lastUpdated: now,
    });
    organisation.update({ ...settings, address, bankingInformation }, now);
    return organisation;
  }

  /** For mappers only: rebuilds an organisation from storage. */
  static restore(snapshot: OrganisationSnapshot): Organisation {
    return new Organisation({ ...snapshot });
  }

  get id(): string {
    return this.state.id;
  }

  get uniqueId(): string {
    return this.state.uniqueId;
  }

  get name(): string {
    return this.state.name;
  }

  get ownerId(): string {
    return this.state.ownerId;
  }

  get defaultCurrency(): string {
    return this.state.defaultCurrency;
  }

  get logo(): Picture | null {
    return this.state.logo;
  }

  get financialYearLockDate(): CalendarDate | null {
    return this.state.financialYearLockDate;
  }

  get monthlyAiCreditsRemaining(): Decimal {
    return this.state.monthlyAiCreditsAllocated.minus(this.state.monthlyAiCreditsUsed).quantize(2);
  }

  currentFinancialYearLabel(today: CalendarDate): string {
    return financialYearLabel(this.state.financialYearEnd, today);
  }

  /** Whether a transaction dated `date` falls before the books' lock date. */
  isLockedOn(date: CalendarDate): boolean {
    const lock = this.state.financialYearLockDate;
    return lock !== null && date.isBefore(lock);
  }

  /** Whether its owner closed it: none of its members reaches it, and its data awaits deletion. */
  get isClosing(): boolean {
    return this.state.closingAt !== null;
  }

  get closingAt(): Date | null {
    return this.state.closingAt;
  }

  get deletionDueAt(): Date | null {
    return this.state.deletionDueAt;
  }

  /** Whether a closed organisation's grace period is over at `now` (its data is then deleted, and it can no longer be restored). */
  isDueForDeletion(now: Date): boolean {
    return this.state.deletionDueAt !== null && this.state.deletionDueAt.getTime() <= now.getTime();
  }

  /** Its owner closes it: its data is deleted after `graceMs`, unless restored before. */
  close(now: Date, graceMs: number): void {
    if (this.isClosing) throw new InvalidTransition('The organisation is already closing.');
    this.state = { ...this.state, closingAt: now, deletionDueAt: new Date(now.getTime() + graceMs), lastUpdated: now };
  }

  /** Its owner takes a closing back within the grace period: everything is as it was. */
  reopen(now: Date): void {
    if (!this.isClosing) throw new InvalidTransition('The organisation is not closing.');
    if (this.isDueForDeletion(now)) throw new InvalidTransition('The grace period is over: the organisation is being deleted.');
    this.state = { ...this.state, closingAt: null, deletionDueAt: null, lastUpdated: now };
  }

  /** Another member becomes its owner (an organisation has exactly one). */
  handOverTo(personId: string, now: Date): void {
    if (personId === this.state.ownerId) throw ValidationFailed.field('person', 'This person is already the owner.');
    this.state = { ...this.state, ownerId: personId, lastUpdated: now };
  }

  snapshot(): OrganisationSnapshot {
    return { ...this.state };
  }

  /** A new logo in place of the current one (if any). */
  changeLogo(logo: Picture, now: Date): void {
    if (logo.equals(this.state.logo)) return;
    this.state = { ...this.state, logo, lastUpdated: now };
  }

  /** No logo any more; without one, nothing changes. */
  removeLogo(now: Date): void {
    if (this.state.logo === null) return;
    this.state = { ...this.state, logo: null, lastUpdated: now };
  }

  update(changes: OrganisationChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, address, bankingInformation, ...settings } = changes;
    const defined = Object.fromEntries(Object.entries(settings).filter(([name, v]) => v !== undefined && SETTING_NAMES.has(name)));
    const next: OrganisationSnapshot = {
      ...this.state,
      ...defined,
      address: mergeNested(this.state.address, address, emptyAddress),
      bankingInformation: changeBanking(this.state.bankingInformation, bankingInformation, now),
      lastUpdated: now,
    };
    this.state = next;
  }
}
