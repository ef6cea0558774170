// The lengths the account forms accept, without zod: pages that only need a field's maxLength import
// this, not the schemas (zod stays off their first load; accounts.schemas.ts re-exports it).

/** The longest e-mail address (RFC 5321 path limit) and password the login accepts. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

/** Limits of the registration form (docs/product-rules.md, "Registration"). */
export const REGISTRATION_LIMITS = {
  nome: { min: 3, max: 120 },
  numeroOab: { min: 3, max: 10 },
  biografia: { min: 50, max: 2000 },
  password: { min: 8, max: 128 },
} as const;
