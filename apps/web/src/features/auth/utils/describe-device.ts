/** The browser and system of a User-Agent, as a person names them ("Chrome on Windows"). */
export function describeDevice(userAgent: string | null): { browser?: string; system?: string } {
  if (!userAgent) return {};
  const browser = [
    ['Edge', /Edg\//],
    ['Opera', /OPR\//],
    ['Firefox', /Firefox\//],
    ['Chrome', /Chrome\/|CriOS\//],
    ['Safari', /Safari\//],
  ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] as string | undefined;
  const system = [
    ['iPhone', /iPhone/],
    ['iPad', /iPad/],
    ['Android', /Android/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] as string | undefined;
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}
