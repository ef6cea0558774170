import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { leads } from '~/db/schema/leads';
import { createLawyer } from '../../../tests/factories/lawyers';
import { getLawyerDashboardStats } from './dashboard.server';

const DAY_MS = 86_400_000;
const now = new Date('2025-03-10T15:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

async function addViews(lawyerId: string, ...times: Date[]) {
  await db.insert(profileViews).values(times.map((viewedAt) => ({ lawyerId, viewedAt })));
}

async function addClicks(lawyerId: string, ...times: Date[]) {
  await db.insert(whatsappClicks).values(times.map((clickedAt) => ({ lawyerId, clickedAt, sourcePage: 'perfil_advogado' as const })));
}

async function addLeads(assignedTo: string | null, ...times: Date[]) {
  await db.insert(leads).values(
    times.map((createdAt, i) => ({
      nome: `Cliente ${i + 1}`,
      email: `cliente${i + 1}@exemplo.com.br`,
      telefone: '11987654321',
      cidade: 'sp_sao_paulo',
      areaInteresse: 'familia',
      assignedTo,
      createdAt,
      updatedAt: createdAt,
    })),
  );
}

describe('lawyer dashboard numbers', () => {
  test('count only the lawyer’s own views, clicks and leads', async () => {
    const ana = await createLawyer({ nome: 'Ana Souza' });
    const bruno = await createLawyer({ nome: 'Bruno Lima' });
    await addViews(ana.id, daysAgo(1), daysAgo(10), daysAgo(29), daysAgo(40));
    await addViews(bruno.id, daysAgo(1), daysAgo(2), daysAgo(3), daysAgo(40), daysAgo(45));
    await addClicks(ana.id, daysAgo(5));
    await addClicks(bruno.id, daysAgo(5), daysAgo(6), daysAgo(35));
    await addLeads(ana.id, daysAgo(2));
    await addLeads(bruno.id, daysAgo(1), daysAgo(3), daysAgo(20));
    await addLeads(null, daysAgo(1));

    expect(await getLawyerDashboardStats(ana.id, now)).toEqual({
      totalViews: 3,
      viewsTrend: 200,
      totalClicks: 1,
      clicksTrend: null,
      leadsThisMonth: 1,
      leadsTrend: null,
    });
    expect(await getLawyerDashboardStats(bruno.id, now)).toMatchObject({ totalViews: 3, totalClicks: 2, leadsThisMonth: 2 });
  });

  test('a lawyer with no activity sees zeros and no trend', async () => {
    const ana = await createLawyer();
    expect(await getLawyerDashboardStats(ana.id, now)).toEqual({
      totalViews: 0, viewsTrend: null, totalClicks: 0, clicksTrend: null, leadsThisMonth: 0, leadsTrend: null,
    });
  });

  test('the last 30 days end where the 30 days before begin; older and future events are left out', async () => {
    const ana = await createLawyer();
    const exactlyThirtyDaysAgo = daysAgo(30);
    const justBeforeThat = new Date(exactlyThirtyDaysAgo.getTime() - 1);
    await addViews(
      ana.id,
      now, // counts: it happened at the very moment of the request
      daysAgo(0.5),
      exactlyThirtyDaysAgo, // still in the current window
      justBeforeThat, // previous window
      daysAgo(31), // previous window, not the current one
      daysAgo(59.9), // previous window
      daysAgo(61), // in neither window
      new Date(now.getTime() + 60_000), // after "now": not counted
    );
    const stats = await getLawyerDashboardStats(ana.id, now);
    expect(stats.totalViews).toBe(3);
    expect(stats.viewsTrend).toBe(0); // 3 against 3
  });

  test('a view from 31 days ago is not counted in the last 30 days', async () => {
    const ana = await createLawyer();
    await addViews(ana.id, daysAgo(31));
    await addClicks(ana.id, daysAgo(31));
    const stats = await getLawyerDashboardStats(ana.id, now);
    expect(stats).toMatchObject({ totalViews: 0, viewsTrend: -100, totalClicks: 0, clicksTrend: -100 });
  });

  test('trends are the rounded percent change against the previous 30 days', async () => {
    const ana = await createLawyer();
    await addViews(ana.id, daysAgo(1), daysAgo(2), daysAgo(3), daysAgo(4), daysAgo(5), daysAgo(35), daysAgo(36), daysAgo(37), daysAgo(38));
    await addClicks(ana.id, daysAgo(1), daysAgo(33), daysAgo(34), daysAgo(50));
    const stats = await getLawyerDashboardStats(ana.id, now);
    expect(stats).toMatchObject({ totalViews: 5, viewsTrend: 25, totalClicks: 1, clicksTrend: -67 });
  });

  test('leads are counted per calendar month in São Paulo time, not UTC', async () => {
    const ana = await createLawyer();
    await addLeads(
      ana.id,
      new Date('2025-03-01T03:00:00Z'), // 1 March, 00:00 in São Paulo: this month
      new Date('2025-03-09T12:00:00Z'), // this month
      new Date('2025-03-10T14:59:00Z'), // this month, a minute before "now"
      new Date('2025-03-01T02:59:59Z'), // 28 February, 23:59:59 in São Paulo (already March in UTC): last month
      new Date('2025-02-01T03:00:00Z'), // 1 February, 00:00 in São Paulo: last month
      new Date('2025-02-01T02:30:00Z'), // 31 January in São Paulo: neither month
      new Date('2025-03-10T16:00:00Z'), // after "now": not counted
    );
    expect(await getLawyerDashboardStats(ana.id, now)).toMatchObject({ leadsThisMonth: 3, leadsTrend: 50 });
  });

  test('on the last evening of a month in São Paulo the leads still belong to that month', async () => {
    const ana = await createLawyer();
    // 31 March 2025, 23:30 in São Paulo, already 1 April in UTC.
    const lateEvening = new Date('2025-04-01T02:30:00Z');
    await addLeads(ana.id, new Date('2025-04-01T02:00:00Z'), new Date('2025-03-02T12:00:00Z'), new Date('2025-02-15T12:00:00Z'));
    expect(await getLawyerDashboardStats(ana.id, lateEvening)).toMatchObject({ leadsThisMonth: 2, leadsTrend: 100 });
  });

  test('no leads trend (a dash) when last month had no leads, as for views and clicks', async () => {
    const ana = await createLawyer();
    await addLeads(ana.id, new Date('2025-03-05T12:00:00Z'), new Date('2025-03-06T12:00:00Z'));
    expect(await getLawyerDashboardStats(ana.id, now)).toMatchObject({ leadsThisMonth: 2, leadsTrend: null });
  });

  test('the previous month of January is December of the year before', async () => {
    const ana = await createLawyer();
    await addLeads(ana.id, new Date('2026-01-05T12:00:00Z'), new Date('2025-12-01T03:00:00Z'), new Date('2025-12-31T12:00:00Z'), new Date('2025-11-30T12:00:00Z'));
    expect(await getLawyerDashboardStats(ana.id, new Date('2026-01-10T12:00:00Z'))).toMatchObject({ leadsThisMonth: 1, leadsTrend: -50 });
  });
});
