import type { FormSchema, SchemaIssue } from './use-schema-form';

// Its own module, not the hook's: the first page's forms need none of it (ADR 0010's budget).

/**
 * A schema over a form's own values, for a form that holds what a contract judges in another
 * shape — a fee typed in euro, a row's key for React, a blank choice for "none" — so that the
 * form is still judged by the contract, and the hook shows its issues where the values are.
 * `toInput` builds the contract's input from the values; `check` adds the rules the contract
 * cannot know (the doctor's slot length, today's date), once it passes; `fieldOf` moves an
 * issue's path to the value it is about where their names differ (`feeMinor` → `fee`).
 */
export function formSchema<V, Input, Output>({
  schema,
  toInput,
  check,
  fieldOf: pathOf = (path) => path,
}: {
  schema: FormSchema<Input, Output>;
  /** The contract's input: its names are checked, its values are the schema's to judge. */
  toInput: (values: V) => NoInfer<{ [K in keyof Input]?: unknown }>;
  check?: (data: Output) => readonly SchemaIssue[];
  fieldOf?: (path: readonly PropertyKey[]) => readonly PropertyKey[];
}): FormSchema<V, Output> {
  const failed = (issues: readonly SchemaIssue[]) => ({
    success: false as const,
    error: { issues: issues.map(({ path, message }) => ({ path: pathOf(path), message })) },
  });
  return {
    '~standard': {},
    safeParse(data) {
      const result = schema.safeParse(toInput(data as V));
      if (!result.success) return failed(result.error.issues);
      const more = check?.(result.data) ?? [];
      return more.length > 0 ? failed(more) : result;
    },
  };
}
