/**
 * The benchmark's records, value for value those of the reference server's
 * seeder (`../shared/bench/ceiling/seed.js`): the same PRNG (mulberry32, seed
 * 42 for vendors, 4242 for expenses) draws the same names (about 5 % match
 * `acme`), decimals, dates, addresses and bank details, so both servers
 * answer the same lists and searches over the same rows.
 */

export class Rng {
  private a: number;

  constructor(seed: number) {
    this.a = seed >>> 0;
  }

  u32(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
    t = (((t + Math.imul(t ^ (t >>> 7), t | 61)) >>> 0) ^ t) >>> 0;
    return (t ^ (t >>> 14)) >>> 0;
  }

  int(n: number): number {
    return this.u32() % n;
  }

  pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)];
  }
}

/** A version-7-shaped UUID drawn from the generator. */
export function rid(rng: Rng): string {
  let h = '';
  for (let k = 0; k < 4; k++) h += rng.u32().toString(16).padStart(8, '0');
  h = h.slice(0, 12) + '7' + h.slice(13, 16) + '89ab'[parseInt(h[16], 16) & 3] + h.slice(17);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const money = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const BASE_DAY = Date.UTC(2019, 0, 1);
const EXPENSE_BASE_DAY = Date.UTC(2025, 0, 1);
const day = (offset: number, base = BASE_DAY): string => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
const slug = (word: string): string => word.toLowerCase().replace(/[^a-z0-9]/g, '');

/** When the i-th record of a kind was created: one a minute from 2026-01-01. */
export const createdAt = (i: number): Date => new Date(Date.UTC(2026, 0, 1) + i * 60_000);

const ADJ = ['Acme', 'Blue', 'Golden', 'Rapid', 'Silver', 'Prime', 'Global', 'Green', 'Summit', 'Urban',
  'Coastal', 'Northern', 'Sunrise', 'Apex', 'Bright', 'Savanna', 'Kilima', 'Pioneer', 'Harbor', 'Evergreen'];
const NOUN = ['Supplies', 'Logistics', 'Textiles', 'Foods', 'Electrics', 'Builders', 'Printing', 'Traders', 'Motors',
  'Pharma', 'Farms', 'Media', 'Solutions', 'Packaging', 'Hardware', 'Furniture', 'Water', 'Energy',
  'Catering', 'Stationers'];
const SUFFIX = ['Ltd', 'LLC', 'Inc', 'Group', 'Holdings', '& Co', 'Partners', 'Enterprises', 'Trading', 'Ventures'];
const DESCRIPTIONS = ['Preferred supplier of office consumables.', 'Handles freight and last-mile delivery.',
  'Quarterly maintenance contract.', 'Catering for staff events.', 'IT hardware and licences.',
  'Local printing partner.'];
const ENTITY_TYPES = ['individual', 'company', 'non_profit', 'government', 'partnership', 'other'] as const;
const VENDOR_STATUSES = ['potential', 'active', 'preferred', 'on_hold', 'inactive', 'blacklisted'] as const;
const VENDOR_CATEGORIES = ['goods', 'services', 'both', 'contractor', 'consultant', 'other'] as const;
const INDUSTRIES = ['agriculture', 'cleaning', 'construction', 'consulting', 'creative', 'education', 'events',
  'handyman', 'health', 'home_based', 'hospitality', 'it_support', 'legal', 'logistics',
  'manufacturing', 'marketing', 'music', 'non_profit', 'online_retail', 'photography', 'printing',
  'professional', 'travel', 'utilities', 'wholesale', 'writing', 'virtual_assistance', 'other'] as const;
const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'KES', 'ZAR', 'NGN'];
const CITIES = [['Nairobi', 'Nairobi County', 'KE'], ['Mombasa', 'Mombasa County', 'KE'], ['Kampala', 'Central', 'UG'],
  ['Lagos', 'Lagos State', 'NG'], ['Accra', 'Greater Accra', 'GH'], ['Cape Town', 'Western Cape', 'ZA'],
  ['Johannesburg', 'Gauteng', 'ZA'], ['Dar es Salaam', 'Dar es Salaam', 'TZ'], ['Kigali', 'Kigali', 'RW'],
  ['London', 'England', 'GB'], ['Berlin', 'Berlin', 'DE'], ['New York', 'NY', 'US']];
const STREETS = ['Moi Avenue', 'Kenyatta Road', 'Market Street', 'Harbour Road', 'Station Lane', 'Independence Ave',
  'Ngong Road', 'Long Street', 'Victoria Road', 'Uhuru Highway'];
const BANKS = [['Equity Bank', 'EQBLKENA'], ['KCB Bank', 'KCBLKENX'], ['Stanbic Bank', 'SBICKENX'],
  ['Absa Bank', 'BARCKENX'], ['Standard Chartered', 'SCBLKENX'], ['NCBA Bank', 'CBAFKENX'],
  ['Co-operative Bank', 'KCOOKENA'], ['First National Bank', 'FIRNZAJJ']];
const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'business', 'other'] as const;
const EXPENSE_TITLES = ['Taxi to client site', 'Printer toner', 'Team lunch', 'Cloud hosting', 'Conference ticket',
  'Office rent share', 'Mobile airtime', 'Courier fees', 'Software licence', 'Fuel'];
const EXPENSE_DESCRIPTIONS = ['Receipt attached.', 'Approved verbally by the manager.', 'Monthly recurring cost.',
  'Paid with the company card.'];
const EXPENSE_STATUSES = ['draft', 'submitted', 'approved', 'paid', 'rejected'] as const;

/**
 * The five expense accounts the expenses are booked to. The reference seeds
 * acct-5000 to acct-5040; the service's default chart has these (office
 * supplies, travel, meals, software, utilities), and acct-5000 in both.
 */
export const ACCOUNT_IDS = ['acct-5000', 'acct-6300', 'acct-6400', 'acct-6500', 'acct-6100'];

export interface BenchVendor {
  uniqueId: string;
  name: string;
  description: string | null;
  entityType: (typeof ENTITY_TYPES)[number];
  vendorStatus: (typeof VENDOR_STATUSES)[number];
  vendorCategory: (typeof VENDOR_CATEGORIES)[number];
  industry: (typeof INDUSTRIES)[number] | null;
  website: string | null;
  companySize: string | null;
  annualRevenue: string | null;
  minimumOrderAmount: string | null;
  defaultCurrency: string;
  firstContactDate: string;
  lastContactDate: string | null;
  nextFollowUpDate: string | null;
  lastOrderDate: string | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  qualityRating: string | null;
  deliveryRating: string | null;
  address: { addressLine1: string; addressLine2: string; city: string; provinceState: string; postalCode: string; country: string; phone: string };
  bankingInformation: {
    bankName: string;
    accountNumber: string;
    branchCode: string;
    accountType: (typeof BANK_ACCOUNT_TYPES)[number];
    routingNumber: string;
    swiftCode: string;
  };
  /** Whether the reference server assigns it to the user (the service always does). */
  assigned: boolean;
}

/** The i-th vendor; draws from `rng` exactly as the reference seeder does. */
export function vendor(i: number, rng: Rng): BenchVendor {
  const uniqueId = rid(rng);
  const adj = rng.pick(ADJ), noun = rng.pick(NOUN), suffix = rng.pick(SUFFIX);
  const rDesc = rng.int(100), desc = rng.pick(DESCRIPTIONS);
  const entityType = rng.pick(ENTITY_TYPES);
  const vendorStatus = rng.pick(VENDOR_STATUSES);
  const vendorCategory = rng.pick(VENDOR_CATEGORIES);
  const rInd = rng.int(100), industry = rng.pick(INDUSTRIES);
  const rWeb = rng.int(100);
  const rSize = rng.int(100), size = rng.pick(COMPANY_SIZES);
  const rRev = rng.int(100), rev = rng.int(100_000_000) * 100 + rng.int(100);
  const rMoa = rng.int(100), moa = rng.int(5_000_000);
  const currency = rng.pick(CURRENCIES);
  const first = rng.int(2000);
  const rLast = rng.int(100), last = first + rng.int(800);
  const rFollow = rng.int(100), follow = 2500 + rng.int(700);
  const rOrder = rng.int(100), order = first + rng.int(800);
  const rCs = rng.int(100), cs = 1500 + rng.int(900);
  const rCe = rng.int(100), ce = cs + 365 + rng.int(1100);
  const rQ = rng.int(100), q = rng.int(401) + 100;
  const rD = rng.int(100), d = rng.int(401) + 100;
  const number = rng.int(999) + 1, street = rng.pick(STREETS);
  const rL2 = rng.int(100), suite = rng.int(900) + 100;
  const [city, provinceState, country] = rng.pick(CITIES);
  const postal = rng.int(90_000) + 10_000, phone = rng.int(100_000_000);
  const [bankName, swiftCode] = rng.pick(BANKS);
  const accountNumber = rng.int(1_000_000_000), branch = rng.int(1000);
  const accountType = rng.pick(BANK_ACCOUNT_TYPES), routing = rng.int(1_000_000_000);
  const rAssigned = rng.int(100);
  return {
    uniqueId,
    name: `${adj} ${noun} ${suffix}`,
    description: rDesc < 30 ? null : desc,
    entityType,
    vendorStatus,
    vendorCategory,
    industry: rInd < 10 ? null : industry,
    website: rWeb < 10 ? null : `https://www.${slug(adj)}${slug(noun)}${i}.example.com`,
    companySize: rSize < 15 ? null : size,
    annualRevenue: rRev < 20 ? null : money(rev),
    minimumOrderAmount: rMoa < 30 ? null : money(moa),
    defaultCurrency: currency,
    firstContactDate: day(first),
    lastContactDate: rLast < 10 ? null : day(last),
    nextFollowUpDate: rFollow < 20 ? null : day(follow),
    lastOrderDate: rOrder < 25 ? null : day(order),
    contractStartDate: rCs < 30 ? null : day(cs),
    contractEndDate: rCs < 30 || rCe < 30 ? null : day(ce),
    qualityRating: rQ < 15 ? null : money(q),
    deliveryRating: rD < 15 ? null : money(d),
    address: {
      addressLine1: `${number} ${street}`,
      addressLine2: rL2 < 60 ? '' : `Suite ${suite}`,
      city,
      provinceState,
      postalCode: String(postal),
      country,
      phone: `+254 7${pad(phone, 8)}`,
    },
    bankingInformation: {
      bankName,
      accountNumber: pad(accountNumber, 10),
      branchCode: pad(branch, 3),
      accountType,
      routingNumber: pad(routing, 9),
      swiftCode,
    },
    assigned: rAssigned >= 50,
  };
}

export interface BenchExpense {
  uniqueId: string;
  title: string;
  description: string | null;
  expenseNumber: string;
  accountIndex: number;
  status: (typeof EXPENSE_STATUSES)[number];
  expenseDate: string;
  amount: string;
  taxAmount: string;
  /** Which of the vendors it names, or none. */
  vendorIndex: number | null;
  /** Whether the user is its employee. */
  employee: boolean;
}

/** The i-th expense; draws from `rng` exactly as the reference seeder does. */
export function expense(i: number, rng: Rng, vendorCount: number): BenchExpense {
  const uniqueId = rid(rng);
  const title = `${rng.pick(EXPENSE_TITLES)} #${i + 1}`;
  const accountIndex = rng.int(ACCOUNT_IDS.length);
  const offset = rng.int(700);
  const amount = rng.int(5_000_000) + 100;
  const tax = Math.floor((amount * 16 + 50) / 100);
  const status = rng.pick(EXPENSE_STATUSES);
  const rVendor = rng.int(100), vendorIndex = rng.int(Math.max(vendorCount, 1));
  const rEmployee = rng.int(100);
  const rDesc = rng.int(100), desc = rng.pick(EXPENSE_DESCRIPTIONS);
  return {
    uniqueId,
    title,
    description: rDesc < 40 ? null : desc,
    expenseNumber: `EXP-${pad(i + 1, 6)}`,
    accountIndex,
    status,
    expenseDate: day(offset, EXPENSE_BASE_DAY),
    amount: money(amount),
    taxAmount: money(tax),
    vendorIndex: rVendor < 50 || vendorCount === 0 ? null : vendorIndex,
    employee: rEmployee < 50,
  };
}
