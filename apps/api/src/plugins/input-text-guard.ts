import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isUncheckedSecret } from '@vizita/shared/contracts/field-checks';

/**
 * Every string a route accepts must refuse control and bidirectional-control characters
 * (packages/shared/src/domain/safe-text.ts): a U+0000 that reaches PostgreSQL was a 500 for anyone
 * (issue #18). The rule is checked where it cannot be forgotten: when a route is registered, each
 * string in its params, query and body schema is tried with such characters, and an app with a
 * route whose string takes them does not start. Secrets that are never stored as text nor shown (a
 * password being checked) are marked as such in the contract (`uncheckedSecret`).
 */

// Each must be refused by every checked string: the NUL PostgreSQL refuses and a bidi override,
// in a short text, and in a longer one that meets the usual minimum lengths and password rules.
const HOSTILE = ['\u0000', '\u202E'].flatMap((c) => [
  `ab${c}cd`,
  `Abcdefgh-2026!${c}xyz`,
  `A reason long enough for any form, ${c} with words`,
]);

type Def = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  element?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  keyType?: Schema;
  valueType?: Schema;
  left?: Schema;
  right?: Schema;
  getter?: () => Schema;
};
type Schema = { _zod?: { def: Def }; safeParse?: (value: unknown) => unknown };

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HOSTILE_CHARACTER = /[\u0000\u202E]/u;

/**
 * Whether a string schema (or a pipe that starts with one) lets hostile text through: parsing
 * succeeds and the value still holds the character. A check that strips it (a file name's) is
 * as good as one that refuses it.
 */
function letsHostileTextThrough(schema: Schema): boolean {
  return HOSTILE.some((text) => {
    const result = schema.safeParse!(text) as { success: boolean; data?: unknown };
    return result.success && typeof result.data === 'string' && HOSTILE_CHARACTER.test(result.data);
  });
}

/** The paths of the strings in `schema` that accept hostile text. */
export function stringsTakingHostileText(schema: unknown, path = ''): string[] {
  const s = schema as Schema;
  const def = s?._zod?.def;
  if (!def) return [];
  const walk = (child: Schema | null | undefined, suffix = '') =>
    child ? stringsTakingHostileText(child, path + suffix) : [];
  switch (def.type) {
    case 'string':
      return !isUncheckedSecret(s) && letsHostileTextThrough(s) ? [path || '(root)'] : [];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, `.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return walk(def.innerType);
    case 'pipe':
      // A string's pipe is judged whole: its output is what the route works with.
      if (def.in?._zod?.def.type === 'string')
        return !isUncheckedSecret(def.in) && letsHostileTextThrough(s) ? [path || '(root)'] : [];
      return [...walk(def.in), ...walk(def.out)];
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'array':
      return walk(def.element, '[]');
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, i) => walk(item, `[${i}]`)), ...walk(def.rest)];
    case 'record':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{}')];
    case 'lazy':
      return walk(def.getter?.());
    default:
      return [];
  }
}

export const inputTextGuardPlugin = fp(
  async (app: FastifyInstance) => {
    const open: string[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema) return;
      const paths = (['params', 'querystring', 'body'] as const).flatMap((part) =>
        stringsTakingHostileText(schema[part]).map((path) => `${part}${path}`),
      );
      if (paths.length > 0) open.push(`${String(route.method)} ${route.url}: ${paths.join(', ')}`);
    });
    // All of them at once, when the app is ready: a list to work through, not one at a time.
    app.addHook('onReady', async () => {
      if (open.length > 0)
        throw new Error(
          'These route inputs accept control characters; check them with safeLine() or ' +
            `safeFreeText() (packages/shared/src/contracts/field-checks.ts):\n${open.join('\n')}`,
        );
    });
  },
  { name: 'input-text-guard' },
);
