import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@vizita/shared/constants';
import { AUDIT_EVENTS } from '@vizita/shared/domain/audit-events';
import { loadAllResources } from '../lib/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const languages = (await loadAllResources()) as unknown as Record<string, Record<string, Tree>>;
const namespaces = Object.keys(languages.en!);
const keysOf = (lng: string, ns: string) => flatten(languages[lng]![ns] ?? {});
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

// Values that are the same in every language on purpose.
const SAME_IN_EVERY_LANGUAGE = new Set([
  'common:appName',
  'common:pageTitle',
  // "60.00 EUR": amount and currency code, ordered alike in en, bg and de.
  'appointments:booking.confirm.amount',
  'appointments:success.amount',
  // "krankmeldung.pdf · 2 kB · March 2, 2026": name, size and date, each already localised.
  'appointments:documents.fileLine',
  // A number and its unit, written alike.
  'appointments:meeting.connection.rate',
  // Words German shares with English.
  'appointments:meeting.chat.button',
  'appointments:meeting.chat.title',
  'privacy:file.fields.name',
  'privacy:file.fields.status',
  'privacy:file.fields.version',
  // A medicine's form German writes as English does.
  'clinicalDocuments:prescription.forms.gel',
  // A doctor's name in brackets, after a control's text, for screen readers.
  'onDemand:onCall.forDoctor',
]);

describe('translations', () => {
  it('has the sections of spec §1 in every language', () => {
    expect(Object.keys(languages).sort()).toEqual([...LOCALES].sort());
    for (const ns of [
      'common',
      'navigation',
      'auth',
      'appointments',
      'profile',
      'medical',
      'language',
      'validation',
    ]) {
      expect(namespaces).toContain(ns);
    }
    for (const lng of LOCALES)
      expect(Object.keys(languages[lng]!).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('has the same keys in en, bg and de: %s', (ns) => {
    const english = [...keysOf('en', ns).keys()].sort();
    for (const lng of LOCALES) {
      const keys = [...keysOf(lng, ns).keys()].sort();
      expect({ lng, missing: english.filter((k) => !keys.includes(k)) }).toEqual({
        lng,
        missing: [],
      });
      expect({ lng, extra: keys.filter((k) => !english.includes(k)) }).toEqual({ lng, extra: [] });
    }
  });

  it.each(namespaces)('translates every text and keeps its placeholders: %s', (ns) => {
    const english = keysOf('en', ns);
    for (const lng of LOCALES.filter((l) => l !== 'en')) {
      for (const [key, value] of keysOf(lng, ns)) {
        const source = english.get(key)!;
        expect(value.trim(), `${lng} ${ns}:${key}`).not.toBe('');
        expect(variables(value), `${lng} ${ns}:${key}`).toEqual(variables(source));
        if (!SAME_IN_EVERY_LANGUAGE.has(`${ns}:${key}`)) {
          expect(value, `${lng} ${ns}:${key} is still English`).not.toBe(source);
        }
      }
    }
  });
});

describe('translation keys', () => {
  const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
  const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'),
    )
    .map((file) => readFileSync(join(srcDir, file), 'utf8'))
    .join('\n');
  const quoted = (text: string) =>
    [`'${text}'`, `"${text}"`, `\`${text}\``].some((q) => sources.includes(q));

  // `validation` is the shared schemas' vocabulary (packages/shared messages/validation.ts): its
  // keys are referenced by the schemas and the API's field errors, not by literals in this app.
  // Likewise the audit log's event names: one per event of the shared catalogue.
  const eventNames = new Set(AUDIT_EVENTS.map((event) => `audit.events.${event}`));
  it.each(namespaces.filter((ns) => ns !== 'validation'))(
    'are all referenced in src with a literal key: %s',
    (ns) => {
      // A plural form (`codesLeft_one`, `codesLeft_other`) is referenced by its base key.
      const referenced = (key: string) => {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
        return quoted(base) || quoted(`${ns}:${base}`);
      };
      const unused = [...keysOf('en', ns).keys()].filter(
        (key) => !referenced(key) && !(ns === 'admin' && eventNames.has(key)),
      );
      expect(unused).toEqual([]);
    },
  );
});
