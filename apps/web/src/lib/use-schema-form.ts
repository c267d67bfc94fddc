import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldError } from '@vizita/shared/contracts/api-response';
import { isApiError } from './api-client';
import { useValidationMessage } from './i18n';

/** One problem a schema reports: `path` leads to the value, `message` is a validation key. */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

type SafeParseResult<Output> =
  { success: true; data: Output } | { success: false; error: { issues: readonly SchemaIssue[] } };

/**
 * What the form needs of a schema: zod's synchronous `safeParse`, and its input type through the
 * Standard Schema property that zod schemas carry. The shared contracts are zod/mini schemas;
 * typing them structurally keeps zod itself out of the web app's imports.
 */
export interface FormSchema<Input, Output> {
  safeParse(data: unknown): SafeParseResult<Output>;
  readonly '~standard': { readonly types?: { readonly input: Input } | undefined };
}

/** What the form does not look into: a text, a choice, a number, a file. */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

/**
 * Every dotted path into a form's values: `email`, `bios.en`, `ranges.${number}.start`. A flat
 * key may hold a dot itself (`insurance.type` of the profile forms); it is found as it is.
 */
export type Path<T> = T extends Leaf
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | `${number}.${Path<E>}`
    : { [K in keyof T & string]: K | `${K}.${Path<T[K]>}` }[keyof T & string];

/** The type of the value a path leads to. */
export type PathValue<T, P extends string> = T extends readonly (infer E)[]
  ? P extends `${number}`
    ? E
    : P extends `${number}.${infer Rest}`
      ? PathValue<E, Rest>
      : never
  : P extends keyof T
    ? T[P]
    : P extends `${infer K}.${infer Rest}`
      ? K extends keyof T
        ? PathValue<T[K], Rest>
        : never
      : never;

type ControlEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * Props for one control: spread into TextField, SelectField, CheckboxField, a textarea (or a
 * plain input). A list of choices (a doctor's specialties) takes the whole new list instead.
 */
export type FieldProps<T> = {
  name: string;
  onBlur: () => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** The translated error, shown under the control in the element with `errorId`. */
  error: string | undefined;
  errorId: string;
} & (T extends boolean
  ? { checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void }
  : T extends string
    ? { value: string; onChange: (event: ControlEvent) => void }
    : T extends readonly string[]
      ? { value: readonly string[]; onChange: (next: string[]) => void }
      : never);

/** Validation keys by the dotted path of their value. */
type Errors = Readonly<Record<string, string>>;

/** The API's field errors of a 4xx answer (`errors: [{ path, code }]`), if it has any. */
function serverFieldErrors(error: unknown): readonly FieldError[] {
  return isApiError(error) ? error.fieldErrors : [];
}

type Container = Record<string, unknown>;

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

// A path is a flat name first (the profile forms' `insurance.type` holds a dot), else its
// dot-separated keys one level after another.

function valueAt(values: object, path: string): unknown {
  if (Object.hasOwn(values, path)) return (values as Container)[path];
  return path.split('.').reduce<unknown>((value, key) => (value as Container)?.[key], values);
}

/** A copy of `values` with `next` at `path`; only the objects and lists on the way are copied. */
function withValueAt<V extends object>(values: V, path: string, next: unknown): V {
  if (Object.hasOwn(values, path)) return { ...values, [path]: next };
  const put = (value: unknown, [key, ...more]: string[]): unknown =>
    key === undefined
      ? next
      : Array.isArray(value)
        ? value.map((item: unknown, at) => (String(at) === key ? put(item, more) : item))
        : { ...(value as object), [key]: put((value as Container)[key], more) };
  return put(values, path.split('.')) as V;
}

/**
 * The value an issue belongs to, as a dotted path: the deepest part of its path the values hold
 * (a rule about a whole list lands on the list). None when even its first key is unknown.
 */
function fieldOf(values: object, path: readonly PropertyKey[]): string | undefined {
  const keys = path.map(String);
  if (Object.hasOwn(values, keys.join('.'))) return keys.join('.');
  const found: string[] = [];
  let value: unknown = values;
  for (const key of keys) {
    if (!isContainer(value) || !Object.hasOwn(value, key)) break;
    found.push(key);
    value = value[key];
  }
  return found.length > 0 ? found.join('.') : undefined;
}

const isUnder = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/** A value's error: its own, or one of a part of it (a list's item, a row's time). */
const errorAt = (errors: Errors, path: string) =>
  Object.entries(errors).find(([key]) => isUnder(key, path))?.[1];

/** Without the errors of a value and of its parts (it was just changed), or with a new one. */
function withError(errors: Errors, path: string, key?: string): Errors {
  const kept = Object.entries(errors).filter(([name]) => !isUnder(name, path));
  return Object.fromEntries(key === undefined ? kept : [...kept, [path, key]]);
}

/**
 * The errors after the list at `path` changed: its own go (a rule about the whole list), and
 * those of item `removed`, if one was; the items after it move up, their errors with them.
 */
function listErrors(errors: Errors, path: string, removed = -1): Errors {
  const moved: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (!key.startsWith(`${path}.`)) {
      if (key !== path) moved[key] = message;
      continue;
    }
    const [item, ...rest] = key.slice(path.length + 1).split('.');
    const at = Number(item);
    if (at !== removed)
      moved[[path, removed >= 0 && at > removed ? at - 1 : at, ...rest].join('.')] = message;
  }
  return moved;
}

/** Whether any text of the values is empty, however deep. */
function hasEmptyText(value: unknown): boolean {
  return (
    value === '' ||
    (isContainer(value) && !(value instanceof Blob) && Object.values(value).some(hasEmptyText))
  );
}

/**
 * A form validated by one of the shared schemas (spec §2): a field is checked when it loses focus
 * (the whole schema runs, that field's first issue is shown), its error clears as soon as the
 * user types, and a submit checks everything and moves focus to the first invalid field. Errors
 * are validation keys, translated when rendered, so a language switch re-translates them.
 *
 * Values may nest: a field is named by its dotted path (`bios.en`, `ranges.2.end`), which is also
 * the `name` of its control and the `path` of the API's field errors. Lists grow and shrink with
 * `append` and `remove`. An issue whose path the values do not hold blocks the submit unshown.
 */
export function useSchemaForm<V extends object, Input, Output>({
  schema,
  defaultValues,
}: {
  schema: FormSchema<Input, Output>;
  /** The fields, by the schema's names: a name the schema does not know fails to compile. */
  defaultValues: V & Record<Exclude<keyof V, keyof Input>, never>;
}) {
  type Name = Path<V>;
  const validationMessage = useValidationMessage();
  const idPrefix = useId();
  const [initialValues] = useState<V>(defaultValues);
  const [values, setValuesState] = useState(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Handlers read these rather than render-time state: a blur or submit may run before React has
  // re-rendered after the last keystroke, and a second submit must see the first one running.
  const valuesRef = useRef(initialValues);
  const submittingRef = useRef(false);
  const focusRequest = useRef<HTMLFormElement | null>(null);

  const setValues = (next: V) => {
    valuesRef.current = next;
    setValuesState(next);
  };

  const issuesByField = (issues: readonly SchemaIssue[]): Errors => {
    const found: Record<string, string> = {};
    for (const { path, message } of issues) {
      const name = fieldOf(valuesRef.current, path);
      if (name !== undefined && found[name] === undefined) found[name] = message;
    }
    return found;
  };

  const validateField = (name: string) => {
    const result = schema.safeParse(valuesRef.current);
    const key = result.success ? undefined : issuesByField(result.error.issues)[name];
    setErrors((current) => withError(current, name, key));
  };

  // After a failed submit, focus the first invalid control in document order, once the errors
  // are rendered, so that it is announced with its aria-invalid and error description.
  useEffect(() => {
    const form = focusRequest.current;
    focusRequest.current = null;
    if (!form) return;
    for (const element of form.elements) {
      const name = element.getAttribute('name');
      if (name && errorAt(errors, name) !== undefined) {
        (element as HTMLElement).focus();
        return;
      }
    }
  }, [errors]);

  /** Sets one value, however deep, and clears its errors (and those of its parts). */
  const setValue = <P extends Name>(path: P, next: PathValue<V, P>) => {
    setValues(withValueAt(valuesRef.current, path, next));
    setErrors((current) => withError(current, path));
  };

  function field<P extends Name>(path: P): FieldProps<PathValue<V, P>> {
    const error = validationMessage(errorAt(errors, path));
    const errorId = `${idPrefix}-${path}-error`;
    const value = valueAt(values, path);
    const set = (next: unknown) => setValue(path, next as PathValue<V, P>);
    const common = {
      name: path,
      onBlur: () => validateField(path),
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? errorId : undefined,
      error,
      errorId,
    };
    // TypeScript cannot narrow a conditional type by a runtime check on a generic value.
    let props;
    if (typeof value === 'boolean')
      props = {
        ...common,
        checked: value,
        onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.checked),
      };
    else if (Array.isArray(value)) props = { ...common, value, onChange: set };
    else props = { ...common, value, onChange: (event: ControlEvent) => set(event.target.value) };
    return props as unknown as FieldProps<PathValue<V, P>>;
  }

  /** Validates everything; calls `onValid` with the parsed output, or shows the errors. */
  const handleSubmit =
    (onValid: (data: Output) => Promise<void> | void) =>
    async (event?: FormEvent<HTMLFormElement>): Promise<void> => {
      event?.preventDefault();
      if (submittingRef.current) return;
      const result = schema.safeParse(valuesRef.current);
      if (!result.success) {
        focusRequest.current = event?.currentTarget ?? null;
        setErrors(issuesByField(result.error.issues));
        return;
      }
      setErrors({});
      submittingRef.current = true;
      setSubmitting(true);
      try {
        await onValid(result.data);
      } finally {
        submittingRef.current = false;
        setSubmitting(false);
      }
    };

  /**
   * Puts the API's field errors (`errors: [{ path, code }]`, codes are validation keys) on the
   * values their dotted paths name. Returns whether any was applied.
   */
  const setServerErrors = (error: unknown): boolean => {
    const found = issuesByField(
      serverFieldErrors(error).map(({ path, code }) => ({ path: path.split('.'), message: code })),
    );
    if (Object.keys(found).length === 0) return false;
    setErrors((current) => ({ ...current, ...found }));
    return true;
  };

  /**
   * Sets several fields at once and clears their errors: for a choice that empties the fields
   * depending on it (spec §5: a new country clears the national ID and the insurance).
   */
  const setFieldValues = (next: Partial<V>) => {
    setValues({ ...valuesRef.current, ...next });
    setErrors((current) => Object.keys(next).reduce((acc, name) => withError(acc, name), current));
  };

  const changeList = (path: string, change: (list: unknown[]) => unknown[], removed?: number) => {
    const list = (valueAt(valuesRef.current, path) ?? []) as unknown[];
    setValues(withValueAt(valuesRef.current, path, change(list)));
    setErrors((current) => listErrors(current, path, removed));
  };

  /** Adds an item at the end of the list at `path` (a row of hours). */
  const append = <P extends Name>(
    path: P,
    item: PathValue<V, P> extends readonly (infer E)[] ? E : never,
  ) => changeList(path, (list) => [...list, item]);

  /** Removes item `index` of the list at `path`; the errors of the later items move with them. */
  const remove = <P extends Name>(path: P, index: number) =>
    changeList(path, (list) => list.filter((_, at) => at !== index), index);

  /** Back to the default values (or the given ones), without errors. */
  const reset = (next: Partial<V> = {}) => {
    setValues({ ...initialValues, ...next });
    setErrors({});
  };

  return {
    field,
    values,
    /** Validation keys by dotted path (untranslated; `field(path).error` is the text to show). */
    errors: errors as Partial<Record<Name, string>>,
    isSubmitting,
    /** Spec §5: some submit buttons stay disabled while any text field is empty. */
    hasEmptyField: hasEmptyText(values),
    handleSubmit,
    setServerErrors,
    setValue,
    setFieldValues,
    append,
    remove,
    reset,
  };
}
