import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { outbox } from '~/db/schema/messaging';
import { scamReports } from '~/db/schema/trust';
import { oabLine } from '~/domain/trust';
import { publicContentGeneration } from '~/lib/public-content.server';
import { leadRequestReceivedMessage } from '~/integrations/email/templates.server';
import {
  approveLawyer,
  CNA_CHECK_REQUIRED_MESSAGE,
  ONLY_APPROVED_MESSAGE,
  recheckLawyerOab,
  REVIEW_AUDIT_ACTIONS,
  suspendLawyer,
} from '~/modules/accounts/lawyer-review.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { createSuperadmin, openBackOffice } from '~/modules/accounts/superadmins.server';
import { findOabRecheckDue } from '~/modules/admin/lawyers.server';
import { landingScopeHasLawyers } from '~/modules/landing/landing.server';
import { getLawyerArea } from '~/modules/lawyers/lawyer-area.server';
import { findLeadCandidates } from '~/modules/leads/lead-candidates.server';
import { getPlansViewer } from '~/modules/subscriptions/subscriptions.server';
import { routeLeadRequest } from '~/modules/leads/lead-routing.server';
import { leadRequestSchema } from '~/modules/leads/lead-requests.schemas';
import { findApprovedLawyers, getPublicLawyerProfile, listApprovedProfilesByRotationKey } from '~/modules/lawyers/lawyers.server';
import { findScamReports, setScamReportStatus } from '~/modules/trust/scam-reports.server';
import { CONFIRM_QUERIES_PER_MINUTE, REPORTS_PER_HOUR, TRUST_TEXTS } from '~/modules/trust/trust.schemas';
import { publicPageCacheKey } from '~/page-cache-key.server';
import * as adminLawyersRoute from '~/routes/admin/lawyers';
import * as confirmRoute from '~/routes/public/confirm-lawyer';
import { createLawyer } from '../factories/lawyers';
import { formPost, routeArgs } from '../support/route-call';

// Issue 27 parts 1-3 (decisions 0061 and 0062): the CNA check of an approval, 'Conferir de novo',
// 'Suspender', /confirmar-advogado and 'Denunciar', on a real database.

let counter = 0;
async function superadmin() {
  counter += 1;
  return createSuperadmin({ nome: `Revisora ${counter}`, email: `revisora.trust.${counter}@jusconecta.test`, password: 'senha-da-revisora-1' });
}

async function profileOf(id: string) {
  const [row] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, id));
  return row!;
}

/** The e-mails queued to the lawyer's login address. */
async function emailsTo(lawyerId: string) {
  const [login] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyerId));
  return db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, login!.email)));
}

type Answer = { data: { result?: { asked: string; lawyers: Array<{ nome: string; oab: string; slug: string }> }; errors: Record<string, string>; message: string | null }; init: { status?: number; headers?: Record<string, string> } | null };

/** Posts a form of /confirmar-advogado as the browser would, from `ip`. */
async function confirmPost(fields: Record<string, string>, ip: string): Promise<Answer | Response> {
  try {
    return (await confirmRoute.action(routeArgs(formPost('/confirmar-advogado', fields, ip)))) as unknown as Answer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function answerOf(result: Answer | Response): Answer {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result;
}

describe('approving with the CNA check', () => {
  test('is refused without the box ticked (module and form), and stores who checked and when with it', async () => {
    const reviewerId = await superadmin();
    const lawyer = await createLawyer({ status: 'pending', numeroOab: '214587', oabUf: 'SP' });
    await expect(approveLawyer(lawyer.id, { reviewerId, cnaChecked: false })).rejects.toMatchObject({ status: 400, code: 'cna_not_checked', message: CNA_CHECK_REQUIRED_MESSAGE });
    expect((await profileOf(lawyer.id)).status).toBe('pending');

    // The page's form without the box: 400 with the message, nothing approved.
    const { cookie } = await signedInSuperadmin();
    const request = formPost('/admin/lawyers', { intent: 'aprovar', lawyerId: lawyer.id });
    request.headers.set('cookie', cookie);
    const refused = (await adminLawyersRoute.action(routeArgs(request))) as unknown as { data: { message: string }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.message).toBe('Confirme que conferiu a inscrição no Cadastro Nacional dos Advogados.');
    expect((await profileOf(lawyer.id)).status).toBe('pending');

    const at = new Date('2026-11-12T15:00:00Z');
    expect(await approveLawyer(lawyer.id, { reviewerId, cnaChecked: true, now: at })).toMatchObject({ changed: true, status: 'approved' });
    const profile = await profileOf(lawyer.id);
    expect(profile.oabCheckedAt?.toISOString()).toBe(at.toISOString());
    expect(profile.oabCheckedBy).toBe(reviewerId);
    // What profiles and cards say.
    const shown = await getPublicLawyerProfile(profile.slug);
    expect(oabLine(shown!.profile.oabUf, shown!.profile.numeroOab, shown!.profile.oabCheckedAt)).toBe('OAB/SP 214587 · inscrição conferida em 12/11/2026');
    const card = (await findApprovedLawyers({ area: 'familia', cidade: 'sp_sao_paulo', pagina: 1 })).lawyers.find((l) => l.id === lawyer.id);
    expect(card?.oabCheckedAt).toBe(at.toISOString());
  });

  test('a lawyer approved before the check (migration 0024 leaves null) shows the bare OAB and heads the re-check list', async () => {
    const never = await createLawyer({ numeroOab: '777001' });
    const reviewerId = await superadmin();
    const recent = await createLawyer({ numeroOab: '777002' });
    const old = await createLawyer({ numeroOab: '777003' });
    const now = new Date('2027-12-01T12:00:00Z');
    await recheckLawyerOab(recent.id, { reviewerId, cnaChecked: true, now: new Date('2027-06-01T12:00:00Z') });
    await recheckLawyerOab(old.id, { reviewerId, cnaChecked: true, now: new Date('2026-10-01T12:00:00Z') });
    expect(oabLine('SP', '777001', (await profileOf(never.id)).oabCheckedAt)).toBe('OAB/SP 777001');

    const due = await findOabRecheckDue({ pagina: 1 }, now);
    const ids = due.rows.map((r) => r.id);
    expect(ids).toContain(never.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(recent.id);
    expect(ids.indexOf(never.id)).toBeLessThan(ids.indexOf(old.id));

    // 'Conferir de novo' needs the box too, moves the date and is audited; then the lawyer leaves the list.
    await expect(recheckLawyerOab(old.id, { reviewerId, cnaChecked: false, now })).rejects.toMatchObject({ status: 400 });
    await recheckLawyerOab(old.id, { reviewerId, cnaChecked: true, now });
    expect((await profileOf(old.id)).oabCheckedAt?.toISOString()).toBe(now.toISOString());
    expect((await findOabRecheckDue({ pagina: 1 }, now)).rows.map((r) => r.id)).not.toContain(old.id);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetId, old.id), eq(auditLog.action, REVIEW_AUDIT_ACTIONS.oabChecked)));
    expect(audit).toHaveLength(2);
  });
});

async function signedInSuperadmin() {
  counter += 1;
  const email = `revisora.trust.${counter}@jusconecta.test`;
  const id = await createSuperadmin({ nome: `Revisora ${counter}`, email, password: 'senha-da-revisora-1' });
  const login = await signInWithPassword({ email, password: 'senha-da-revisora-1' }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.51' }));
  return { cookie: login.setCookies.map((c) => c.split(';')[0]).join('; '), id };
}

describe('suspending a lawyer', () => {
  test('hides them from search, profile, sitemap, the request list and routing; e-mails them; audited; reversible with the CNA check', async () => {
    const reviewerId = await superadmin();
    const lawyer = await createLawyer({ areas: ['previdenciario'], cities: ['sp_campinas'], numeroOab: '555123' });
    const profile = await profileOf(lawyer.id);
    const inSearch = async () => (await findApprovedLawyers({ area: 'previdenciario', cidade: 'sp_campinas', pagina: 1 })).lawyers.some((l) => l.id === lawyer.id);
    const inSitemap = async () => (await listApprovedProfilesByRotationKey(0, 2 ** 31)).some((r) => r.slug === profile.slug);
    const inRequestList = async () => (await findLeadCandidates({ areaAtuacao: 'previdenciario', cidade: 'sp_campinas' })).lawyers.some((l) => l.slug === profile.slug);
    // The only lawyer of that pair: its landing page exists while she is public.
    const landing = () => landingScopeHasLawyers({ area: 'previdenciario', cidade: 'sp_campinas' });
    expect([await inSearch(), await inSitemap(), await inRequestList(), Boolean(await getPublicLawyerProfile(profile.slug)), await landing()]).toEqual([true, true, true, true, true]);

    // Only an approved lawyer can be suspended.
    const pending = await createLawyer({ status: 'pending' });
    await expect(suspendLawyer(pending.id, { reviewerId })).rejects.toMatchObject({ status: 409, message: ONLY_APPROVED_MESSAGE });

    const generation = publicContentGeneration();
    expect(await suspendLawyer(lawyer.id, { reviewerId, reason: 'Inscrição cancelada no CNA' })).toMatchObject({ changed: true, status: 'suspended', from: 'approved' });
    expect(publicContentGeneration()).toBeGreaterThan(generation);
    expect([await inSearch(), await inSitemap(), await inRequestList(), await getPublicLawyerProfile(profile.slug), await landing()]).toEqual([false, false, false, null, false]);
    // At the lawyer area's door: the suspended state (the route signs her out with its own toast); no plan to subscribe.
    const session = { id: lawyer.id, isSuperadmin: false, lawyer: { status: 'suspended' as const, slug: profile.slug, nome: profile.nome } };
    expect(await getLawyerArea(session, 'dashboard')).toEqual({ state: 'suspended' });
    expect(await getPlansViewer(session)).toEqual({ kind: 'suspended' });

    // A request in that area and city: nobody receives it; one naming the lawyer is refused, nothing stored.
    const request = (email: string) =>
      leadRequestSchema.parse({ nome: 'Rita Cliente', email, whatsapp: '11912345678', cidade: 'sp_campinas', areaAtuacao: 'previdenciario', descricao: 'Preciso de ajuda com a minha aposentadoria por idade.' });
    const routed = await routeLeadRequest(request('rita.trust@exemplo.com.br'));
    expect(routed.duplicate === false && routed.lawyers).toEqual([]);
    await expect(routeLeadRequest(request('rita.trust2@exemplo.com.br'), { choice: { slugs: [profile.slug], agreement: 'escolhidos' } })).rejects.toMatchObject({ status: 409 });

    const mails = await emailsTo(lawyer.id);
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining('foi suspenso'));
    expect(mails.find((m) => m.subject?.includes('suspenso'))!.body).toContain('Motivo: Inscrição cancelada no CNA');
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, lawyer.id), eq(auditLog.action, REVIEW_AUDIT_ACTIONS.suspended)));
    expect(entry?.details).toMatchObject({ from: 'approved', reason: 'Inscrição cancelada no CNA' });

    // Reactivating is an approval: the box again, then public again, the reactivation e-mail and audit.
    await expect(approveLawyer(lawyer.id, { reviewerId, cnaChecked: false })).rejects.toMatchObject({ status: 400 });
    expect(await approveLawyer(lawyer.id, { reviewerId, cnaChecked: true })).toMatchObject({ changed: true, status: 'approved', from: 'suspended', trialEndsAt: null });
    expect([await inSearch(), await inSitemap(), await inRequestList(), await landing()]).toEqual([true, true, true, true]);
    expect((await emailsTo(lawyer.id)).map((m) => m.subject)).toContainEqual(expect.stringContaining('foi reativado'));
    expect(await db.select().from(auditLog).where(and(eq(auditLog.targetId, lawyer.id), eq(auditLog.action, REVIEW_AUDIT_ACTIONS.reinstated)))).toHaveLength(1);
  });
});

describe('/confirmar-advogado', () => {
  test('answers for a verified lawyer’s phone however it is typed, and for an unknown one, revealing only name, OAB and profile', async () => {
    const reviewerId = await superadmin();
    const lawyer = await createLawyer({ nome: 'Helena Prado', whatsapp: '5511987654321', numeroOab: '214587', status: 'pending' });
    await approveLawyer(lawyer.id, { reviewerId, cnaChecked: true, now: new Date('2026-11-12T15:00:00Z') });
    const profile = await profileOf(lawyer.id);

    for (const typed of ['(11) 98765-4321', '11987654321', '+55 11 98765-4321']) {
      const answer = answerOf(await confirmPost({ intent: 'telefone', telefone: typed }, '198.51.100.1'));
      expect(answer.data.result).toEqual({
        asked: '(11) 98765-4321',
        lawyers: [{ nome: 'Helena Prado', oab: 'OAB/SP 214587 · inscrição conferida em 12/11/2026', slug: profile.slug }],
      });
    }
    const unknown = answerOf(await confirmPost({ intent: 'telefone', telefone: '(21) 99999-0000' }, '198.51.100.1'));
    expect(unknown.data.result).toEqual({ asked: '(21) 99999-0000', lawyers: [] });

    // By OAB and UF (leading zeros and dots forgiven); the wrong UF finds nobody.
    expect(answerOf(await confirmPost({ intent: 'oab', numeroOab: '214.587', uf: 'SP' }, '198.51.100.1')).data.result?.lawyers.map((l) => l.nome)).toEqual(['Helena Prado']);
    expect(answerOf(await confirmPost({ intent: 'oab', numeroOab: '214587', uf: 'RJ' }, '198.51.100.1')).data.result?.lawyers).toEqual([]);
    const zeros = await createLawyer({ nome: 'Iara Zeros', numeroOab: '012345', oabUf: 'MG' });
    expect(answerOf(await confirmPost({ intent: 'oab', numeroOab: '12345', uf: 'MG' }, '198.51.100.1')).data.result).toEqual({
      asked: 'OAB/MG 12345',
      lawyers: [{ nome: 'Iara Zeros', oab: 'OAB/MG 012345', slug: (await profileOf(zeros.id)).slug }],
    });

    // Bad input: Portuguese messages and 400, never 500.
    const bad = answerOf(await confirmPost({ intent: 'telefone', telefone: 'abc' }, '198.51.100.1'));
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors.telefone).toBe('Apenas números são permitidos');
    const badOab = answerOf(await confirmPost({ intent: 'oab', numeroOab: '12', uf: 'XX' }, '198.51.100.1'));
    expect(badOab.init?.status).toBe(400);
    expect(badOab.data.errors).toEqual({ numeroOab: TRUST_TEXTS.numeroOab, uf: TRUST_TEXTS.uf });
    const noIntent = answerOf(await confirmPost({ telefone: '11987654321' }, '198.51.100.1'));
    expect(noIntent.init?.status).toBe(400);

    // A suspended (or pending) lawyer is not "verified".
    await suspendLawyer(lawyer.id, { reviewerId });
    expect(answerOf(await confirmPost({ intent: 'telefone', telefone: '(11) 98765-4321' }, '198.51.100.2')).data.result?.lawyers).toEqual([]);
  });

  test('refuses the 31st query of one address within a minute with 429 and a Portuguese message; another address still gets answers', async () => {
    for (let i = 0; i < CONFIRM_QUERIES_PER_MINUTE; i += 1) {
      const answer = answerOf(await confirmPost(i % 2 ? { intent: 'telefone', telefone: '11912340000' } : { intent: 'oab', numeroOab: 'x', uf: 'SP' }, '198.51.100.30'));
      expect(answer.init?.status ?? 200).not.toBe(429);
    }
    const refused = answerOf(await confirmPost({ intent: 'telefone', telefone: '11912340000' }, '198.51.100.30'));
    expect(refused.init?.status).toBe(429);
    expect(refused.data.message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect(Number(refused.init?.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(answerOf(await confirmPost({ intent: 'telefone', telefone: '11912340000' }, '198.51.100.31')).init?.status ?? 200).toBe(200);
  });

  test('is never page-cached, whatever its query', () => {
    expect(publicPageCacheKey('/confirmar-advogado')).toBeNull();
    expect(publicPageCacheKey('/confirmar-advogado?perfil=ana')).toBeNull();
  });
});

describe('Denunciar', () => {
  test('stores the report; one about a verified lawyer’s own number e-mails every superadmin at once; listed with a status the back office changes', async () => {
    const adminA = await superadmin();
    await superadmin();
    const lawyer = await createLawyer({ nome: 'Paulo Verificado', whatsapp: '5511976543210' });
    const profile = await profileOf(lawyer.id);
    const before = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.channel, 'email'));

    // A report of an unknown number: stored, nobody e-mailed.
    const plain = await confirmPost({ intent: 'denunciar', relato: 'Pediram um PIX de R$ 2.000 para liberar meu processo.', numero: '(21) 97777-1234' }, '198.51.100.50');
    expect(plain).toBeInstanceOf(Response);
    expect((plain as Response).status).toBe(303);
    expect((plain as Response).headers.get('Location')).toBe('/confirmar-advogado?denuncia=recebida#denunciar');
    expect(await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.channel, 'email'))).toHaveLength(before.length);

    // From the lawyer's profile, with the lawyer's own number: the superadmins are e-mailed.
    await confirmPost(
      { intent: 'denunciar', relato: 'Disse ser o Dr. Paulo e pediu taxa para liberar alvará.', numero: '11 97654-3210', contato: 'cliente@exemplo.com.br', perfil: profile.slug },
      '198.51.100.50',
    );
    const toAdmins = (await db.select().from(outbox).where(eq(outbox.channel, 'email'))).filter((m) => m.subject?.startsWith('Denúncia sobre o número'));
    expect(toAdmins.map((m) => m.recipient).sort()).toEqual([`revisora.trust.${counter - 1}@jusconecta.test`, `revisora.trust.${counter}@jusconecta.test`].sort());
    expect(toAdmins[0]!.body).toContain('(11) 97654-3210');
    expect(toAdmins[0]!.body).toContain('Paulo Verificado');

    const listed = await findScamReports({});
    expect(listed.rows).toHaveLength(2);
    const [latest] = listed.rows;
    expect(latest).toMatchObject({ numero: '5511976543210', contato: 'cliente@exemplo.com.br', status: 'nova', lawyer: { nome: 'Paulo Verificado' }, profile: { slug: profile.slug } });

    const office = await openBackOffice({ id: adminA, isSuperadmin: true });
    await setScamReportStatus(office, latest!.id, 'em_analise');
    expect((await findScamReports({ status: 'em_analise' })).rows.map((r) => r.id)).toEqual([latest!.id]);
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, latest!.id))).toHaveLength(1);

    // Bad input: Portuguese messages and 400.
    const bad = answerOf(await confirmPost({ intent: 'denunciar', relato: 'curto', numero: '123' }, '198.51.100.51'));
    expect(bad.init?.status).toBe(400);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['numero', 'relato']);
  });

  test('is limited per address: the 6th report within an hour is refused with 429', async () => {
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) {
      expect(await confirmPost({ intent: 'denunciar', relato: `Pediram PIX para liberar dinheiro, caso ${i}.`, numero: '21977771234' }, '198.51.100.60')).toBeInstanceOf(Response);
    }
    const refused = answerOf(await confirmPost({ intent: 'denunciar', relato: 'Mais um relato de golpe recebido.', numero: '21977771234' }, '198.51.100.60'));
    expect(refused.init?.status).toBe(429);
    expect(await db.select({ id: scamReports.id }).from(scamReports)).toHaveLength(REPORTS_PER_HOUR);
  });
});

describe('the fixed warning', () => {
  test('is in the client’s confirmation e-mail with the confirm page’s address', () => {
    const mail = leadRequestReceivedMessage({ name: 'Rita', area: 'Direito de Família', city: 'São Paulo', lawyers: [], totalLawyers: 0, removalUrl: 'http://localhost:3000/solicitacao/remover?token=x' });
    expect(mail.text).toContain('nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo');
    expect(mail.text).toContain('/confirmar-advogado');
    expect(mail.html).toContain('/confirmar-advogado');
  });
});
