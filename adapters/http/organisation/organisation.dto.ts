import { AI_CREDIT_LIMITS, ORGANISATION_NAME_MAX_LENGTH, PURCHASED_SEATS_MAX, VAT_RATE_LIMITS } from '../../../domain/organisation/organisation';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { isCurrencyCode } from '../../../domain/shared/currency';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import {
  ACCOUNTING_METHODS,
  AccountingMethod,
  BUSINESS_CATEGORIES,
  BusinessCategory,
  FINANCIAL_YEAR_ENDS,
  FinancialYearEnd,
  Language,
  LANGUAGES,
  REFERRAL_SOURCES,
  ReferralSource,
  REPORTING_CURRENCIES,
  ReportingCurrency,
} from '../../../domain/shared/enumerations';
import { AddressInput, BankingInput } from '../shared/shared.dto';
import { fields } from '../validation/fields';
import { Input, nested } from '../validation/input';

const ZERO = Decimal.of('0');
const nonNegative = (limits: DecimalLimits) => new DecimalLimits(limits.maxWholeDigits, limits.decimalPlaces, ZERO);
const flag = () => fields.boolean();
const optionalDate = () => fields.date({ nullable: true });

/** The owner view's writable fields (read-only and display fields are not declared, so ignored). */
export class OrganisationInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('name', fields.text({ required: true, min: 1, max: ORGANISATION_NAME_MAX_LENGTH })) name?: string;
  @Input('language', fields.choice(LANGUAGES, { nullable: true, allowBlank: true })) language?: Language | '' | null;
  @Input('business_description', fields.text({ nullable: true })) businessDescription?: string | null;
  @Input('business_category', fields.choice(BUSINESS_CATEGORIES, { nullable: true, allowBlank: true }))
  businessCategory?: BusinessCategory | '' | null;
  @Input('other_category', fields.text({ nullable: true })) otherCategory?: string | null;
  @Input('how_did_you_hear_about_us', fields.choice(REFERRAL_SOURCES, { nullable: true, allowBlank: true }))
  howDidYouHearAboutUs?: ReferralSource | '' | null;
  @Input('business_website', fields.url({ max: 300, nullable: true })) businessWebsite?: string | null;
  @Input('vat_number', fields.text({ max: 100, nullable: true })) vatNumber?: string | null;
  @Input('setup_done', flag()) setupDone?: boolean;
  @Input('address', nested(AddressInput, { nullable: true })) address?: AddressInput | null;
  @Input('banking_information', nested(BankingInput, { nullable: true })) bankingInformation?: BankingInput | null;
  @Input('default_currency', fields.currency(isCurrencyCode)) defaultCurrency?: string;
  @Input('default_vat_rate', fields.decimal(nonNegative(VAT_RATE_LIMITS))) defaultVatRate?: Decimal;
  @Input('financial_year_end', fields.choice(FINANCIAL_YEAR_ENDS)) financialYearEnd?: FinancialYearEnd;
  @Input('accounting_method', fields.choice(ACCOUNTING_METHODS)) accountingMethod?: AccountingMethod;
  @Input('reporting_currency', fields.choice(REPORTING_CURRENCIES)) reportingCurrency?: ReportingCurrency;
  @Input('enable_multi_currency', flag()) enableMultiCurrency?: boolean;
  @Input('auto_close_financial_year', flag()) autoCloseFinancialYear?: boolean;
  @Input('retain_transaction_history', flag()) retainTransactionHistory?: boolean;
  @Input('financial_year_lock_date', optionalDate()) financialYearLockDate?: CalendarDate | null;
  @Input('contact_agent_active', flag()) contactAgentActive?: boolean;
  @Input('finance_agent_active', flag()) financeAgentActive?: boolean;
  @Input('business_agent_active', flag()) businessAgentActive?: boolean;
  @Input('asset_agent_active', flag()) assetAgentActive?: boolean;
  @Input('client_agent_active', flag()) clientAgentActive?: boolean;
  @Input('docs_agent_active', flag()) docsAgentActive?: boolean;
  @Input('notes_agent_active', flag()) notesAgentActive?: boolean;
  @Input('project_agent_active', flag()) projectAgentActive?: boolean;
  @Input('user_manager_agent_active', flag()) userManagerAgentActive?: boolean;
  @Input('billing_customer_id', fields.text({ max: 100, nullable: true })) billingCustomerId?: string | null;
  @Input('monthly_ai_credits_allocated', fields.decimal(nonNegative(AI_CREDIT_LIMITS))) monthlyAiCreditsAllocated?: Decimal;
  @Input('monthly_ai_credits_used', fields.decimal(nonNegative(AI_CREDIT_LIMITS))) monthlyAiCreditsUsed?: Decimal;
  @Input('monthly_ai_credits_remaining', fields.decimal(AI_CREDIT_LIMITS), { discard: true }) remaining?: Decimal;
  @Input('last_monthly_reset_date', optionalDate()) lastMonthlyResetDate?: CalendarDate | null;
  @Input('current_billing_cycle_start', optionalDate()) currentBillingCycleStart?: CalendarDate | null;
  @Input('current_billing_cycle_end', optionalDate()) currentBillingCycleEnd?: CalendarDate | null;
  @Input('purchased_seats', fields.integer({ min: 0, max: PURCHASED_SEATS_MAX })) purchasedSeats?: number;
  @Input('date_created', fields.dateTime({ nullable: true }), { discard: true }) dateCreated?: Date | null;
  @Input('last_updated', fields.dateTime({ nullable: true }), { discard: true }) lastUpdated?: Date | null;
}

export type NewOrganisationInput = OrganisationInput & { name: string };
