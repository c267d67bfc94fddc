import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { isApiError } from './api-client';
import { useValidationMessage } from './i18n';

/** One problem a schema reports: `path[0]` names the field, `message` is a validation key. */
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

export type FormValues = Record<string, string | boolean>;

/** Props for one control: spread into TextField, SelectField or CheckboxField (or a plain input). */
export type FieldProps<V extends string | boolean> = {
  name: string;
  onBlur: () => void;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** The translated error, shown under the control in the element with `errorId`. */
  error: string | undefined;
  errorId: string;
} & (V extends boolean ? { checked: boolean } : { value: string });

/** Validation keys by field name. */
type Errors = Readonly<Record<string, string>>;

interface ServerFieldError {
  path: string;
  code: string;
}

/** The API's field errors of a 4xx answer (`errors: [{ path, code }]`), if it has any. */
function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is ServerFieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ServerFieldError).path === 'string' &&
      typeof (item as ServerFieldError).code === 'string',
  );
}

function isFieldOf<V extends FormValues>(values: V, path: unknown): path is keyof V & string {
  return typeof path === 'string' && Object.hasOwn(values, path);
}

function withError(errors: Errors, name: string, key: string | undefined): Errors {
  if (errors[name] === key) return errors;
  const { [name]: _previous, ...others } = errors;
  return key === undefined ? others : { ...others, [name]: key };
}

/**
 * A form validated by one of the shared schemas (spec §2): a field is checked when it loses focus
 * (the whole schema runs, that field's first issue is shown), its error clears as soon as the
 * user types, and a submit checks everything and moves focus to the first invalid field. Errors
 * are validation keys, translated when rendered, so a language switch re-translates them.
 * Issues whose path names no field of `defaultValues` block the submit without being shown.
 */
export function useSchemaForm<V extends FormValues, Input, Output>({
  schema,
  defaultValues,
}: {
  schema: FormSchema<Input, Output>;
  /** The fields, by the schema's names: a name the schema does not know fails to compile. */
  defaultValues: V & Record<Exclude<keyof V, keyof Input>, never>;
}) {
  type Name = keyof V & string;
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
      const name = path[0];
      if (isFieldOf(initialValues, name) && found[name] === undefined) found[name] = message;
    }
    return found;
  };

  const validateField = (name: Name) => {
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
      if (isFieldOf(initialValues, name) && errors[name] !== undefined) {
        (element as HTMLElement).focus();
        return;
      }
    }
  }, [errors, initialValues]);

  function field<N extends Name>(name: N): FieldProps<V[N]> {
    const error = validationMessage(errors[name]);
    const errorId = `${idPrefix}-${name}-error`;
    const value = values[name];
    const common = {
      name,
      onBlur: () => validateField(name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        // Only an <input type="checkbox"> holds a boolean field.
        const next =
          typeof value === 'boolean'
            ? (event.target as HTMLInputElement).checked
            : event.target.value;
        setValues({ ...valuesRef.current, [name]: next });
        setErrors((current) => withError(current, name, undefined));
      },
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? errorId : undefined,
      error,
      errorId,
    };
    // TypeScript cannot narrow a conditional type by a runtime check on a generic value.
    const props = typeof value === 'boolean' ? { ...common, checked: value } : { ...common, value };
    return props as unknown as FieldProps<V[N]>;
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
   * fields they name. Returns whether any was applied.
   */
  const setServerErrors = (error: unknown): boolean => {
    const found = issuesByField(
      serverFieldErrors(error).map(({ path, code }) => ({ path: [path], message: code })),
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
    setErrors((current) =>
      Object.keys(next).reduce((acc, name) => withError(acc, name, undefined), current),
    );
  };

  /** Back to the default values (or the given ones), without errors. */
  const reset = (next: Partial<V> = {}) => {
    setValues({ ...initialValues, ...next });
    setErrors({});
  };

  const hasEmptyField = Object.values(values).some((value) => value === '');

  return {
    field,
    values,
    /** Validation keys by field (untranslated; `field(name).error` is the text to show). */
    errors: errors as Partial<Record<Name, string>>,
    isSubmitting,
    /** Spec §5: some submit buttons stay disabled while any text field is empty. */
    hasEmptyField,
    handleSubmit,
    setServerErrors,
    setFieldValues,
    reset,
  };
}
