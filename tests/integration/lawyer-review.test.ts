import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { outbox } from '~/db/schema/messaging';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { publicContentGeneration } from '~/lib/public-content.server';
import { approveLawyer, LAWYER_NOT_FOUND_MESSAGE, NOT_A_REVIEWER_MESSAGE, rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import { finaliseRegistration, registerLawyer } from '~/modules/accounts/registration.server';
import { registrationSchema } from '~/modules/accounts/registration.schemas';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { REGISTRATION_TRIAL_MS } from '~/domain/catalog/catalog';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { createLawyer } from '../factories/lawyers';

const DAY_MS = 86_400_000;
let counter = 0;

async function reviewer() {
  counter += 1;
  return createSuperadmin({ nome: `Revisora ${counter}`, email: `revisora.${counter}@jusconecta.test`, password: 'senha-da-revisora-1' });
}

async function inSearch(lawyerId: string): Promise<boolean> {
  const page = await findApprovedLawyers({ area: 'familia', cidade: 'sp_sao_paulo', pagina: 1 });
  return page.lawyers.some((l) => l.id === lawyerId);
}

async function emailsTo(address: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, address));
}

async function auditOf(lawyerId: string) {
  return db.select().from(auditLog).where(and(eq(auditLog.targetType, 'lawyer'), eq(auditLog.targetId, lawyerId))).orderBy(auditLog.id);
}

async function profileOf(lawyerId: string) {
  const [row] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyerId));
  return row!;
}

async function emailOf(lawyerId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyerId));
  return row!.email;
}

/** A lawyer who registered through the real form and confirmed the address at `at` (pending, plan as chosen). */
async function registeredLawyer(plan: 'gratuito' | 'premium', at: Date) {
  counter += 1;
  const email = `registrada.${counter}@exemplo.adv.br`;
  const input = registrationSchema.parse({
    nome: 'Clara Registrada',
    email,
    numeroOAB: String(300000 + counter),
    oabUf: 'SP',
    whatsapp: '11987654321',
    password: 'uma-senha-boa-9',
    confirmarSenha: 'uma-senha-boa-9',
    biografia: 'Advogada de família há doze anos, com atendimento próximo, linguagem clara e foco em acordos.',
    areasAtuacao: ['familia'],
    cidadesAtendidas: ['sp_sao_paulo'],
    selectedPlan: plan,
  });
  expect(await registerLawyer(input, `203.0.113.${counter % 250}`)).toEqual({ email });
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await finaliseRegistration(row!.id, at);
  return { id: row!.id, email };
}

async function activePlanEnd(lawyerId: string) {
  const [plan] = await db.select({ endDate: lawyerPlans.endDate }).from(lawyerPlans).where(and(eq(lawyerPlans.lawyerId, lawyerId), eq(lawyerPlans.status, 'active')));
  return plan!.endDate;
}

describe('approving a lawyer', () => {
  test('makes them public at once, records who and when, and queues the approval e-mail', async () => {
    const superadminId = await reviewer();
    const lawyer = await createLawyer({ status: 'pending' });
    const email = await emailOf(lawyer.id);
    expect(await inSearch(lawyer.id)).toBe(false);
    const generation = publicContentGeneration();
    const now = new Date('2026-04-10T15:00:00Z');

    const result = await approveLawyer(lawyer.id, { reviewerId: superadminId, cnaChecked: true, now });

    expect(result).toEqual({ changed: true, status: 'approved', from: 'pending', trialEndsAt: null });
    const profile = await profileOf(lawyer.id);
    expect(profile.status).toBe('approved');
    expect(profile.reviewedAt).toEqual(now);
    const audit = await auditOf(lawyer.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: superadminId, action: 'lawyer.approved', details: { from: 'pending' } });
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'queued', subject: 'Seu perfil foi aprovado no JusConecta', metadata: { template: 'perfil-aprovado' } });
    expect(mails[0]!.body).toContain('http://localhost:3000/area-advogado');
    expect(await inSearch(lawyer.id)).toBe(true);
    // The page cache drops pages rendered before the approval.
    expect(publicContentGeneration()).toBeGreaterThan(generation);
  });

  test('approving twice, or by two reviewers at once, makes one decision and sends one e-mail', async () => {
    const [first, second] = [await reviewer(), await reviewer()];
    const lawyer = await createLawyer({ status: 'pending' });
    const results = await Promise.all([
      approveLawyer(lawyer.id, { reviewerId: first, cnaChecked: true }),
      approveLawyer(lawyer.id, { reviewerId: second, cnaChecked: true }),
      approveLawyer(lawyer.id, { reviewerId: first, cnaChecked: true }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.filter((r) => !r.changed)).toHaveLength(2);
    const again = await approveLawyer(lawyer.id, { reviewerId: second, cnaChecked: true });
    expect(again).toMatchObject({ changed: false, status: 'approved' });
    expect(await emailsTo(await emailOf(lawyer.id))).toHaveLength(1);
    expect(await auditOf(lawyer.id)).toHaveLength(1);
  });

  test('a rejected lawyer can be approved later', async () => {
    const superadminId = await reviewer();
    const lawyer = await createLawyer({ status: 'rejected' });
    expect(await approveLawyer(lawyer.id, { reviewerId: superadminId, cnaChecked: true })).toMatchObject({ changed: true, from: 'rejected' });
    expect(await inSearch(lawyer.id)).toBe(true);
  });
});

describe('rejecting a lawyer', () => {
  test('keeps a pending lawyer out of search and e-mails the reason', async () => {
    const superadminId = await reviewer();
    const lawyer = await createLawyer({ status: 'pending' });
    const result = await rejectLawyer(lawyer.id, { reviewerId: superadminId, reason: '  Inscrição na OAB não encontrada na Seccional informada.  ' });
    expect(result).toMatchObject({ changed: true, status: 'rejected', from: 'pending' });
    expect((await profileOf(lawyer.id)).status).toBe('rejected');
    expect(await inSearch(lawyer.id)).toBe(false);
    const [mail] = await emailsTo(await emailOf(lawyer.id));
    expect(mail).toMatchObject({ subject: 'Seu cadastro no JusConecta não foi aprovado', metadata: { template: 'perfil-rejeitado' } });
    expect(mail!.body).toContain('Motivo: Inscrição na OAB não encontrada na Seccional informada.');
    expect((await auditOf(lawyer.id))[0]).toMatchObject({ action: 'lawyer.rejected', details: { from: 'pending', reason: 'Inscrição na OAB não encontrada na Seccional informada.' } });
  });

  test('takes an approved lawyer out of search; rejecting again sends nothing', async () => {
    const superadminId = await reviewer();
    const lawyer = await createLawyer({ status: 'approved' });
    expect(await inSearch(lawyer.id)).toBe(true);
    expect(await rejectLawyer(lawyer.id, { reviewerId: superadminId })).toMatchObject({ changed: true, from: 'approved' });
    expect(await inSearch(lawyer.id)).toBe(false);
    expect(await rejectLawyer(lawyer.id, { reviewerId: superadminId, reason: 'outra vez' })).toMatchObject({ changed: false });
    const mails = await emailsTo(await emailOf(lawyer.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).not.toContain('Motivo:');
  });

  test('a reason over 500 characters is refused before anything changes', async () => {
    const superadminId = await reviewer();
    const lawyer = await createLawyer({ status: 'pending' });
    const refused = rejectLawyer(lawyer.id, { reviewerId: superadminId, reason: 'x'.repeat(501) });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 400, message: 'O motivo deve ter no máximo 500 caracteres.' });
    expect((await profileOf(lawyer.id)).status).toBe('pending');
  });
});

describe('who may review, and whom', () => {
  test('a lawyer is not a reviewer: 403, nothing changes, nothing is sent', async () => {
    const other = await createLawyer({ status: 'approved' });
    const lawyer = await createLawyer({ status: 'pending' });
    for (const review of [() => approveLawyer(lawyer.id, { reviewerId: other.id, cnaChecked: true }), () => rejectLawyer(lawyer.id, { reviewerId: other.id }), () => approveLawyer(lawyer.id, { reviewerId: 'x\u0000y', cnaChecked: true })]) {
      const refused = review();
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ status: 403, code: 'not_a_reviewer', message: NOT_A_REVIEWER_MESSAGE });
    }
    expect((await profileOf(lawyer.id)).status).toBe('pending');
    expect(await emailsTo(await emailOf(lawyer.id))).toHaveLength(0);
    expect(await auditOf(lawyer.id)).toHaveLength(0);
  });

  test('an unknown or malformed lawyer id is “not found”', async () => {
    const superadminId = await reviewer();
    for (const id of ['0123456789abcdef0123456789abcdef', "1' or '1'='1", 'a\u0000b', '']) {
      await expect(approveLawyer(id, { reviewerId: superadminId, cnaChecked: true })).rejects.toMatchObject({ status: 404, code: 'lawyer_not_found', message: LAWYER_NOT_FOUND_MESSAGE });
    }
  });
});

describe('the 7 free days of a paid plan chosen at registration', () => {
  test('start at the first approval, not at the registration', async () => {
    const superadminId = await reviewer();
    const registeredAt = new Date('2026-05-01T12:00:00Z');
    const lawyer = await registeredLawyer('premium', registeredAt);
    expect((await activePlanEnd(lawyer.id))!.getTime()).toBe(registeredAt.getTime() + REGISTRATION_TRIAL_MS);

    // Reviewed ten days later: the trial would have ended before the lawyer was ever public.
    const approvedAt = new Date(registeredAt.getTime() + 10 * DAY_MS);
    const result = await approveLawyer(lawyer.id, { reviewerId: superadminId, cnaChecked: true, now: approvedAt });
    const trialEnd = new Date(approvedAt.getTime() + REGISTRATION_TRIAL_MS);
    expect(result).toMatchObject({ changed: true, trialEndsAt: trialEnd });
    expect(await activePlanEnd(lawyer.id)).toEqual(trialEnd);
    // Search ranks them by the plan until the new end (its copy is kept by the database trigger).
    expect((await profileOf(lawyer.id)).planLevelUntil).toEqual(trialEnd);
    expect((await auditOf(lawyer.id))[0]!.details).toMatchObject({ trialEndsAt: trialEnd.toISOString() });

    // Rejected and approved again: not a first approval, the trial does not start over.
    await rejectLawyer(lawyer.id, { reviewerId: superadminId, now: new Date(approvedAt.getTime() + DAY_MS) });
    const later = await approveLawyer(lawyer.id, { reviewerId: superadminId, cnaChecked: true, now: new Date(approvedAt.getTime() + 2 * DAY_MS) });
    expect(later).toMatchObject({ changed: true, trialEndsAt: null });
    expect(await activePlanEnd(lawyer.id)).toEqual(trialEnd);
  });

  test('a free plan has no end to move', async () => {
    const superadminId = await reviewer();
    const lawyer = await registeredLawyer('gratuito', new Date('2026-05-01T12:00:00Z'));
    expect(await approveLawyer(lawyer.id, { reviewerId: superadminId, cnaChecked: true })).toMatchObject({ changed: true, trialEndsAt: null });
    expect(await activePlanEnd(lawyer.id)).toBeNull();
  });

  test('a profile created approved and later rejected is not on its first approval when approved again', async () => {
    const superadminId = await reviewer();
    const lawyer = await createLawyer({ status: 'approved', plan: 'premium' });
    const end = await activePlanEnd(lawyer.id);
    await rejectLawyer(lawyer.id, { reviewerId: superadminId });
    expect(await approveLawyer(lawyer.id, { reviewerId: superadminId, cnaChecked: true })).toMatchObject({ changed: true, trialEndsAt: null });
    expect(await activePlanEnd(lawyer.id)).toEqual(end);
  });
});
