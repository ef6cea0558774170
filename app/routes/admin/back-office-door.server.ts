import type { CurrentUser } from '~/auth/session.server';
import { writeDoor, type DoorIntent } from '~/lib/write-door.server';
import { openBackOffice, type BackOffice } from '~/modules/accounts/superadmins.server';

/**
 * The write door of a back-office page (approve, reject, delete, resend): the superadmin's writes are
 * counted on the one `back-office` throttle (app/lib/write-throttle.server.ts), the capability is the
 * session's superadmin, a refusal is the page again with the message (429 with Retry-After), and a write
 * that went through goes back to the list as it was, with the toast.
 */
export function backOfficeDoor<Door extends string, Intent extends string>(door: {
  name: Door;
  intents: Record<Intent, DoorIntent<BackOffice>>;
  back: (request: Request) => string;
  unknownIntent: { message: string };
}) {
  return writeDoor({ ...door, scope: 'back-office', open: (user: CurrentUser) => openBackOffice(user) });
}
