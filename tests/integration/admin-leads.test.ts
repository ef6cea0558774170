import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { currentDatabase, db } from '~/db/client.server';
import { leadContacts, leads } from '~/db/schema/leads';
import { toolLeads } from '~/db/schema/tools';
import { RECENT_TOOL_LEADS } from '~/modules/admin/tool-leads.server';
import { ADMIN_LEADS_PAGE_SIZE, adminLeadsQueryFrom, findAdminLeads } from '~/modules/admin/leads.server';
import { ADMIN_LEAD_TEXTS } from '~/modules/admin/leads.schemas';
import { loader } from '~/routes/admin/leads';
import { createLawyer } from '../factories/lawyers';
import { getArgs, signedInSuperadmin } from '../factories/superadmin';

// /admin/leads 'Gerenciar Leads' against a real database (docs/product-rules.md,
// "Back office"). Who may reach it is tests/integration/admin-access.test.ts.

const query = (search: string) => adminLeadsQueryFrom(new URLSearchParams(search));
const at = (iso: string) => new Date(iso);

type LeadRow = typeof leads.$inferInsert;
function lead(overrides: Partial<LeadRow> & Pick<LeadRow, 'email'>): LeadRow {
  return {
    nome: 'Cliente',
    telefone: '(11) 98765-4321',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'civil',
    mensagem: 'Preciso de ajuda',
    ...overrides,
  };
}

describe('leads grouped by e-mail', () => {
  test('one row per lower-case e-mail, the most recent lead winning, newest e-mail first, with every lawyer', async () => {
    const [ana, bruno, carla] = await Promise.all([
      createLawyer({ nome: 'Ana Souza', numeroOab: '111111', oabUf: 'SP', status: 'approved' }),
      createLawyer({ nome: 'Bruno Lima', numeroOab: '222222', oabUf: 'RJ', status: 'approved' }),
      createLawyer({ nome: 'Carla Mendes', numeroOab: '333333', oabUf: 'MG', status: 'pending' }),
    ]);
    const longMessage = 'Fui demitido sem justa causa e a empresa não pagou as verbas rescisórias até hoje.';
    await db.insert(leads).values([
      // Maria: an old request to Ana and Bruno, then a newer one (other case, other data) to Carla and Ana.
      lead({ email: 'maria@exemplo.com', nome: 'Maria Antiga', assignedTo: ana.id, createdAt: at('2026-03-01T12:00:00Z') }),
      lead({ email: 'maria@exemplo.com', nome: 'Maria Antiga', assignedTo: bruno.id, createdAt: at('2026-03-01T12:00:00Z') }),
      lead({ email: 'Maria@Exemplo.com', nome: 'Maria Nova', telefone: '(21) 99999-0000', cidade: 'rj_rio_de_janeiro', areaInteresse: 'trabalho', mensagem: longMessage, assignedTo: carla.id, createdAt: at('2026-03-05T12:00:00Z') }),
      lead({ email: 'MARIA@exemplo.com', nome: 'Maria Nova', telefone: '(21) 99999-0000', cidade: 'rj_rio_de_janeiro', areaInteresse: 'trabalho', mensagem: longMessage, assignedTo: ana.id, createdAt: at('2026-03-05T12:00:00Z') }),
      // João: one request nobody matched (unassigned), the newest of all.
      lead({ email: 'joao@exemplo.com', nome: 'João Pereira', mensagem: null, createdAt: at('2026-03-06T09:00:00Z') }),
      // Paula: one lead, oldest.
      lead({ email: 'paula@exemplo.com', nome: 'Paula Dias', assignedTo: bruno.id, createdAt: at('2026-02-20T09:00:00Z') }),
    ]);

    const page = await findAdminLeads(query(''));
    expect(page).toMatchObject({ uniqueTotal: 3, leadTotal: 6, page: 1, pageCount: 1 });
    expect(page.groups.map((g) => g.email)).toEqual(['joao@exemplo.com', 'maria@exemplo.com', 'paula@exemplo.com']);

    const maria = page.groups[1]!;
    expect(maria).toMatchObject({
      nome: 'Maria Nova',
      telefone: '(21) 99999-0000',
      cidade: 'Rio de Janeiro - RJ',
      area: 'Direito do Trabalho',
      leadCount: 4,
      receivedAt: '05/03/2026 às 09:00',
      receivedAtIso: '2026-03-05T12:00:00.000Z',
    });
    // 50 characters, then the ellipsis.
    expect(maria.mensagem).toBe(`${longMessage.slice(0, 50).trimEnd()}...`);
    // Every lawyer once, by name, whatever lead of the e-mail they got.
    expect(maria.lawyers.map((l) => [l.nome, l.oab])).toEqual([
      ['Ana Souza', 'OAB/SP 111111'],
      ['Bruno Lima', 'OAB/RJ 222222'],
      ['Carla Mendes', 'OAB/MG 333333'],
    ]);
    expect(page.groups[0]).toMatchObject({ nome: 'João Pereira', mensagem: '', leadCount: 1, lawyers: [] });
    expect(ADMIN_LEAD_TEXTS.loaded(page.uniqueTotal, page.leadTotal)).toBe('3 leads únicos carregados (6 total)');
  });

  test('search by a part of the name or e-mail, any case; the counts are of what matches', async () => {
    await db.insert(leads).values([
      lead({ email: 'maria@exemplo.com', nome: 'Maria Silva' }),
      lead({ email: 'maria@exemplo.com', nome: 'Maria Silva' }),
      lead({ email: 'jose@outro.com.br', nome: 'José Santos' }),
      lead({ email: 'ana_100%@exemplo.com', nome: 'Ana' }),
    ]);
    const emails = async (search: string) => (await findAdminLeads(query(search))).groups.map((g) => g.email);
    expect(await emails('q=SILVA')).toEqual(['maria@exemplo.com']);
    expect(await findAdminLeads(query('q=silva'))).toMatchObject({ uniqueTotal: 1, leadTotal: 2 });
    expect(await emails('q=outro.com')).toEqual(['jose@outro.com.br']);
    // LIKE's wildcards are plain characters here.
    expect(await emails('q=100%25')).toEqual(['ana_100%@exemplo.com']);
    expect(await emails('q=a_1')).toEqual(['ana_100%@exemplo.com']);
    expect(await emails('q=m_ria')).toEqual([]);
    expect(await findAdminLeads(query('q=ninguem'))).toMatchObject({ groups: [], uniqueTotal: 0, leadTotal: 0, pageCount: 1 });
    // Nonsense in the query string is the whole list, page 1, never an error.
    expect(query('pagina=-3&q=').pagina).toBe(1);
    expect(query('pagina=abc').pagina).toBe(1);
    expect(query(`q=${'a'.repeat(500)}`).q).toHaveLength(100);
    expect(query('q=%00maria').q).toBe('maria');
  });

  test('pages on the server: whole groups per page, and the totals on every page', async () => {
    const base = Date.parse('2026-03-01T00:00:00Z');
    const rows: LeadRow[] = [];
    for (let i = 0; i < ADMIN_LEADS_PAGE_SIZE + 3; i++) {
      // Two leads per e-mail; e-mail i is newer than e-mail i-1.
      rows.push(lead({ email: `cliente${i}@exemplo.com`, createdAt: new Date(base + i * 60_000) }));
      rows.push(lead({ email: `cliente${i}@exemplo.com`, createdAt: new Date(base + i * 60_000 - 1_000) }));
    }
    await db.insert(leads).values(rows);

    const first = await findAdminLeads(query(''));
    const second = await findAdminLeads(query('pagina=2'));
    expect(first).toMatchObject({ uniqueTotal: ADMIN_LEADS_PAGE_SIZE + 3, leadTotal: 2 * (ADMIN_LEADS_PAGE_SIZE + 3), pageCount: 2 });
    expect(first.groups).toHaveLength(ADMIN_LEADS_PAGE_SIZE);
    expect(first.groups[0]!.email).toBe(`cliente${ADMIN_LEADS_PAGE_SIZE + 2}@exemplo.com`);
    expect(second.groups.map((g) => g.email)).toEqual(['cliente2@exemplo.com', 'cliente1@exemplo.com', 'cliente0@exemplo.com']);
    expect(second).toMatchObject({ uniqueTotal: ADMIN_LEADS_PAGE_SIZE + 3, leadTotal: 2 * (ADMIN_LEADS_PAGE_SIZE + 3) });
    expect(second.groups.every((g) => g.leadCount === 2)).toBe(true);
    // Past the end: no rows, the totals still right.
    expect(await findAdminLeads(query('pagina=9'))).toMatchObject({ groups: [], uniqueTotal: ADMIN_LEADS_PAGE_SIZE + 3, pageCount: 2 });
  });
});

describe('lead_contacts, kept by the database', () => {
  const contacts = () => db.select().from(leadContacts).orderBy(leadContacts.emailKey);

  test('follows every write to the leads: insert, a changed e-mail or name, a CRM move, a lawyer deleted, leads removed', async () => {
    const ana = await createLawyer({ nome: 'Ana Souza', status: 'approved' });
    const [first, second] = await db
      .insert(leads)
      .values([
        lead({ email: 'Maria@Exemplo.com', nome: 'Maria', assignedTo: ana.id, createdAt: at('2026-03-01T12:00:00Z') }),
        lead({ email: 'maria@exemplo.com', nome: 'Maria Souza', createdAt: at('2026-03-02T12:00:00Z') }),
      ])
      .returning({ id: leads.id });
    expect(await contacts()).toMatchObject([{ emailKey: 'maria@exemplo.com', nome: 'Maria Souza', leadCount: 2, latestLeadId: second!.id, lastLeadAt: at('2026-03-02T12:00:00Z') }]);

    // A CRM move or a lawyer's deletion (the lead is unassigned) changes nothing shown here.
    await db.update(leads).set({ status: 'em_andamento', assignedTo: null, updatedAt: new Date() }).where(eq(leads.id, first!.id));
    expect(await contacts()).toMatchObject([{ emailKey: 'maria@exemplo.com', leadCount: 2, latestLeadId: second!.id }]);

    // The newest lead's e-mail is corrected: it moves to its own row, and the old row falls back to the older lead.
    await db.update(leads).set({ email: 'maria.souza@exemplo.com' }).where(eq(leads.id, second!.id));
    expect(await contacts()).toMatchObject([
      { emailKey: 'maria.souza@exemplo.com', nome: 'Maria Souza', leadCount: 1, latestLeadId: second!.id },
      { emailKey: 'maria@exemplo.com', nome: 'Maria', leadCount: 1, latestLeadId: first!.id, lastLeadAt: at('2026-03-01T12:00:00Z') },
    ]);

    // The client's removal link deletes their leads: their row goes with them.
    await db.delete(leads).where(eq(leads.id, first!.id));
    expect((await contacts()).map((c) => c.emailKey)).toEqual(['maria.souza@exemplo.com']);
    const page = await findAdminLeads(query(''));
    expect(page).toMatchObject({ uniqueTotal: 1, leadTotal: 1, groups: [{ email: 'maria.souza@exemplo.com', nome: 'Maria Souza' }] });
  });

  test('many leads in one statement are counted once per e-mail, as a fresh count of the leads says', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => lead({ email: `cliente${i % 40}@exemplo.com`, createdAt: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 1000) }));
    await db.insert(leads).values(rows);
    const fresh = (await db.execute(sql`select lower(email) as key, count(*)::int as n, max(created_at) as last from leads group by 1 order by 1`)) as unknown as {
      rows: Array<{ key: string; n: number; last: string | Date }>;
    };
    const byKey = (a: unknown[], b: unknown[]) => (String(a[0]) < String(b[0]) ? -1 : 1);
    const kept = (await contacts()).map((c) => [c.emailKey, c.leadCount, c.lastLeadAt.toISOString()]);
    expect(kept).toHaveLength(40);
    expect(kept.sort(byKey)).toEqual(fresh.rows.map((r) => [r.key, Number(r.n), new Date(r.last).toISOString()]).sort(byKey));
  });
});

describe('two transactions adding leads for one e-mail at once', () => {
  // Only PostgreSQL has a second connection to hold one transaction open while the other runs.
  const pool = currentDatabase().pool;

  test.runIf(pool)('the second waits for the first and counts both leads', async () => {
    const first = await pool!.connect();
    const second = await pool!.connect();
    try {
      await first.query('begin');
      await first.query(`insert into leads (nome, email, telefone, cidade, area_interesse) values ('Maria', 'maria@exemplo.com', '11999990000', 'sp_sao_paulo', 'civil')`);
      await second.query('begin');
      const waiting = second.query(`insert into leads (nome, email, telefone, cidade, area_interesse) values ('Maria S.', 'MARIA@exemplo.com', '11999990000', 'sp_sao_paulo', 'civil')`);
      // The second insert's trigger waits on the first's lead_contacts row.
      for (let i = 0; ; i++) {
        const { rows } = await pool!.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows[0].n > 0) break;
        if (i > 200) throw new Error('the second transaction never waited');
        await new Promise((r) => setTimeout(r, 25));
      }
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await db.select({ key: leadContacts.emailKey, n: leadContacts.leadCount, nome: leadContacts.nome }).from(leadContacts)).toEqual([{ key: 'maria@exemplo.com', n: 2, nome: 'Maria S.' }]);
  });
});

describe('the route, as a superadmin', () => {

  test('answers the page, and a page past the end goes to the last page with the search kept', async () => {
    const { cookie } = await signedInSuperadmin();
    await db.insert(leads).values([lead({ email: 'maria@exemplo.com', nome: 'Maria Silva' }), lead({ email: 'jose@exemplo.com', nome: 'José' })]);
    const page = await loader(getArgs(cookie, '/admin/leads?q=maria&pagina=abc'));
    expect(page).toMatchObject({ uniqueTotal: 1, leadTotal: 1, page: 1, query: { q: 'maria', pagina: 1 } });
    await expect(loader(getArgs(cookie, '/admin/leads?q=maria&pagina=7'))).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get('Location') === '/admin/leads?q=maria');
    // No leads at all: page 1 is the empty state, not a redirect loop.
    expect(await loader(getArgs(cookie, '/admin/leads?q=ninguem'))).toMatchObject({ groups: [], pageCount: 1 });
  });

  test('shows the free tools’ leads apart: the most recent ten, newest first, with the total', async () => {
    const { cookie } = await signedInSuperadmin();
    expect((await loader(getArgs(cookie, '/admin/leads'))).toolLeads).toEqual({ total: 0, leads: [] });
    await db.insert(toolLeads).values(
      Array.from({ length: RECENT_TOOL_LEADS + 2 }, (_, i) => ({
        tool: 'sumarizador-contratos' as const,
        email: `contato${i}@empresa.com.br`,
        empresa: `Empresa ${i}`,
        telefone: '11987654321',
        createdAt: at(`2026-04-${String(i + 1).padStart(2, '0')}T15:00:00Z`),
      })),
    );
    const { toolLeads: shown } = await loader(getArgs(cookie, '/admin/leads'));
    expect(shown.total).toBe(RECENT_TOOL_LEADS + 2);
    expect(shown.leads).toHaveLength(RECENT_TOOL_LEADS);
    expect(shown.leads[0]).toMatchObject({
      email: 'contato11@empresa.com.br',
      empresa: 'Empresa 11',
      telefone: '(11) 98765-4321',
      tool: 'Sumarizador de Contratos',
      receivedAt: '12/04/2026 às 12:00',
    });
  });
});
