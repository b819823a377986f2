import { Choices, ChoiceOf } from './choices';

/** The enumerations of the spec that several resources share. */

export const LANGUAGES = new Choices([
  ['en', 'English'],
  ['sw', 'Swahili'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['hi', 'Hindi'],
  ['ar', 'Arabic'],
  ['ko', 'Korean'],
  ['pt', 'Portuguese'],
  ['af', 'Afrikaans'],
  ['el', 'Greek'],
  ['fr', 'French'],
  ['ta', 'Tamil'],
  ['ru', 'Russian'],
  ['zh-hans', 'Simplified Chinese'],
] as const);
export type Language = ChoiceOf<typeof LANGUAGES>;

/** Business category of an organisation; the same list is a vendor's industry. */
export const BUSINESS_CATEGORIES = new Choices([
  ['agriculture', 'Agriculture'],
  ['cleaning', 'Cleaning'],
  ['construction', 'Construction'],
  ['consulting', 'Consulting'],
  ['creative', 'Creative'],
  ['education', 'Education'],
  ['events', 'Events'],
  ['handyman', 'Handyman'],
  ['health', 'Health'],
  ['home_based', 'Home-based'],
  ['hospitality', 'Hospitality'],
  ['it_support', 'IT Support'],
  ['legal', 'Legal'],
  ['logistics', 'Logistics'],
  ['manufacturing', 'Manufacturing'],
  ['marketing', 'Marketing'],
  ['music', 'Music'],
  ['non_profit', 'Non-profit'],
  ['online_retail', 'Online Retail'],
  ['photography', 'Photography'],
  ['printing', 'Printing'],
  ['professional', 'Professional Services'],
  ['travel', 'Travel'],
  ['utilities', 'Utilities'],
  ['wholesale', 'Wholesale'],
  ['writing', 'Writing'],
  ['virtual_assistance', 'Virtual Assistance'],
  ['other', 'Other'],
] as const);
export type BusinessCategory = ChoiceOf<typeof BUSINESS_CATEGORIES>;

export const REFERRAL_SOURCES = new Choices([
  ['google', 'Google'],
  ['social_media', 'Social Media'],
  ['online_ads', 'Online Ads'],
  ['word_of_mouth', 'Word of Mouth'],
  ['email_marketing', 'Email Marketing'],
  ['event', 'Event'],
  ['blog', 'Blog'],
  ['webinar', 'Webinar'],
  ['podcast', 'Podcast'],
  ['tv_radio', 'TV / Radio'],
  ['print_media', 'Print Media'],
  ['referral', 'Referral'],
  ['other', 'Other'],
] as const);
export type ReferralSource = ChoiceOf<typeof REFERRAL_SOURCES>;

export const BANK_ACCOUNT_TYPES = new Choices([
  ['checking', 'Checking'],
  ['savings', 'Savings'],
  ['business', 'Business'],
  ['other', 'Other'],
] as const);
export type BankAccountType = ChoiceOf<typeof BANK_ACCOUNT_TYPES>;

export const REPORTING_CURRENCIES = new Choices([
  ['USD', 'US Dollar'],
  ['EUR', 'Euro'],
  ['GBP', 'British Pound'],
  ['JPY', 'Japanese Yen'],
  ['CAD', 'Canadian Dollar'],
  ['AUD', 'Australian Dollar'],
  ['CHF', 'Swiss Franc'],
  ['CNY', 'Chinese Yuan'],
  ['INR', 'Indian Rupee'],
  ['ZAR', 'South African Rand'],
  ['KES', 'Kenyan Shilling'],
  ['NGN', 'Nigerian Naira'],
  ['GHS', 'Ghanaian Cedi'],
  ['EGP', 'Egyptian Pound'],
  ['MAD', 'Moroccan Dirham'],
  ['TZS', 'Tanzanian Shilling'],
  ['UGX', 'Ugandan Shilling'],
  ['RWF', 'Rwandan Franc'],
  ['ETB', 'Ethiopian Birr'],
  ['BWP', 'Botswana Pula'],
] as const);
export type ReportingCurrency = ChoiceOf<typeof REPORTING_CURRENCIES>;

export const FINANCIAL_YEAR_ENDS = new Choices([
  ['01-31', '31 January'],
  ['02-28', '28 February'],
  ['03-31', '31 March'],
  ['04-30', '30 April'],
  ['05-31', '31 May'],
  ['06-30', '30 June'],
  ['07-31', '31 July'],
  ['08-31', '31 August'],
  ['09-30', '30 September'],
  ['10-31', '31 October'],
  ['11-30', '30 November'],
  ['12-31', '31 December'],
] as const);
export type FinancialYearEnd = ChoiceOf<typeof FINANCIAL_YEAR_ENDS>;

export const ACCOUNTING_METHODS = new Choices([
  ['cash', 'Cash'],
  ['accrual', 'Accrual'],
] as const);
export type AccountingMethod = ChoiceOf<typeof ACCOUNTING_METHODS>;
