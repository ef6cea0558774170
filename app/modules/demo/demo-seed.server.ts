import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { db, selectRows } from '~/db/client.server';
import { leadRequests, leads, leadStatuses } from '~/db/schema/leads';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { createLawyerAccounts, newUserId } from '~/modules/lawyers/lawyer-writes.server';
import { saoPauloYear } from '~/domain/catalog/profile-details';
import { storeDemoPortraits } from './demo-photos.server';
import { requestFingerprint } from '~/modules/leads/lead-routing.server';
import { addDays, saoPauloDay } from '~/modules/leads/follow-ups';
import type { StageKind } from '~/domain/catalog/catalog';
import { DEMO_LAWYER_CLICKS, DEMO_LAWYER_LEADS, DEMO_LAWYER_VIEWS_DAYS_AGO, type DemoLead } from './demo-leads';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { demoPaymentCases, generateDemoLawyers, type DemoLawyer } from './demo-lawyers';

/** The demo logins, written in the README and printed at the first start. */
export const DEMO_LAWYER_LOGIN = { email: 'advogada@demo.jusconecta.com.br', password: 'demo-advogada-2025' } as const;
export const DEMO_SUPERADMIN_LOGIN = { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' } as const;

type PracticeDetail = 'titulo' | 'formacao' | 'idiomas' | 'atendeOnline' | 'escritorioBairro' | 'escritorioCidade';
/**
 * A lawyer to insert: the generator's shape, with an optional id and password login; the practice
 * details, the year of first inscription and the photo are optional.
 */
export type SeedLawyer = Omit<DemoLawyer, 'yearsOfPractice' | 'createdDaysAgo' | PracticeDetail> &
  Partial<Pick<DemoLawyer, PracticeDetail>> & {
    id?: string;
    password?: string;
    passwordHash?: string;
    createdDaysAgo?: number;
    primeiraInscricaoAno?: number | null;
    fotoUrl?: string | null;
  };

/** The demo login's lawyer (her board holds DEMO_LAWYER_LEADS); the e2e fixtures copy her data. */
export const DEMO_LAWYER: SeedLawyer = {
  nome: 'Ana Beatriz Carvalho',
  email: DEMO_LAWYER_LOGIN.email,
  password: DEMO_LAWYER_LOGIN.password,
  numeroOab: '214587',
  oabUf: 'SP',
  whatsapp: '5511987654321',
  biografia:
    'Advogada há 12 anos, formada pela USP, com atuação em direito de família e do consumidor. Atendo com escuta atenta, explico cada etapa do processo em linguagem clara e busco acordos sempre que eles protegem melhor o cliente.',
  areas: ['familia', 'consumidor'],
  cities: ['sp_sao_paulo', 'sp_campinas'],
  status: 'approved',
  plan: 'intermediario',
  createdDaysAgo: 90,
  titulo: 'advogada',
  primeiraInscricaoAno: saoPauloYear() - 12,
  formacao: 'Direito pela USP; pós-graduação em Direito de família',
  idiomas: ['portugues', 'ingles'],
  atendeOnline: true,
  escritorioBairro: 'Pinheiros',
  escritorioCidade: 'sp_sao_paulo',
};

/** One demo lawyer in this many is left without a photo: a directory has some, and the placeholder shows. */
const WITHOUT_PHOTO_EVERY = 9;

const DAY_MS = 86_400_000;

/**
 * Inserts lawyers the way a finished registration leaves them (auth user with a confirmed e-mail,
 * profile, areas, cities, plan, CRM stages) through the one write path. Used by the demo seed and the
 * test factories.
 */
export async function insertLawyers(lawyers: SeedLawyer[], now = new Date()): Promise<Array<{ id: string; slug: string }>> {
  return createLawyerAccounts(
    lawyers.map(({ createdDaysAgo, ...l }) => ({ ...l, createdAt: new Date(now.getTime() - (createdDaysAgo ?? 0) * DAY_MS) })),
    { now },
  );
}

const HOUR_MS = 3_600_000;
const CHUNK = 500;

/**
 * Puts leads on a lawyer's board, each in the stage at its `stageIndex` (the first stage when the
 * lawyer has fewer). A lead with a description came in through the request form, so its request is
 * stored too; one without was typed in by the lawyer. Used by the demo seed and the board benchmark.
 */
export async function insertLeadsForLawyer(lawyerId: string, list: readonly DemoLead[], now = new Date()): Promise<number> {
  const stages = await db.select({ id: leadStatuses.id, kind: leadStatuses.kind }).from(leadStatuses).where(eq(leadStatuses.lawyerId, lawyerId)).orderBy(asc(leadStatuses.orderIndex));
  const today = saoPauloDay(now);
  await db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += CHUNK) {
      const chunk = list.slice(i, i + CHUNK).map((lead) => ({ lead, createdAt: new Date(now.getTime() - lead.hoursAgo * HOUR_MS) }));
      const fromForm = chunk.filter(({ lead }) => lead.mensagem !== null);
      const requests =
        fromForm.length === 0
          ? []
          : await tx
              .insert(leadRequests)
              .values(
                fromForm.map(({ lead, createdAt }) => ({
                  nome: lead.nome,
                  email: lead.email,
                  whatsapp: lead.telefone,
                  cidade: lead.cidade,
                  areaAtuacao: lead.areaInteresse,
                  descricao: lead.mensagem!,
                  dedupeKey: requestFingerprint({ email: lead.email, areaAtuacao: lead.areaInteresse, cidade: lead.cidade, descricao: lead.mensagem! }, null),
                  // No client holds a removal link for a seeded request: the hash of a random token nobody keeps.
                  removalTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
                  createdAt,
                })),
              )
              .returning({ id: leadRequests.id });
      let next = 0;
      await tx.insert(leads).values(
        chunk.map(({ lead, createdAt }) => ({
          requestId: lead.mensagem !== null ? requests[next++]!.id : null,
          nome: lead.nome,
          email: lead.email,
          telefone: lead.telefone,
          cidade: lead.cidade,
          areaInteresse: lead.areaInteresse,
          mensagem: lead.mensagem,
          statusId: (stages[lead.stageIndex] ?? stages[0])?.id ?? null,
          assignedTo: lawyerId,
          createdAt,
          // A lead moved along the board was last changed after it came in.
          updatedAt: new Date(createdAt.getTime() + lead.stageIndex * HOUR_MS),
          ...demoLeadWork(lead, createdAt, (stages[lead.stageIndex] ?? stages[0])?.kind ?? 'aberto', today),
        })),
      );
    }
  });
  return list.length;
}

/** The demo lawyer's profile views and WhatsApp clicks of the last 60 days (DEMO_LAWYER_VIEWS_DAYS_AGO, DEMO_LAWYER_CLICKS). */
async function insertDemoActivity(lawyerId: string, now = new Date()) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  await db.insert(profileViews).values(DEMO_LAWYER_VIEWS_DAYS_AGO.map((daysAgo) => ({ lawyerId, viewedAt: at(daysAgo) })));
  await db.insert(whatsappClicks).values(DEMO_LAWYER_CLICKS.map(({ daysAgo, source }) => ({ lawyerId, clickedAt: at(daysAgo), sourcePage: source })));
}

/**
 * What the lawyer did with a demo lead (issue 23): the first contact, the follow-up (days from today in
 * São Paulo), and in a won or lost stage its closing, the agreed fees or the lost reason.
 */
function demoLeadWork(lead: DemoLead, createdAt: Date, kind: StageKind, today: string) {
  const closedAt = kind === 'aberto' ? null : new Date(createdAt.getTime() + lead.stageIndex * HOUR_MS);
  return {
    firstContactAt: lead.contactedAfterHours === undefined ? null : new Date(createdAt.getTime() + lead.contactedAfterHours * HOUR_MS),
    firstContactChannel: lead.contactedAfterHours === undefined ? null : ('whatsapp' as const),
    followUpOn: lead.followUpInDays === undefined ? null : addDays(today, lead.followUpInDays),
    followUpTime: lead.followUpInDays === undefined ? null : (lead.followUpTime ?? null),
    closedAt,
    lostReason: kind === 'perdido' ? (lead.lostReason ?? null) : null,
    agreedFeeCents: kind === 'ganho' ? (lead.agreedFeeCents ?? null) : null,
  };
}

/**
 * On an empty database: about 120 demo lawyers (a few pending and rejected, and every payment state of
 * the back office: `demoPaymentCases`), with their practice details and, all but one in nine, a portrait
 * drawn here (demo-photos.server.ts; `portraits: false` leaves them out), one demo lawyer login with a dozen leads on her CRM board, and
 * one demo superadmin login, printed once.
 */
export async function seedDemoDataIfEmpty(log: (message: string) => void, { portraits = true }: { portraits?: boolean } = {}): Promise<boolean> {
  const [row] = await selectRows<{ count: number }>(sql`select count(*)::int as count from "user"`);
  if (Number(row?.count) > 0) return false;

  const generated = generateDemoLawyers(120);
  const thisYear = saoPauloYear();
  // Ids chosen here: each photo's name is made from its lawyer's id, and the photos go in with the rows.
  const seeded: SeedLawyer[] = [DEMO_LAWYER, ...generated.map(({ yearsOfPractice, ...l }) => ({ ...l, primeiraInscricaoAno: thisYear - yearsOfPractice }))].map((l) => ({
    ...l,
    id: newUserId(),
  }));
  // `portraits: false`: a test that only counts rows leaves the photo store alone.
  const withPhoto = portraits ? seeded.filter((_, i) => i % WITHOUT_PHOTO_EVERY !== WITHOUT_PHOTO_EVERY - 1) : [];
  const photoUrls = await storeDemoPortraits(withPhoto.map((l) => ({ id: l.id!, nome: l.nome })));
  withPhoto.forEach((l, i) => (l.fotoUrl = photoUrls[i]));
  const [demo, ...others] = await insertLawyers(seeded);
  await insertLeadsForLawyer(demo!.id, DEMO_LAWYER_LEADS);
  await insertDemoActivity(demo!.id);
  const cases = demoPaymentCases(generated);
  await db
    .update(lawyerPlans)
    // A 30-day subscription that ended `overdueDays` ago.
    .set({ startDate: new Date(Date.now() - (30 + cases.overdueDays) * DAY_MS), endDate: new Date(Date.now() - cases.overdueDays * DAY_MS) })
    .where(and(eq(lawyerPlans.lawyerId, others[cases.overdue]!.id), eq(lawyerPlans.status, 'active')));
  await db.delete(lawyerPlans).where(eq(lawyerPlans.lawyerId, others[cases.withoutPlan]!.id));
  await createSuperadmin({ nome: 'Administrador Demo', ...DEMO_SUPERADMIN_LOGIN });
  log(
    [
      'Dados de demonstração criados (121 advogados).',
      `  Advogada demo:   ${DEMO_LAWYER_LOGIN.email} / ${DEMO_LAWYER_LOGIN.password}`,
      `  Superadmin demo: ${DEMO_SUPERADMIN_LOGIN.email} / ${DEMO_SUPERADMIN_LOGIN.password}`,
    ].join('\n'),
  );
  return true;
}
