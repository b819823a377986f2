import { SecretBox } from '../../../../application/shared/ports';
import { AI_AGENTS, AiAgent, Organisation, OrganisationSnapshot } from '../../../../domain/organisation/organisation';
import { decodeAddress, encodeAddress, openBanking, sealBanking } from '../nested-codec';
import { OrganisationRow } from './organisation.schema';
import { pictureFromRow, pictureToRow } from '../picture-columns';

/** Every agent's flag, false when not stored. */
function agentFlags(stored: Partial<Record<AiAgent, boolean>>): Record<AiAgent, boolean> {
  const flags = {} as Record<AiAgent, boolean>;
  for (const agent of AI_AGENTS) flags[agent] = stored[agent] ?? false;
  return flags;
}

export class OrganisationMapper {
  constructor(private readonly box: SecretBox) {}

  toDomain(row: OrganisationRow): Organisation {
    const agents = JSON.parse(row.ai_agents) as Partial<Record<AiAgent, boolean>>;
    // One literal first, the flags after it: V8 builds a literal that opens with spreads slowly (docs/performance.md).
    const state = {
      language: row.language as OrganisationSnapshot['language'],
      businessCategory: row.business_category as OrganisationSnapshot['businessCategory'],
      howDidYouHearAboutUs: row.how_did_you_hear_about_us as OrganisationSnapshot['howDidYouHearAboutUs'],
      financialYearEnd: row.financial_year_end as OrganisationSnapshot['financialYearEnd'],
      accountingMethod: row.accounting_method as OrganisationSnapshot['accountingMethod'],
      reportingCurrency: row.reporting_currency as OrganisationSnapshot['reportingCurrency'],
      id: row.id,
      uniqueId: row.unique_id,
      ownerId: row.owner_id,
      name: row.name,
      businessDescription: row.business_description,
      otherCategory: row.other_category,
      businessWebsite: row.business_website,
      vatNumber: row.vat_number,
      logo: pictureFromRow({ key: row.logo_key, contentType: row.logo_content_type, size: row.logo_size }),
      setupDone: row.setup_done,
      address: decodeAddress(row.address),
      bankingInformation: openBanking(this.box, row.banking_sealed),
      defaultCurrency: row.default_currency,
      defaultVatRate: row.default_vat_rate,
      enableMultiCurrency: row.enable_multi_currency,
      autoCloseFinancialYear: row.auto_close_financial_year,
      retainTransactionHistory: row.retain_transaction_history,
      financialYearLockDate: row.financial_year_lock_date,
      billingCustomerId: row.billing_customer_id,
      monthlyAiCreditsAllocated: row.monthly_ai_credits_allocated,
      monthlyAiCreditsUsed: row.monthly_ai_credits_used,
      lastMonthlyResetDate: row.last_monthly_reset_date,
      currentBillingCycleStart: row.current_billing_cycle_start,
      currentBillingCycleEnd: row.current_billing_cycle_end,
      purchasedSeats: row.purchased_seats,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    };
    return Organisation.restore(Object.assign(state, agentFlags(agents)));
  }

  toPersistence(organisation: Organisation): OrganisationRow {
    const s = organisation.snapshot();
    const logo = pictureToRow(s.logo);
    return {
      id: s.id,
      unique_id: s.uniqueId,
      owner_id: s.ownerId,
      name: s.name,
      language: s.language,
      business_description: s.businessDescription,
      business_category: s.businessCategory,
      other_category: s.otherCategory,
      how_did_you_hear_about_us: s.howDidYouHearAboutUs,
      business_website: s.businessWebsite,
      vat_number: s.vatNumber,
      logo_url: null,
      logo_key: logo.key,
      logo_content_type: logo.contentType,
      logo_size: logo.size,
      setup_done: s.setupDone,
      address: encodeAddress(s.address),
      banking_sealed: sealBanking(this.box, s.bankingInformation),
      default_currency: s.defaultCurrency,
      default_vat_rate: s.defaultVatRate,
      financial_year_end: s.financialYearEnd,
      accounting_method: s.accountingMethod,
      reporting_currency: s.reportingCurrency,
      enable_multi_currency: s.enableMultiCurrency,
      auto_close_financial_year: s.autoCloseFinancialYear,
      retain_transaction_history: s.retainTransactionHistory,
      financial_year_lock_date: s.financialYearLockDate,
      ai_agents: JSON.stringify(Object.fromEntries(AI_AGENTS.map((agent) => [agent, s[agent]]))),
      billing_customer_id: s.billingCustomerId,
      monthly_ai_credits_allocated: s.monthlyAiCreditsAllocated,
      monthly_ai_credits_used: s.monthlyAiCreditsUsed,
      last_monthly_reset_date: s.lastMonthlyResetDate,
      current_billing_cycle_start: s.currentBillingCycleStart,
      current_billing_cycle_end: s.currentBillingCycleEnd,
      purchased_seats: s.purchasedSeats,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  }
}
