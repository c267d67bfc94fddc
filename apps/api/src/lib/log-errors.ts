import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

// Errors as the log and jobs.last_error keep them (issue #18). A failed query's error carries the
// values it was given — drizzle's message ends in "params: …" and keeps them in `params`, and
// PostgreSQL repeats values in its message ('invalid input syntax for type uuid: "…"'), its
// detail ('Key (email)=(…) already exists', 'Failing row contains (…)') and its context. Those
// values are argon2id hashes, addresses, whole mails with live links. What an operator needs to
// find the fault stays: the SQL text (placeholders only), the SQLSTATE, the table, column and
// constraint, and the stack.

const REDACTED = '[redacted]';
/** Causes followed at most: a chain is a few levels deep; a loop must not hang the logger. */
const MAX_DEPTH = 8;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/**
 * Quoted text becomes "[redacted]" unless it is one of the error's own names (table, column,
 * constraint …) or an identifier the SQL quotes, so nothing but what the log shows anyway is kept.
 */
function redactQuoted(text: string, names: readonly unknown[], query: string): string {
  return text.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) =>
    inner !== '' && (names.includes(inner) || query.includes(quoted)) ? quoted : `"${REDACTED}"`,
  );
}

/**
 * PostgreSQL's detail, kept only in the shapes we know to carry values in one place (the
 * constraint violations, with the values cut out) or none (a deadlock's processes).
 */
function safeDetail(detail: string | undefined): string | undefined {
  if (detail === undefined) return undefined;
  const key =
    /^Key \((.+?)\)=\(.*\) (already exists|is not present in table "[^"]*"|is still referenced from table "[^"]*")\.$/s.exec(
      detail,
    );
  if (key) return `Key (${key[1]})=(${REDACTED}) ${key[2]}.`;
  const exclusion = /^Key \((.+?)\)=\(.*\) conflicts with existing key \((.+?)\)=\(.*\)\.$/s.exec(
    detail,
  );
  if (exclusion)
    return `Key (${exclusion[1]})=(${REDACTED}) conflicts with existing key (${exclusion[2]})=(${REDACTED}).`;
  if (/^Failing row contains \(.*\)\.$/s.test(detail)) return `Failing row contains (${REDACTED}).`;
  if (/^(Process \d+ waits for [^\n]*\n?)+$/.test(detail)) return detail;
  return REDACTED;
}

/** Where the error arose: the parameter's number is kept; quoted statements and data are not. */
const safeWhere = (where: string | undefined) =>
  where === undefined || /^unnamed portal parameter \$\d+$/.test(where) ? where : REDACTED;

/** Drizzle's "params: …" line, also when another error's message quoted a failed query's. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '');

function safeMessage(err: ErrorLike, query: string): string {
  if (err instanceof DrizzleQueryError) return `Failed query: ${err.query}`;
  if (err instanceof pg.DatabaseError)
    return redactQuoted(
      err.message,
      [err.table, err.column, err.constraint, err.schema, err.dataType],
      query,
    );
  return withoutParams(err.message);
}

/** The frames of a stack under a header we wrote: the original header repeats the message. */
function safeStack(err: ErrorLike, header: string): string {
  const frames = typeof err.stack === 'string' ? err.stack.split('\n') : [];
  return [header, ...frames.filter((line) => /^\s+at /.test(line))].join('\n');
}

/** An error as a log line holds it (pino's shape: type, message, stack and the fields). */
export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
};

function serialize(err: ErrorLike, query: string, depth: number): SerializedError {
  const type =
    typeof err.constructor === 'function' && err.constructor.name
      ? err.constructor.name
      : String(err.name);
  const message = safeMessage(err, query);
  const out: SerializedError = { type, message, stack: safeStack(err, `${type}: ${message}`) };
  const nested = (value: unknown, q: string) =>
    isErrorLike(value) && depth < MAX_DEPTH ? serialize(value, q, depth + 1) : undefined;

  if (err instanceof DrizzleQueryError) {
    out.query = err.query;
    out.params = REDACTED;
    out.cause = nested(err.cause, err.query);
    return out;
  }
  if (err instanceof pg.DatabaseError) {
    // A whitelist: the driver's other fields (internalQuery, hint …) may quote data.
    Object.assign(out, {
      code: err.code,
      severity: err.severity,
      schema: err.schema,
      table: err.table,
      column: err.column,
      dataType: err.dataType,
      constraint: err.constraint,
      routine: err.routine,
      position: err.position,
      detail: safeDetail(err.detail),
      where: safeWhere(err.where),
    });
    return out;
  }
  // Any other error as pino's own serializer shows it — its enumerable fields, errors among
  // them serialized alike — with a failed query anywhere in its causes made safe.
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || key in out) continue;
    out[key] = isErrorLike(value) ? nested(value, query) : value;
  }
  if (Array.isArray(err.errors))
    out.aggregateErrors = (err.errors as unknown[]).map((e) => nested(e, query) ?? e);
  if (err.cause !== undefined) out.cause = nested(err.cause, query) ?? err.cause;
  return out;
}

/**
 * The `err` serializer of every logger the server makes (app.ts: the app's, which the job worker
 * and the background loop log through). Never throws: a logger that throws would stop the caller.
 */
export function serializeError(err: Error): SerializedError {
  // pino hands over whatever was logged under `err`; what is no error stays as it was.
  if (!isErrorLike(err)) return err as unknown as SerializedError;
  try {
    return serialize(err, '', 0);
  } catch {
    return { type: 'Error', message: 'an error that could not be serialized', stack: '' };
  }
}

/**
 * pino's `logMethod` hook for the same loggers. `log.error(err)` makes the error's own message the
 * line's `msg`, and Fastify's fallback error log passes `err.message` as the message: both put a
 * failed query's values beside the serialized error. The line gets the safe message instead.
 */
export function safeLogMethod(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const [first, message, ...rest] = args;
  const err = isErrorLike(first)
    ? first
    : typeof first === 'object' && first !== null && isErrorLike((first as { err?: unknown }).err)
      ? (first as { err: ErrorLike }).err
      : undefined;
  if (err && (message === undefined ? first === err : message === err.message)) {
    let safe: string;
    try {
      safe = safeMessage(err, '');
    } catch {
      safe = 'an error that could not be described';
    }
    method.apply(this, [first, safe, ...rest]);
    return;
  }
  method.apply(this, args);
}

/** A thrown object's fields are unknown, so none is shown; a thrown string or number is. */
const describeThrown = (value: unknown) =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  typeof value === 'bigint'
    ? withoutParams(String(value))
    : `a thrown ${typeof value} that is not an Error`;

// Controls other than tab and newline: PostgreSQL's text refuses NUL, and a terminal obeys ESC.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * An error as one text for a row (jobs.last_error) or a terminal (the command lines' last
 * words): the messages of the error and its causes, with a query's SQLSTATE and detail, without
 * a query's values and without control characters; cut to `maxLength` characters.
 */
export function describeError(error: unknown, { maxLength = Infinity } = {}): string {
  let text: string;
  try {
    const parts: string[] = [];
    let current: unknown = error;
    let query = '';
    for (let depth = 0; depth <= MAX_DEPTH && current !== undefined; depth += 1) {
      if (!isErrorLike(current)) {
        parts.push(describeThrown(current));
        break;
      }
      let part = safeMessage(current, query);
      if (current instanceof pg.DatabaseError) {
        const detail = safeDetail(current.detail);
        part += ` (SQLSTATE ${current.code}${detail ? `; ${detail}` : ''})`;
      }
      if (current instanceof DrizzleQueryError) query = current.query;
      parts.push(part);
      current = current.cause;
    }
    text = parts.join(': ');
  } catch {
    text = 'an error that could not be described';
  }
  text = text.replace(CONTROL_CHARACTERS, '\uFFFD');
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - 1);
  // Not between the two halves of a character outside the BMP (an emoji in a provider's answer).
  if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}
