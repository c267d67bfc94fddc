// Amounts are written in US English like the dates (spec §9): "60.00", "1,250.50". The API
// answers amounts in major units (60); prices are kept in minor units (6000, ARCHITECTURE.md §4).
// Made on first use, not as the module loads: the first `Intl` formatter of a page loads the
// browser's locale data, tens of milliseconds that a page showing no amount need not spend.
let amount: Intl.NumberFormat | undefined;

/** An amount in major units as shown: 60 → "60.00". */
export function formatAmount(value: number): string {
  amount ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return amount.format(value);
}

/** An amount in minor units as shown: 6000 → "60.00". */
export function formatMinorAmount(minor: number): string {
  return formatAmount(minor / 100);
}
