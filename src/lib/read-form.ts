import { z } from "zod";
import { messages } from "~/texts/messages";
import { AppError } from "./app-error";
import type { FieldErrors } from "./error-table";

/**
 * The one way a page's action or an API route reads a form (DESIGN §3). A zod schema says what
 * the form holds; `readForm` reads the body within a size limit, and answers either the typed
 * values or an AppError that the one error table turns into a status and words:
 *
 *   const Form = z.object({ email: field.text(), quantity: field.number(z.number().int().min(1)) });
 *   const form = await readForm(request, Form);
 *   if (!form.ok) return actionError(form.error);        // a page: { error, fieldErrors }, 422
 *   form.data.quantity;                                   // number
 *
 * - too large: `too_large` (413); not a form (JSON, no body type): `bad_request` (400);
 * - fields that do not fit the schema: `validation_failed` (422) with `details.fields`, words
 *   keyed by field name, fit to show beside each input (the schema's own words, else plain ones
 *   from `messages.forms`); an issue of the whole form (a `refine` on the object) is the message.
 *   `values` is the text that was sent (first of each name, files left out), so the page can show
 *   the form again as it was typed, without JavaScript too.
 *
 * Web-standard Request only (no framework), so pages and the API both import it.
 */
export type FormResult<T> = { ok: true; data: T } | { ok: false; error: AppError; values: Record<string, string> };

/** Anything a form can arrive as: a page's FormData, the API's or an address's URLSearchParams. */
export type FormSource = FormData | URLSearchParams;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Bodies larger than this are refused unless a form says otherwise (the input guard's limit, 1 MiB). */
export const FORM_MAX_BYTES = 1024 * 1024;

export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<FormResult<z.output<S>>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type))
    return refused(
      new AppError(
        "bad_request",
        messages.forms.wrongContentType("a form (application/x-www-form-urlencoded or multipart/form-data)"),
      ),
    );
  const body = await readLimitedBody(request, options.maxBytes ?? FORM_MAX_BYTES);
  if (body === "too_large") return refused(new AppError("too_large"));
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    return refused(new AppError("bad_request", messages.forms.wrongContentType("a well-formed form")));
  }
  return parseForm(form, schema);
}

/**
 * Checks an already-read form against `schema` (the holds API reads its small body itself; query
 * strings come as URLSearchParams). A field sent once is a string (or a File); sent more than
 * once, an array: ask for one with `field.list`.
 */
export function parseForm<S extends z.ZodType>(form: FormSource, schema: S): FormResult<z.output<S>> {
  const values: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const [name, value] of form.entries()) {
    const seen = values[name];
    // Added in place: copying the list at each repeat made a field sent 20,000 times cost seconds.
    if (seen === undefined) values[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else values[name] = [seen, value];
  }
  const result = check(values, schema);
  if (result.ok) return result;
  const sent: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") sent[name] ??= value;
  return { ...result, values: sent };
}

/**
 * A JSON body read the same way (the API's small JSON posts: measurements, add-to-cart): within
 * the size limit, `application/json` only, then the schema, with field errors keyed by the first
 * step of each issue's path.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<FormResult<z.output<S>>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return refused(new AppError("bad_request", messages.forms.wrongContentType("application/json")));
  const body = await readLimitedBody(request, options.maxBytes ?? FORM_MAX_BYTES);
  if (body === "too_large") return refused(new AppError("too_large"));
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return refused(new AppError("bad_request", messages.forms.wrongContentType("well-formed JSON")));
  }
  return check(value, schema);
}

function check<S extends z.ZodType>(value: unknown, schema: S): FormResult<z.output<S>> {
  const parsed = schema.safeParse(value, { error: plainWords });
  if (parsed.success) return { ok: true, data: parsed.data };

  const fields: FieldErrors = {};
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (name === undefined) formError ??= issue.message;
    else fields[String(name)] ??= issue.message;
  }
  const message = formError ?? Object.values(fields)[0] ?? messages.forms.checkField;
  return refused(new AppError("validation_failed", message, { fields }));
}

const refused = (error: AppError) => ({ ok: false as const, error, values: {} });

/** A query string read the same way; a bad one is the address's fault, so `bad_request` (400). */
export function parseQuery<S extends z.ZodType>(url: string | URL, schema: S): FormResult<z.output<S>> {
  const result = parseForm(new URL(url).searchParams, schema);
  if (result.ok) return result;
  return {
    ...result,
    error: new AppError("bad_request", result.error.message, {
      ...result.error.details,
      field: Object.keys(result.error.details?.fields ?? {})[0],
    }),
  };
}

/**
 * Fields as a browser sends them. Every value of a form is text (or a file), so these turn the
 * text into what the schema means; pass an inner schema for the rule: `field.number(z.number().int().min(1))`.
 */
export const field = {
  /** Text; a field that was not sent is "". Not trimmed: passwords keep their spaces. */
  text: (max = 10_000) => z.string().max(max).default(""),
  /** A number typed as text; blank or missing is undefined (make it required with the inner schema). */
  number: <T extends z.ZodType<number | undefined>>(inner: T = z.number() as unknown as T) =>
    z.preprocess((v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v), inner),
  /** A checkbox: ticked when it was sent at all (HTML sends "on", or its value), else false. */
  checkbox: () =>
    z
      .string()
      .optional()
      .transform((v) => v !== undefined && v !== ""),
  /** A field that may be sent any number of times (ticked boxes of one name, a multi-select). */
  list: <T extends z.ZodType>(inner: T, max = 100) =>
    z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(inner).max(max)),
  /** A file input: a chosen file, or undefined when none was chosen (browsers send an empty one). */
  file: () => z.preprocess((v) => (v instanceof File && v.size > 0 ? v : undefined), z.instanceof(File).optional()),
};

/**
 * Words for issues whose schema gave none: short, for the space beside an input. A schema's own
 * words (`z.string().min(1, "Enter a reason")`) always win over these.
 */
function plainWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (Array.isArray(issue.input)) return messages.forms.sendOnce;
      if (issue.input === undefined) return messages.forms.required;
      return issue.expected === "number" ? messages.forms.enterNumber : messages.forms.checkField;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? messages.forms.required : messages.forms.atLeastCharacters(min);
      if (issue.origin === "number") return messages.forms.atLeast(min);
      return messages.forms.required;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return messages.forms.atMostCharacters(max);
      if (issue.origin === "number") return messages.forms.atMost(max);
      return messages.forms.chooseAtMost(max);
    }
    case "invalid_value":
    case "invalid_union":
      return messages.forms.chooseOption;
    case "invalid_format":
      return issue.format === "email" ? messages.auth.invalidEmail : messages.forms.checkField;
    case "not_multiple_of":
      return messages.forms.wholeNumber;
    default:
      return messages.forms.checkField;
  }
}

/**
 * Reads a body only if it is small enough. A declared Content-Length over the limit is refused
 * before a byte is read; a body without one (chunked) is counted as it streams and abandoned the
 * moment it passes the limit, so an oversized upload never sits whole in memory.
 */
export async function readLimitedBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | "too_large"> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > maxBytes)) return "too_large";

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return "too_large";
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
