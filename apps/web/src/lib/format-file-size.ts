const KB = 1024;
const MB = 1024 * KB;

/** "512 B", "12.5 kB", "3.4 MB" in the interface language's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes >= MB
      ? [bytes / MB, 'megabyte']
      : bytes >= KB
        ? [bytes / KB, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
