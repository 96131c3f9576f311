/** The canonical text form of a UUID (any version), the ids of every table. */
export const uuidSource = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const uuidPattern = new RegExp(`^${uuidSource}$`, 'i');

/** Whether `value` can be an id: checked before a query, so a malformed id is a 404, not a database error. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
