import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { leads, leadStatuses } from '~/db/schema/leads';
import { createLead, openCrm, type CrmLawyer } from '~/modules/leads/crm.server';
import { getDashboardWork } from '~/modules/leads/dashboard-work.server';
import { createLawyer } from '../factories/lawyers';

// The dashboard's work (issue 23, part 6): the last five leads with stage and waiting time, the
// follow-ups due today or overdue; only the lawyer's own.

const NOW = new Date('2026-11-26T15:00:00Z'); // 12:00 in São Paulo

async function lawyer() {
  const created = await createLawyer();
  const crm = await openCrm({ id: created.id, isSuperadmin: false });
  const stages = await db.select({ id: leadStatuses.id, name: leadStatuses.name, kind: leadStatuses.kind }).from(leadStatuses).where(eq(leadStatuses.lawyerId, created.id)).orderBy(leadStatuses.orderIndex);
  return { id: created.id, crm, stages };
}

async function lead(crm: CrmLawyer, nome: string, hoursAgo: number, extra: Partial<typeof leads.$inferInsert> = {}) {
  const { id } = await createLead(crm, { nome, email: `${nome.split(' ')[0]!.toLowerCase()}@exemplo.com.br`, telefone: '5511912345678', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: null });
  await db.update(leads).set({ createdAt: new Date(NOW.getTime() - hoursAgo * 3_600_000), ...extra }).where(eq(leads.id, id));
  return id;
}

test('the last five leads, newest first, with their stage and first contact; the follow-ups due today or overdue in open stages; nobody else’s', async () => {
  const ana = await lawyer();
  const bruno = await lawyer();
  const lost = ana.stages.find((s) => s.kind === 'perdido')!;
  for (const [i, name] of ['Primeira Cliente', 'Segunda Cliente', 'Terceira Cliente', 'Quarta Cliente', 'Quinta Cliente', 'Sexta Cliente'].entries()) {
    await lead(ana.crm, name, 60 - i * 10);
  }
  const contacted = await lead(ana.crm, 'Contatada Hoje', 3, { firstContactAt: new Date(NOW.getTime() - 2 * 3_600_000) });
  await lead(ana.crm, 'Retorno Atrasado', 100, { followUpOn: '2026-11-24' });
  await lead(ana.crm, 'Retorno Hoje', 100, { followUpOn: '2026-11-26', followUpTime: '16:00' });
  await lead(ana.crm, 'Retorno Amanha', 100, { followUpOn: '2026-11-27' });
  await lead(ana.crm, 'Perdido Com Retorno', 100, { followUpOn: '2026-11-26', statusId: lost.id });
  await lead(bruno.crm, 'Do Bruno', 1, { followUpOn: '2026-11-26' });

  const work = await getDashboardWork(ana.id, NOW);
  expect(work.recentLeads.map((l) => l.nome)).toEqual(['Contatada Hoje', 'Sexta Cliente', 'Quinta Cliente', 'Quarta Cliente', 'Terceira Cliente']);
  expect(work.recentLeads[0]).toMatchObject({ id: contacted, stage: { name: 'Novo' }, firstContactAt: new Date(NOW.getTime() - 2 * 3_600_000).toISOString() });
  expect(work.recentLeads[1]?.firstContactAt).toBeNull();
  expect(work.due.map((d) => [d.nome, d.on, d.time])).toEqual([
    ['Retorno Atrasado', '2026-11-24', null],
    ['Retorno Hoje', '2026-11-26', '16:00'],
  ]);
  expect(work).toMatchObject({ dueCount: 2, today: '2026-11-26' });
  expect((await getDashboardWork(bruno.id, NOW)).recentLeads.map((l) => l.nome)).toEqual(['Do Bruno']);
});
