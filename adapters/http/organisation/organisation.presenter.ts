import { OrganisationView } from '../../../application/organisation/organisation-views';
import {
  AI_CREDIT_LIMITS,
  ORGANISATION_NAME_MAX_LENGTH,
  PURCHASED_SEATS_MAX,
  VAT_RATE_LIMITS,
} from '../../../domain/organisation/organisation';
import {
  ACCOUNTING_METHODS,
  BUSINESS_CATEGORIES,
  FINANCIAL_YEAR_ENDS,
  LANGUAGES,
  REFERRAL_SOURCES,
  REPORTING_CURRENCIES,
} from '../../../domain/shared/enumerations';
import { ADDRESS_SCHEMA, BANKING_SCHEMA, PERSON_REF_SCHEMA, presentAddress, presentBanking, wire } from '../shared/present';
import { organisationLogoUrl } from '../shared/pictures';
import { wireSchema as s } from '../shared/wire-schema';

/** What members see: the basic view; `origin` makes the logo's URL absolute. */
export function presentBasicOrganisation(view: OrganisationView, origin: string) {
  const o = view.organisation;
  return {
    unique_id: o.uniqueId,
    name: o.name,
    language: o.language,
    language_display: o.language ? LANGUAGES.label(o.language) : null,
    business_description: o.businessDescription,
    business_category: o.businessCategory,
    business_category_display: o.businessCategory ? BUSINESS_CATEGORIES.label(o.businessCategory) : null,
    business_website: o.businessWebsite,
    logo_url: organisationLogoUrl(origin, o.uniqueId, o.logo),
    owner: wire.person(view.owner),
    member_count: view.memberCount,
    date_created: wire.dateTime(o.dateCreated),
    last_updated: wire.dateTime(o.lastUpdated),
  };
}

/** The owner view: every field of the organisation. */
export function presentOwnerOrganisation(view: OrganisationView, origin: string) {
  const o = view.organisation;
  return {
    unique_id: o.uniqueId,
    name: o.name,
    language: o.language,
    language_display: o.language ? LANGUAGES.label(o.language) : null,
    business_description: o.businessDescription,
    business_category: o.businessCategory,
    business_category_display: o.businessCategory ? BUSINESS_CATEGORIES.label(o.businessCategory) : null,
    other_category: o.otherCategory,
    how_did_you_hear_about_us: o.howDidYouHearAboutUs,
    business_website: o.businessWebsite,
    vat_number: o.vatNumber,
    logo_url: organisationLogoUrl(origin, o.uniqueId, o.logo),
    setup_done: o.setupDone,
    address: presentAddress(o.address),
    banking_information: presentBanking(o.bankingInformation),
    owner: wire.person(view.owner),
    member_count: view.memberCount,
    default_currency: o.defaultCurrency,
    default_vat_rate: wire.decimal(o.defaultVatRate),
    financial_year_end: o.financialYearEnd,
    financial_year_end_display: FINANCIAL_YEAR_ENDS.label(o.financialYearEnd),
    accounting_method: o.accountingMethod,
    accounting_method_display: ACCOUNTING_METHODS.label(o.accountingMethod),
    reporting_currency: o.reportingCurrency,
    reporting_currency_display: REPORTING_CURRENCIES.label(o.reportingCurrency),
    enable_multi_currency: o.enableMultiCurrency,
    auto_close_financial_year: o.autoCloseFinancialYear,
    retain_transaction_history: o.retainTransactionHistory,
    financial_year_lock_date: wire.date(o.financialYearLockDate),
    current_financial_year_label: view.financialYearLabel,
    contact_agent_active: o.contactAgentActive,
    finance_agent_active: o.financeAgentActive,
    business_agent_active: o.businessAgentActive,
    asset_agent_active: o.assetAgentActive,
    client_agent_active: o.clientAgentActive,
    docs_agent_active: o.docsAgentActive,
    notes_agent_active: o.notesAgentActive,
    project_agent_active: o.projectAgentActive,
    user_manager_agent_active: o.userManagerAgentActive,
    billing_customer_id: o.billingCustomerId,
    monthly_ai_credits_allocated: wire.decimal(o.monthlyAiCreditsAllocated),
    monthly_ai_credits_used: wire.decimal(o.monthlyAiCreditsUsed),
    monthly_ai_credits_remaining: wire.decimal(view.creditsRemaining),
    last_monthly_reset_date: wire.date(o.lastMonthlyResetDate),
    current_billing_cycle_start: wire.date(o.currentBillingCycleStart),
    current_billing_cycle_end: wire.date(o.currentBillingCycleEnd),
    purchased_seats: o.purchasedSeats,
    date_created: wire.dateTime(o.dateCreated),
    last_updated: wire.dateTime(o.lastUpdated),
  };
}

const text = s.nullable(s.text());
const date = s.nullable(s.date());
const credits = s.decimal(AI_CREDIT_LIMITS);

/** The fields both views write alike. */
const COMMON = {
  unique_id: s.uniqueId(),
  name: s.text({ max: ORGANISATION_NAME_MAX_LENGTH }),
  language: s.nullable(s.choiceOrBlank(LANGUAGES)),
  language_display: s.nullable(s.label(LANGUAGES)),
  business_description: text,
  business_category: s.nullable(s.choiceOrBlank(BUSINESS_CATEGORIES)),
  business_category_display: s.nullable(s.label(BUSINESS_CATEGORIES)),
  business_website: s.nullable(s.uri(300)),
  logo_url: s.nullable(s.uri()),
  owner: s.nullable(PERSON_REF_SCHEMA),
  member_count: s.integer({ min: 0 }),
  date_created: s.dateTime(),
  last_updated: s.dateTime(),
};

/** What `presentBasicOrganisation` writes. */
export const BASIC_ORGANISATION_SCHEMA = s.named('BasicOrganisation', s.object<ReturnType<typeof presentBasicOrganisation>>(COMMON));

/** What `presentOwnerOrganisation` writes. */
export const OWNER_ORGANISATION_SCHEMA = s.named(
  'Organisation',
  s.object<ReturnType<typeof presentOwnerOrganisation>>({
    ...COMMON,
    other_category: text,
    how_did_you_hear_about_us: s.nullable(s.choiceOrBlank(REFERRAL_SOURCES)),
    vat_number: s.nullable(s.text({ max: 100 })),
    setup_done: s.boolean(),
    address: s.nullable(ADDRESS_SCHEMA),
    banking_information: s.nullable(BANKING_SCHEMA),
    default_currency: s.currency(),
    default_vat_rate: s.decimal(VAT_RATE_LIMITS),
    financial_year_end: s.choice(FINANCIAL_YEAR_ENDS),
    financial_year_end_display: s.label(FINANCIAL_YEAR_ENDS),
    accounting_method: s.choice(ACCOUNTING_METHODS),
    accounting_method_display: s.label(ACCOUNTING_METHODS),
    reporting_currency: s.choice(REPORTING_CURRENCIES),
    reporting_currency_display: s.label(REPORTING_CURRENCIES),
    enable_multi_currency: s.boolean(),
    auto_close_financial_year: s.boolean(),
    retain_transaction_history: s.boolean(),
    financial_year_lock_date: date,
    current_financial_year_label: s.text(),
    contact_agent_active: s.boolean(),
    finance_agent_active: s.boolean(),
    business_agent_active: s.boolean(),
    asset_agent_active: s.boolean(),
    client_agent_active: s.boolean(),
    docs_agent_active: s.boolean(),
    notes_agent_active: s.boolean(),
    project_agent_active: s.boolean(),
    user_manager_agent_active: s.boolean(),
    billing_customer_id: s.nullable(s.text({ max: 100 })),
    monthly_ai_credits_allocated: credits,
    monthly_ai_credits_used: credits,
    monthly_ai_credits_remaining: credits,
    last_monthly_reset_date: date,
    current_billing_cycle_start: date,
    current_billing_cycle_end: date,
    purchased_seats: s.integer({ min: 0, max: PURCHASED_SEATS_MAX }),
  }),
);
