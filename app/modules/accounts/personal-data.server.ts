import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/db/client.server';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { outbox } from '~/db/schema/messaging';
import { internationalPhoneDigits } from '~/domain/phone';

/**
 * Where a user is reached: their login e-mail and profile e-mail, and their WhatsApp numbers. The export
 * lists the messages sent there and the account deletion erases them (docs/product-rules.md, "Your data
 * (LGPD)"): one definition for both.
 */
export interface ContactAddresses {
  /** Lower-cased. */
  emails: string[];
  /** Digits, each number in its national and international (55…) form. */
  whatsappNumbers: string[];
}

export async function contactAddressesOf(database: Pick<Db, 'select'>, userId: string): Promise<ContactAddresses> {
  const [row] = await database
    .select({ loginEmail: user.email, profileEmail: lawyerProfiles.email, whatsapp: lawyerProfiles.whatsapp, notifications: lawyerProfiles.whatsappNotificacoes })
    .from(user)
    .leftJoin(lawyerProfiles, eq(lawyerProfiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return { emails: [], whatsappNumbers: [] };
  const emails = [row.loginEmail, row.profileEmail].filter((e): e is string => Boolean(e)).map((e) => e.trim().toLowerCase());
  const numbers = [row.whatsapp, row.notifications]
    .map((n) => n?.replace(/\D/g, '') ?? '')
    .filter((n) => n.length >= 10)
    .flatMap((n) => {
      const international = internationalPhoneDigits(n);
      return [international, international.slice(2)];
    });
  return { emails: [...new Set(emails)], whatsappNumbers: [...new Set(numbers)] };
}

/** The outbox rows addressed to these addresses (an e-mail to one of the e-mails, a WhatsApp message to one of the numbers). */
export function outboxRowsTo(addresses: ContactAddresses): SQL {
  const conditions: SQL[] = [];
  if (addresses.emails.length > 0) conditions.push(and(eq(outbox.channel, 'email'), inArray(sql`lower(${outbox.recipient})`, addresses.emails))!);
  if (addresses.whatsappNumbers.length > 0) {
    conditions.push(and(eq(outbox.channel, 'whatsapp'), inArray(sql`regexp_replace(${outbox.recipient}, '[^0-9]', '', 'g')`, addresses.whatsappNumbers))!);
  }
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}
