import {
  AI_AGENTS,
  AI_CREDIT_LIMITS,
  ORGANISATION_NAME_MAX_LENGTH,
  Organisation,
  OrganisationSnapshot,
  PURCHASED_SEATS_MAX,
  VAT_RATE_LIMITS,
} from '../../../domain/organisation/organisation';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import {
  ACCOUNTING_METHODS,
  BUSINESS_CATEGORIES,
  FINANCIAL_YEAR_ENDS,
  LANGUAGES,
  REFERRAL_SOURCES,
  REPORTING_CURRENCIES,
} from '../../../domain/shared/enumerations';
import { fieldsOf } from '../declared-field';
import { declareStored } from '../stored-declaration';
import { wireView } from '../wire-declaration';
import { ADDRESS_SHAPE, BANKING_SHAPE } from '../shared/address-and-banking.shapes';

const f = fieldsOf<OrganisationSnapshot>();

/** A body sends no negative rate or credit; an answer's schema keeps the stored limits. */
const nonNegative = (limits: DecimalLimits) => new DecimalLimits(limits.maxWholeDigits, limits.decimalPlaces, Decimal.of('0'));

/**
 * `/organisation/{org}/`: the organisation as its owner reads and writes it
 * (every field; its body takes the server's values back, validated then
 * ignored), and the `organisations` table, which is the tenant, no
 * organisation's record. The logo is written as its URL (`logo_url`), which
 * the HTTP adapter derives with the request's origin, beside the view's member
 * count, financial year and remaining credits.
 */
export const ORGANISATION_DECLARATION = declareStored<OrganisationSnapshot>()({
  schemaName: 'Organisation',
  table: 'organisations',
  unscoped: true,
  restore: Organisation.restore,
  fields: [
    f.uniqueId(),
    f.text('name', { max: ORGANISATION_NAME_MAX_LENGTH, required: true }),
    f.choice('language', LANGUAGES, { nullable: true, allowBlank: true, display: true, columnLength: 10 }),
    f.text('businessDescription', { nullable: true }),
    f.choice('businessCategory', BUSINESS_CATEGORIES, { nullable: true, allowBlank: true, display: true, columnLength: 40 }),
    f.text('otherCategory', { nullable: true }),
    f.choice('howDidYouHearAboutUs', REFERRAL_SOURCES, { nullable: true, allowBlank: true, columnLength: 40 }),
    f.url('businessWebsite', { max: 300, nullable: true }),
    f.text('vatNumber', { max: 100, nullable: true }),
    f.derived('logoUrl', { type: 'text', format: 'url' }, { nullable: true }),
    f.picture('logo'),
    f.boolean('setupDone'),
    f.nested('address', ADDRESS_SHAPE, { nullable: true }),
    f.nested('bankingInformation', BANKING_SHAPE, { nullable: true, secret: true, column: 'banking_sealed' }),
    f.person('ownerId', 'owner'),
    f.derived('memberCount', { type: 'integer', min: 0 }),
    f.currency('defaultCurrency'),
    f.decimal('defaultVatRate', nonNegative(VAT_RATE_LIMITS), { boundsOnInput: true }),
    f.choice('financialYearEnd', FINANCIAL_YEAR_ENDS, { display: true, columnLength: 5 }),
    f.choice('accountingMethod', ACCOUNTING_METHODS, { display: true, columnLength: 10 }),
    f.choice('reportingCurrency', REPORTING_CURRENCIES, { display: true, columnLength: 3 }),
    f.boolean('enableMultiCurrency'),
    f.boolean('autoCloseFinancialYear'),
    f.boolean('retainTransactionHistory', { default: true }),
    f.date('financialYearLockDate', { nullable: true }),
    f.derived('currentFinancialYearLabel', { type: 'text' }),
    // The nine switches are one JSON object at rest.
    ...AI_AGENTS.map((agent) => f.boolean(agent, { packed: 'ai_agents' })),
    f.text('billingCustomerId', { max: 100, nullable: true }),
    f.decimal('monthlyAiCreditsAllocated', nonNegative(AI_CREDIT_LIMITS), { boundsOnInput: true }),
    f.decimal('monthlyAiCreditsUsed', nonNegative(AI_CREDIT_LIMITS), { boundsOnInput: true }),
    f.derived('monthlyAiCreditsRemaining', { type: 'decimal', limits: AI_CREDIT_LIMITS }, { discard: true }),
    f.date('lastMonthlyResetDate', { nullable: true }),
    f.date('currentBillingCycleStart', { nullable: true }),
    f.date('currentBillingCycleEnd', { nullable: true }),
    f.integer('purchasedSeats', { min: 0, max: PURCHASED_SEATS_MAX }),
    f.timestamp('dateCreated', { discard: 'nullable' }),
    f.timestamp('lastUpdated', { discard: 'nullable' }),
    // Set while its owner has closed it (docs/decisions/organisation-lifecycle.md); only its owner ever reads them.
    f.timestamp('closingAt', { nullable: true }),
    f.timestamp('deletionDueAt', { nullable: true }),
  ],
  storage: {
    uniques: [{ name: 'uq_organisations_unique_id', columns: ['unique_id'] }],
    // The background deletion looks for closed organisations whose grace period is over.
    indices: [{ name: 'ix_organisations_deletion_due', columns: ['deletion_due_at'], where: 'deletion_due_at IS NOT NULL' }],
    // Always null: the previous version's column, kept while it may still run (rolling deploys).
    kept: [{ name: 'logo_url', type: { type: 'text' }, nullable: true, of: () => null }],
  },
});

/** The organisation as its members read it. */
export const BASIC_ORGANISATION = wireView(ORGANISATION_DECLARATION, 'BasicOrganisation', [
  'unique_id',
  'name',
  'language',
  'business_description',
  'business_category',
  'business_website',
  'logo_url',
  'owner',
  'member_count',
  'date_created',
  'last_updated',
]);
