import * as z from 'zod/mini';
import { isSafeFreeText, isSafeLine } from '../domain/safe-text.ts';

// An empty field gets one message ("… is required"); the checks after it run only `when` the
// field is filled. (Not `abort: true`: an explicit abort anywhere in an object also stops its
// cross-field checks, such as "Passwords do not match".)

/** True for a non-empty string: the condition of every check after "required". */
export const filled = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.length > 0;

/** Cross-field checks run whenever there is an object, even while some fields are invalid. */
export const isObject = ({ value }: { value: unknown }) =>
  typeof value === 'object' && value !== null;

export const minLengthIfFilled = (min: number, message: string) =>
  z.refine<string>((v) => v.length >= min, { message, when: filled });
export const maxLengthIfFilled = (max: number, message: string) =>
  z.refine<string>((v) => v.length <= max, { message, when: filled });

/** One line a person types (a name, a title, a search): no control, bidi or invisible character. */
export const safeLine = () => z.refine<string>(isSafeLine, { message: 'textInvalidCharacters' });
/** Free text (a reason, a note): tab and line breaks, but no other control or bidi character. */
export const safeFreeText = () =>
  z.refine<string>(isSafeFreeText, { message: 'textInvalidCharacters' });

// Secrets that are only ever compared (a password being checked) take any character: refusing
// one could lock out a person whose password has it, and none is stored or shown as text.
const uncheckedSecrets = new WeakSet<object>();
/** Marks a schema as a secret exempt from the text rules above (see its use for why). */
export function uncheckedSecret<T extends object>(schema: T): T {
  uncheckedSecrets.add(schema);
  return schema;
}
export const isUncheckedSecret = (schema: object) => uncheckedSecrets.has(schema);
