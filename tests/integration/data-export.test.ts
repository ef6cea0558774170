import { afterAll, describe, expect, test, vi } from 'vitest';
import fs from 'node:fs';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { DATA_EXPORTS_PER_HOUR, exportLawyerData } from '~/modules/accounts/data-export.server';
import { saoPauloDay } from '~/modules/analytics/visitor-hash.server';
import { loader as myDataLoader } from '~/routes/lawyer/my-data';
import { lawyerWithEverything } from '../factories/personal-data';

// The factory writes photo files: into a directory of this file's own, never the worktree's data/.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/jusconecta-export-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function download(cookie: string | null): Promise<Response> {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  const request = new Request('http://localhost:3000/area-advogado/meus-dados', { headers });
  return (myDataLoader({ request, params: {}, context: {} } as unknown as Parameters<typeof myDataLoader>[0]) as Promise<Response>).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
}

describe('exporting a lawyer’s data', () => {
  test('holds everything stored about the lawyer, no secrets, and nothing about another lawyer', async () => {
    const ana = await lawyerWithEverything('Ana');
    const bruno = await lawyerWithEverything('Bruno');
    await db.insert(auditLog).values({ actorId: bruno.id, action: 'lawyer.rejected', targetType: 'lawyer', targetId: ana.id, details: { from: 'approved', reason: 'teste' } });
    const now = new Date('2026-03-05T12:00:00Z');

    const data = (await exportLawyerData(ana.id, now))!;
    const text = JSON.stringify(data);

    expect(data).toMatchObject({ formatVersion: 1, generatedAt: '2026-03-05T12:00:00.000Z' });
    expect(data.account).toMatchObject({ id: ana.id, email: ana.email, name: 'Advogada Ana', emailVerified: true, logins: [{ provider: 'credential' }] });
    expect(data.profile).toMatchObject({ nome: 'Advogada Ana', email: ana.email, oab: expect.stringMatching(/^OAB\/SP \d+$/), whatsapp: ana.whatsapp, slug: ana.slug, status: 'approved' });
    expect(data.profile!.publicUrl).toBe(`http://localhost:3000/advogado/${ana.slug}`);
    expect(data.practiceAreas).toEqual([{ id: 'familia', label: 'Direito de Família' }]);
    expect(data.cities).toEqual([{ id: 'sp_sao_paulo', label: 'São Paulo - SP' }]);
    expect(data.plans).toMatchObject([{ plan: 'premium', name: 'Plano Premium', status: 'active' }]);
    expect(data.pendingRegistration).toMatchObject({ data: { plan: 'premium' } });
    expect(data.leads).toHaveLength(2);
    expect(data.leads).toContainEqual(
      expect.objectContaining({ fromClientRequest: true, nome: ana.client.nome, email: ana.client.email, telefone: ana.client.whatsapp, stage: 'Novo', cidade: { id: 'sp_sao_paulo', label: 'São Paulo - SP' } }),
    );
    expect(data.crmStages.map((s) => s.name)).toEqual(['Novo', 'Em contato', 'Proposta enviada', 'Contratado', 'Não contratado']);
    // Counted by São Paulo day: the 23:00 view of 1 March is on 1 March.
    expect(data.statistics.profileViewsByDay).toEqual([{ day: '2026-03-01', views: 3 }]);
    expect(data.statistics.whatsappClicksByDay).toEqual([{ day: '2026-03-01', source: 'perfil_advogado', clicks: 1 }]);
    expect(data.messages.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', ana.email],
      ['whatsapp', `+${ana.whatsapp}`],
    ]);
    expect(data.messagingTokens).toEqual([{ id: ana.tokenId, tokenName: 'wiizochat', createdAt: expect.any(String), updatedAt: expect.any(String) }]);
    expect(data.monitoredProcesses).toMatchObject([
      { tribunal: 'TJSP', detalhes: { classe: 'Procedimento Comum Cível', partes: [{ nome: 'Cliente de Ana' }] }, updates: [{ descricao: 'Juntada de petição de Ana' }] },
    ]);
    expect(data.auditEntries).toMatchObject([
      { action: 'lawyer.approved', by: 'sistema' },
      { action: 'lawyer.rejected', by: 'administração da plataforma', details: { reason: 'teste' } },
    ]);
    expect(data.activeSessions).toMatchObject([{ userAgent: 'Navegador de Ana' }]);

    // No secrets, no visitor hashes, no other person's id, nothing of Bruno's.
    expect(text).not.toContain('cifrado-secreto');
    expect(text).not.toContain(ana.visitorHash);
    expect(text).not.toMatch(/"password"|"token"|scrypt|\$2[aby]\$/i);
    for (const other of [bruno.id, bruno.email, bruno.client.nome, bruno.client.email, bruno.whatsapp, 'Advogada Bruno', 'Juntada de petição de Bruno']) expect(text).not.toContain(other);
  });

  test('an unknown or malformed id exports nothing', async () => {
    expect(await exportLawyerData('0123456789abcdef0123456789abcdef')).toBeNull();
    expect(await exportLawyerData('a\u0000b')).toBeNull();
  });
});

describe('GET /area-advogado/meus-dados', () => {
  test('answers the session’s own data as a dated JSON attachment that no cache keeps', async () => {
    const ana = await lawyerWithEverything('Carla');
    const response = await download(ana.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="jusconecta-meus-dados-${saoPauloDay(new Date())}.json"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { account: { email: string }; profile: { oab: string } };
    expect(body.account.email).toBe(ana.email);
  });

  test('sends a visitor to /login', async () => {
    const response = await download(null);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });

  test(`allows ${DATA_EXPORTS_PER_HOUR} downloads an hour, then answers 429 in Portuguese with Retry-After`, async () => {
    const ana = await lawyerWithEverything('Dora');
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) expect((await download(ana.cookie)).status).toBe(200);
    const blocked = await download(ana.cookie);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(blocked.headers.get('content-disposition')).toBeNull();
    expect(await blocked.text()).toMatch(/Muitas tentativas\. Aguarde \d+ minutos e tente novamente\./);
  });
});
