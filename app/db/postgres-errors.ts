// PostgreSQL errors by their SQLSTATE code, wherever the driver and Drizzle put them: Drizzle wraps
// the driver's error (`cause`), and node-postgres and PGlite both carry `code`.

interface PostgresError {
  code: string;
  constraint?: string;
  message?: string;
}

/** The database error with this SQLSTATE in `error` or its causes, or null. */
export function findPostgresError(
  error: unknown,
  code: string,
): PostgresError | null {
  for (
    let e: unknown = error;
    e && typeof e === "object";
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === code) return e as PostgresError;
  }
  return null;
}

/** 23503: a row named by a foreign key is gone (deleted by a transaction that committed meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return findPostgresError(error, "23503") !== null;
}
