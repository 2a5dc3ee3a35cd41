/**
 * Age in whole years on a given day. dateOfBirth 'YYYY-MM-DD'; on: ISO date or date-time
 * (its calendar date is used). Throws RangeError on a malformed date.
 */
export function ageOn(dateOfBirth: string, on: string): number {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth);
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(on);
  if (!birth || !day) throw new RangeError(`ageOn: expected ISO dates, got "${dateOfBirth}" and "${on}"`);
  const [by, bm, bd] = birth.slice(1).map(Number) as [number, number, number];
  const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
