const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text is a UUID: ids from URLs and forms are checked before they reach a query. */
export function isUuid(text: unknown): text is string {
  return typeof text === "string" && UUID.test(text);
}
