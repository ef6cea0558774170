import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { user } from '~/db/schema/auth';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leadStatuses } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { lawyerPlans } from '~/db/schema/subscriptions';
import {
  finaliseRegistration,
  NO_PENDING_REGISTRATION_CODE,
  nothingPending,
  registerLawyer,
  REGISTRATION_TAKEN_CODE,
  REGISTRATION_TAKEN_MESSAGE,
} from '~/modules/accounts/registration.server';
import { registrationSchema, type RegistrationInput } from '~/modules/accounts/registration.schemas';
import { REGISTRATION_TRIAL_MS } from '~/domain/catalog/catalog';
import { createLawyer } from '../factories/lawyers';
import { refusalOf } from '../support/refusal';

let counter = 0;
function form(overrides: Partial<Record<string, unknown>> = {}): RegistrationInput {
  counter += 1;
  return registrationSchema.parse({
    nome: 'João Silva',
    email: `joao.silva.${counter}@exemplo.adv.br`,
    numeroOAB: String(200000 + counter),
    oabUf: 'SP',
    whatsapp: '11987654321',
    password: 'uma-senha-boa-9',
    confirmarSenha: 'uma-senha-boa-9',
    biografia: 'Advogado com quinze anos de atuação em direito civil e do consumidor, atendimento próximo e claro.',
    areasAtuacao: ['civil', 'consumidor'],
    cidadesAtendidas: ['sp_sao_paulo'],
    selectedPlan: 'gratuito',
    ...overrides,
  });
}

async function registeredUserId(email: string) {
  const [row] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
  return row!;
}

describe('the registration form', () => {
  test('refuses what the spec refuses, with its messages', () => {
    const result = registrationSchema.safeParse({
      nome: 'Jo',
      email: 'x',
      numeroOAB: '12a',
      oabUf: 'XX',
      whatsapp: '123',
      password: '12345678',
      confirmarSenha: 'outra',
      biografia: 'curta',
      areasAtuacao: [],
      cidadesAtendidas: ['nowhere'],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      nome: 'Nome deve ter pelo menos 3 caracteres',
      email: 'Email inválido',
      numeroOAB: 'Apenas números são permitidos',
      whatsapp: 'Número deve ter pelo menos 10 dígitos',
      password: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
      biografia: 'Biografia deve ter pelo menos 50 caracteres',
      areasAtuacao: 'Selecione pelo menos uma área de atuação',
      cidadesAtendidas: 'Selecione pelo menos uma cidade',
    });
    const short = registrationSchema.safeParse({ ...form(), password: 'curta', confirmarSenha: 'curta' });
    expect(short.error?.issues[0]?.message).toBe('A senha deve ter pelo menos 8 caracteres.');
    const mismatch = registrationSchema.safeParse({ ...form(), confirmarSenha: 'outra-senha-99' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['confirmarSenha'], message: 'As senhas não coincidem.' });
  });
});

describe('registration', () => {
  test('creates an unconfirmed user, keeps the registration on the server and queues the confirmation e-mail', async () => {
    const input = form();
    expect(await registerLawyer(input, '203.0.113.1')).toEqual({ email: input.email });
    const created = await registeredUserId(input.email);
    expect(created.emailVerified).toBe(false);
    const [pending] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, created.id));
    expect(pending?.finalizedAt).toBeNull();
    expect(pending?.data).toMatchObject({ nome: 'João Silva', numeroOab: input.numeroOAB, oabUf: 'SP', areas: ['civil', 'consumidor'], plan: 'gratuito' });
    const messages = await db.select().from(outbox).where(eq(outbox.recipient, input.email));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain('/api/auth/verify-email?token=');
    expect(messages[0]!.body).toContain('callbackURL=%2Fauth-callback');
    // No profile before the address is confirmed.
    expect(await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, created.id))).toHaveLength(0);
  });

  test('a taken address is refused with the spec’s message, whatever its case', async () => {
    const taken = await createLawyer({ email: 'ana.taken@exemplo.adv.br' });
    expect(taken.id).toBeTruthy();
    const refused = await refusalOf(registerLawyer(form({ email: 'ANA.TAKEN@exemplo.adv.br' }), '203.0.113.2'));
    expect(refused).toEqual({ status: 409, code: REGISTRATION_TAKEN_CODE, field: 'email', message: REGISTRATION_TAKEN_MESSAGE });
  });

  test('an IP is limited to 10 registrations an hour', async () => {
    for (let i = 0; i < 10; i++) await expect(registerLawyer(form(), '198.51.100.77')).resolves.toHaveProperty('email');
    const blocked = await refusalOf(registerLawyer(form(), '198.51.100.77'));
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_attempts', retryAfter: expect.any(Number) });
  });
});

describe('finalisation', () => {
  test('creates the pending profile with slug, areas, cities, a 7-day paid plan and the CRM stages, exactly once', async () => {
    const input = form({ selectedPlan: 'premium' });
    await registerLawyer(input, '203.0.113.3');
    const { id } = await registeredUserId(input.email);
    const now = new Date('2026-11-23T12:00:00Z');
    expect(await finaliseRegistration(id, now)).toEqual({ created: true });
    expect(await finaliseRegistration(id, now)).toEqual({ created: false });

    const [profile] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, id));
    expect(profile).toMatchObject({ status: 'pending', nome: 'João Silva', oabUf: 'SP', slug: expect.stringMatching(/^joaosilva\d*$/) });
    expect((await db.select().from(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, id))).map((r) => r.areaId).sort()).toEqual(['civil', 'consumidor']);
    expect((await db.select().from(lawyerCities).where(eq(lawyerCities.lawyerId, id))).map((r) => r.cityId)).toEqual(['sp_sao_paulo']);
    const plans = await db.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, id));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ planType: 'premium', status: 'active' });
    expect(plans[0]!.endDate!.getTime() - now.getTime()).toBe(REGISTRATION_TRIAL_MS);
    expect(await db.select().from(leadStatuses).where(eq(leadStatuses.lawyerId, id))).toHaveLength(5);
  });

  test('two tabs at once create one profile', async () => {
    const input = form();
    await registerLawyer(input, '203.0.113.4');
    const { id } = await registeredUserId(input.email);
    const results = await Promise.all([finaliseRegistration(id), finaliseRegistration(id), finaliseRegistration(id)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, id))).toHaveLength(1);
    expect(await db.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, id))).toHaveLength(1);
  });

  test('same names get the smallest free suffix', async () => {
    await createLawyer({ nome: 'Maria Souza' });
    await createLawyer({ nome: 'Maria Souza' });
    const slugs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const input = form({ nome: 'Maria Souza' });
      await registerLawyer(input, `203.0.113.${10 + i}`);
      const { id } = await registeredUserId(input.email);
      await finaliseRegistration(id);
      const [profile] = await db.select({ slug: lawyerProfiles.slug }).from(lawyerProfiles).where(eq(lawyerProfiles.id, id));
      slugs.push(profile!.slug);
    }
    expect(slugs).toEqual(['mariasouza2', 'mariasouza3']);
  });

  test('without pending data it answers “Sem dados pendentes”', async () => {
    expect(await refusalOf(finaliseRegistration('nobody'))).toEqual({ status: 404, code: NO_PENDING_REGISTRATION_CODE, message: 'Sem dados pendentes' });
    // Where nothing pending is a normal case (better-auth's callbacks, the lawyer area), it is null.
    expect(await finaliseRegistration('nobody').catch(nothingPending)).toBeNull();
  });
});
