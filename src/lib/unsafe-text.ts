/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it, and a query that sends one
 * fails), or a lone UTF-16 surrogate (not a character at all; drivers turn it into U+FFFD, so the
 * person's words would silently change). Input carrying either is refused at the edge.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** The first name or value of a form (or query string) that is unsafe text: the field to name in the refusal. */
export function unsafeField(entries: Iterable<[string, FormDataEntryValue | string]>): string | null {
  for (const [name, value] of entries) {
    if (isUnsafeText(name)) return "(field name)";
    if (typeof value === "string" ? isUnsafeText(value) : isUnsafeText(value.name)) return name;
  }
  return null;
}

/** The path (dotted) of the first unsafe string in parsed JSON, keys included; null when all is well. */
export function unsafeJsonField(value: unknown, at = ""): string | null {
  if (typeof value === "string") return isUnsafeText(value) ? at || "(body)" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeJsonField(value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (isUnsafeText(key)) return "(field name)";
      const found = unsafeJsonField(inner, path);
      if (found) return found;
    }
  }
  return null;
}

/** Whether parsed JSON nests more than `max` arrays or objects deep; walked without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(v) ? v : Object.values(v)) stack.push([inner, depth + 1]);
  }
  return false;
}
