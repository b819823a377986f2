import {
  AI_AGENTS,
  AI_CREDIT_LIMITS,
  ORGANISATION_NAME_MAX_LENGTH,
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
import { declareShape, shapeView } from '../declared-shape';
import { ADDRESS_SHAPE, BANKING_SHAPE } from '../shared/address-and-banking.shapes';

const f = fieldsOf<OrganisationSnapshot>();

/** A body sends no negative rate or credit; an answer's schema keeps the stored limits. */
const nonNegative = (limits: DecimalLimits) => new DecimalLimits(limits.maxWholeDigits, limits.decimalPlaces, Decimal.of('0'));

/**
 * `/organisation/{org}/`: the organisation as its owner reads and writes it
 * (every field; its body takes the server's values back, validated then
 * ignored). The logo is written as its URL (`logo_url`), which the HTTP
 * adapter derives with the request's origin, beside the view's member count,
 * financial year and remaining credits.
 */
export const ORGANISATION_DECLARATION = declareShape<OrganisationSnapshot, 'id' | 'logo'>()({
  schemaName: 'Organisation',
  fields: [
    f.uniqueId(),
    f.text('name', { max: ORGANISATION_NAME_MAX_LENGTH, required: true }),
    f.choice('language', LANGUAGES, { nullable: true, allowBlank: true, display: true }),
    f.text('businessDescription', { nullable: true }),
    f.choice('businessCategory', BUSINESS_CATEGORIES, { nullable: true, allowBlank: true, display: true }),
    f.text('otherCategory', { nullable: true }),
    f.choice('howDidYouHearAboutUs', REFERRAL_SOURCES, { nullable: true, allowBlank: true }),
    f.url('businessWebsite', { max: 300, nullable: true }),
    f.text('vatNumber', { max: 100, nullable: true }),
    f.derived('logoUrl', { type: 'text', format: 'url' }, { nullable: true }),
    f.boolean('setupDone'),
    f.nested('address', ADDRESS_SHAPE, { nullable: true }),
    f.nested('bankingInformation', BANKING_SHAPE, { nullable: true, secret: true }),
    f.person('ownerId', 'owner'),
    f.derived('memberCount', { type: 'integer', min: 0 }),
    f.currency('defaultCurrency'),
    f.decimal('defaultVatRate', nonNegative(VAT_RATE_LIMITS), { boundsOnInput: true }),
    f.choice('financialYearEnd', FINANCIAL_YEAR_ENDS, { display: true }),
    f.choice('accountingMethod', ACCOUNTING_METHODS, { display: true }),
    f.choice('reportingCurrency', REPORTING_CURRENCIES, { display: true }),
    f.boolean('enableMultiCurrency'),
    f.boolean('autoCloseFinancialYear'),
    f.boolean('retainTransactionHistory'),
    f.date('financialYearLockDate', { nullable: true }),
    f.derived('currentFinancialYearLabel', { type: 'text' }),
    ...AI_AGENTS.map((agent) => f.boolean(agent)),
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
  ],
});

/** The organisation as its members read it. */
export const BASIC_ORGANISATION = shapeView(ORGANISATION_DECLARATION, 'BasicOrganisation', [
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
