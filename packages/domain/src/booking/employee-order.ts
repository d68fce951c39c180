const NUMERIC = /^\d+$/;

/**
 * The order of employee ids in slots and in pickEmployee's last tie-break: ids made only of digits first, by
 * numeric value ("9" before "10"; equal values such as "7" and "007" by their text), then all other ids by their
 * UTF-16 code units (not by locale). A total order, so the same free employees always give the same answer.
 */
export function compareEmployeeIds(a: string, b: string): number {
  const aNumeric = NUMERIC.test(a);
  const bNumeric = NUMERIC.test(b);
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  if (aNumeric) {
    // Compared as digit strings: ids longer than 15 digits stay exact.
    const aDigits = a.replace(/^0+(?=\d)/, "");
    const bDigits = b.replace(/^0+(?=\d)/, "");
    if (aDigits.length !== bDigits.length) return aDigits.length - bDigits.length;
    if (aDigits !== bDigits) return aDigits < bDigits ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
