import { getConfig } from '~/config.server';

/**
 * Whether a lawyer registering with this e-mail starts approved: AUTO_APPROVE_LAWYERS for everyone, or,
 * on a server started for the end-to-end tests (E2E_FIXTURES=1, docs/decisions/0035), the e-mails a
 * test named through the fixture door, so that one test's registrations are approved at once without
 * changing anyone else's on the shared server.
 */
export function autoApprovesLawyer(email: string): boolean {
  const config = getConfig();
  return config.autoApproveLawyers || (config.e2eFixtures && approvedInTests.has(email.trim().toLowerCase()));
}

const approvedInTests = new Set<string>();

/** The fixture door's part: registrations with this e-mail start approved (only with E2E_FIXTURES=1). */
export function autoApproveInTests(email: string) {
  if (!getConfig().e2eFixtures) throw new Error('E2E_FIXTURES is off');
  approvedInTests.add(email.trim().toLowerCase());
}
