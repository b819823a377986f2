import { OrganisationView } from '../../../application/organisation/organisation-views';
import {
  ACCOUNTING_METHODS,
  BUSINESS_CATEGORIES,
  FINANCIAL_YEAR_ENDS,
  LANGUAGES,
  REPORTING_CURRENCIES,
} from '../../../domain/shared/enumerations';
import { presentAddress, presentBanking, wire } from '../shared/present';

/** What members see: the basic view. */
export function presentBasicOrganisation(view: OrganisationView) {
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
    logo_url: o.logoUrl,
    owner: wire.person(view.owner),
    member_count: view.memberCount,
    date_created: wire.dateTime(o.dateCreated),
    last_updated: wire.dateTime(o.lastUpdated),
  };
}

/** The owner view: every field of the organisation. */
export function presentOwnerOrganisation(view: OrganisationView) {
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
    logo_url: o.logoUrl,
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
