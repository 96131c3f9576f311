/**
 * Whether a query failed on a unique constraint (PostgreSQL's SQLSTATE 23505), as TypeORM wraps
 * it (`driverError`) or as the driver raises it: a row another request or instance wrote first.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } } | null)?.driverError?.code ??
    (error as { code?: unknown } | null)?.code;
  return code === '23505';
}
