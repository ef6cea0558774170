import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { session, user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { registerLawyer } from '~/modules/accounts/registration.server';
import { registrationSchema } from '~/modules/accounts/registration.schemas';
import { loader } from '~/routes/lawyer/lawyer-area';
import { createLawyer } from '../factories/lawyers';

// The lawyer area's loader as the server runs it: a real session cookie, the answer a browser gets.

const PASSWORD = 'senha-certa-123';

async function cookiesOf(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.1' }));
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** Runs the loader; a redirect (thrown) comes back as the Response. */
async function openArea(cookie: string | null, search = ''): Promise<unknown> {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  const request = new Request(`http://localhost:3000/area-advogado${search}`, { headers });
  try {
    return await loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function lawyerWithLogin(status: 'approved' | 'pending' | 'rejected', email: string) {
  const lawyer = await createLawyer({ status, email, password: PASSWORD });
  return { ...lawyer, cookie: await cookiesOf(email) };
}

describe('the lawyer area answers each kind of user', () => {
  test('without a session: to /login', async () => {
    const response = (await openArea(null)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login');
  });

  test('an approved lawyer: their area, the section asked for', async () => {
    const ana = await lawyerWithLogin('approved', 'ana@exemplo.adv.br');
    expect(await openArea(ana.cookie, '?section=perfil')).toMatchObject({ state: 'approved', section: 'perfil', profile: { slug: ana.slug } });
    expect(await openArea(ana.cookie, '?section=nada')).toMatchObject({ state: 'approved', section: 'dashboard', stats: expect.any(Object) });
  });

  test('a user without a lawyer profile: the missing-profile state, no redirect', async () => {
    const ana = await lawyerWithLogin('approved', 'sem.perfil@exemplo.adv.br');
    await db.delete(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id));
    expect(await openArea(ana.cookie)).toEqual({ state: 'missing' });
  });

  test('a confirmed user whose registration was never finished: finished on opening the area, once', async () => {
    const email = 'nao.finalizado@exemplo.adv.br';
    const input = registrationSchema.parse({
      nome: 'Rui Finalizado', email, numeroOAB: '123456', oabUf: 'RJ', whatsapp: '21987654321', password: PASSWORD, confirmarSenha: PASSWORD,
      biografia: 'Advogado com quinze anos de experiência em direito do consumidor e contratos.', areasAtuacao: ['consumidor'], cidadesAtendidas: ['rj_rio_de_janeiro'],
    });
    expect(await registerLawyer(input, '203.0.113.9')).toEqual({ email });
    // The address is confirmed, but the confirmation's request never reached the finalisation.
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const cookie = await cookiesOf(email);
    const response = (await openArea(cookie)) as Response;
    expect(response.headers.get('Location')).toBe('/perfil-em-analise');
    const profiles = await db.select({ nome: lawyerProfiles.nome, status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.email, email));
    expect(profiles).toEqual([{ nome: 'Rui Finalizado', status: 'pending' }]);
    expect(((await openArea(cookie)) as Response).headers.get('Location')).toBe('/perfil-em-analise');
  });

  test('a pending lawyer: to /perfil-em-analise, still signed in', async () => {
    const bia = await lawyerWithLogin('pending', 'bia@exemplo.adv.br');
    const response = (await openArea(bia.cookie)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/perfil-em-analise');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, bia.id))).toHaveLength(1);
  });

  test('a rejected lawyer: signed out, to /login with the rejection toast and the support contact', async () => {
    const caio = await lawyerWithLogin('rejected', 'caio@exemplo.adv.br');
    const response = (await openArea(caio.cookie)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?conta=rejeitada');
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    const toast = cookies.find((c) => c.startsWith('jusconecta_toast='));
    expect(decodeURIComponent(toast!.split(';')[0]!.split('=')[1]!)).toBe('Sua conta foi rejeitada. Entre em contato com o suporte para mais informações.');
    expect(await db.select().from(session).where(eq(session.userId, caio.id))).toHaveLength(0);
  });

  test('a superadmin: the superadmin notice, never the missing-profile state', async () => {
    await createSuperadmin({ nome: 'Administradora', email: 'admin@exemplo.com.br', password: PASSWORD });
    expect(await openArea(await cookiesOf('admin@exemplo.com.br'))).toEqual({ state: 'superadmin' });
  });
});
