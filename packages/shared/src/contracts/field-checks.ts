import * as z from 'zod/mini';

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
