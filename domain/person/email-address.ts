/**
 * E-mail addresses as people type them and as the service compares them.
 *
 * An address is stored as given, trimmed and in Unicode's compatibility form
 * (NFKC), so that `\u212Aate@example.com` (KELVIN SIGN) and `Kate@example.com`
 * are one address, as Django does for user names. Two addresses are the same
 * account when their keys are equal: the stored form lower-cased. Lower-casing
 * comes after NFKC because some compatibility characters only fold to ASCII
 * once decomposed.
 */
export function normaliseEmail(raw: string): string {
  return raw.trim().normalize('NFKC');
}

/** What accounts, invitations and throttles are matched on. */
export function emailKey(raw: string): string {
  return normaliseEmail(raw).toLowerCase();
}

export function sameEmail(a: string, b: string): boolean {
  return emailKey(a) === emailKey(b);
}
