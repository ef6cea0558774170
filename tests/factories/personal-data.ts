import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { auditLog } from '~/db/schema/admin';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { user, verification } from '~/db/schema/auth';
import { leadRequests, leads, leadStatuses } from '~/db/schema/leads';
import { lawyerApiTokens, outbox } from '~/db/schema/messaging';
import { monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { rateLimits } from '~/db/schema/rate-limits';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { photoDirectory, PHOTO_URL_PREFIX } from '~/modules/lawyers/photo-store.server';
import { createLawyer } from './lawyers';

export const LAWYER_PASSWORD = 'senha-certa-123';

/**
 * A lawyer with a row in every table that can hold something about them: photo file, leads (one from
 * a client request, in their first CRM stage), a messaging token, a monitored process with a movement,
 * views and clicks, a finished pending registration, a password-reset token, a session, messages sent
 * to their e-mail and WhatsApp, a rate-limit counter and an audit entry about their review.
 */
export async function lawyerWithEverything(label: string) {
  const photoName = `${createHash('sha256').update(`foto-${label}-${randomUUID()}`).digest('hex')}.webp`;
  fs.mkdirSync(photoDirectory(), { recursive: true });
  const photoFile = path.join(photoDirectory(), photoName);
  fs.writeFileSync(photoFile, `webp de ${label}`);

  const whatsapp = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const lawyer = await createLawyer({ nome: `Advogada ${label}`, password: LAWYER_PASSWORD, fotoUrl: `${PHOTO_URL_PREFIX}${photoName}`, whatsapp, plan: 'premium' });
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyer.id));
  const email = account!.email;
  const [firstStage] = await db.select().from(leadStatuses).where(eq(leadStatuses.lawyerId, lawyer.id)).orderBy(leadStatuses.orderIndex).limit(1);

  const client = { nome: `Cliente de ${label}`, email: `cliente.de.${label.toLowerCase()}@exemplo.com.br`, whatsapp: '11912345678' };
  const [request] = await db
    .insert(leadRequests)
    .values({ ...client, cidade: 'sp_sao_paulo', areaAtuacao: 'familia', descricao: `Pedido de divórcio consensual de ${label}.`, dedupeKey: `fabrica-${label}`, removalTokenHash: `fabrica-${label}-${crypto.randomUUID()}` })
    .returning({ id: leadRequests.id });
  const routedLeads = await db
    .insert(leads)
    .values([
      { requestId: request!.id, nome: client.nome, email: client.email, telefone: client.whatsapp, cidade: 'sp_sao_paulo', areaInteresse: 'familia', mensagem: `Pedido de divórcio consensual de ${label}.`, status: 'em_andamento', statusId: firstStage!.id, assignedTo: lawyer.id },
      { nome: `Contato manual de ${label}`, email: `manual.${label.toLowerCase()}@exemplo.com.br`, telefone: '11955554444', cidade: 'sp_sao_paulo', areaInteresse: 'familia', assignedTo: lawyer.id },
    ])
    .returning({ id: leads.id });

  const [token] = await db.insert(lawyerApiTokens).values({ lawyerId: lawyer.id, tokenName: 'wiizochat', encryptedToken: `cifrado-secreto-${label}` }).returning({ id: lawyerApiTokens.id });
  const [process] = await db
    .insert(monitoredProcesses)
    .values({
      lawyerId: lawyer.id,
      numero: `00012${String(Math.floor(Math.random() * 100)).padStart(2, '0')}-56.2024.8.26.0100`,
      tribunal: 'TJSP',
      // As Escavador's cover gives it: the parties are names of people, so they belong in the export.
      detalhes: { classe: 'Procedimento Comum Cível', assuntos: ['Indenização por Dano Moral'], orgaoJulgador: '5ª Vara Cível', grau: 'G1', dataAjuizamento: '2024-05-02', partes: [{ nome: `Cliente de ${label}`, tipo: 'Autor', polo: 'ATIVO' }] },
    })
    .returning({ id: monitoredProcesses.id });
  await db.insert(processUpdates).values({ processoId: process!.id, data: new Date('2026-03-02T13:00:00Z'), descricao: `Juntada de petição de ${label}` });

  const visitorHash = createHash('sha256').update(`visitante-de-${label}`).digest('hex');
  await db.insert(profileViews).values([
    { lawyerId: lawyer.id, viewedAt: new Date('2026-03-01T15:00:00Z'), visitorHash },
    { lawyerId: lawyer.id, viewedAt: new Date('2026-03-01T18:00:00Z'), visitorHash },
    { lawyerId: lawyer.id, viewedAt: new Date('2026-03-02T02:00:00Z'), visitorHash }, // 23:00 of 1 March in São Paulo
  ]);
  await db.insert(whatsappClicks).values({ lawyerId: lawyer.id, clickedAt: new Date('2026-03-01T15:01:00Z'), sourcePage: 'perfil_advogado', visitorHash });

  await db.insert(pendingRegistrations).values({ userId: lawyer.id, data: { nome: `Advogada ${label}`, plan: 'premium' }, finalizedAt: new Date() });
  await db.insert(verification).values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: lawyer.id, expiresAt: new Date(Date.now() + 3_600_000) });
  const signedIn = await signInWithPassword({ email, password: LAWYER_PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9', 'user-agent': `Navegador de ${label}` }));
  const cookie = signedIn.setCookies.map((c) => c.split(';')[0]).join('; ');

  await db.insert(outbox).values([
    { channel: 'email', recipient: email, subject: `Perfil aprovado de ${label}`, body: `Olá, Advogada ${label}!`, status: 'sent' },
    { channel: 'whatsapp', recipient: `+${whatsapp}`, body: `Novo lead para ${label}` },
  ]);
  await db.insert(rateLimits).values({ key: `registration:email:${email}`, count: 1, windowStartedAt: new Date(), windowEndsAt: new Date(Date.now() + 3_600_000) });
  await db.insert(auditLog).values({ actorId: null, action: 'lawyer.approved', targetType: 'lawyer', targetId: lawyer.id, details: { from: 'pending' } });

  return { ...lawyer, email, whatsapp, cookie, photoFile, client, requestId: request!.id, leadIds: routedLeads.map((l) => l.id), tokenId: token!.id, processId: process!.id, visitorHash };
}
