import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leadStatuses } from '~/db/schema/leads';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { publicContentGeneration } from '~/lib/public-content.server';
import { completeLawyerProfile } from '~/modules/accounts/complete-profile.server';
import { completeProfileSchema, type CompleteProfileInput } from '~/modules/accounts/complete-profile.schemas';
import { getEditableProfile, openProfileEditing, updateOwnLawyerProfile } from '~/modules/lawyers/own-profile.server';
import { photoDirectory, photoFileOfUrl } from '~/modules/lawyers/photo-store.server';
import { profileEditSchema, type ProfileEditInput } from '~/modules/lawyers/profile-edit.schemas';
import { createLawyer } from '../factories/lawyers';

/** /editar-perfil's door for a lawyer of the factories, as the session opens it. */
const editorOf = (id: string, status: 'approved' | 'pending' = 'approved') => openProfileEditing({ id, isSuperadmin: false, lawyer: { status } });

// Photos go to a data directory of this file's own (the configuration is read at the first use).
const previousDataDir = process.env.DATA_DIR;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jusconecta-photos-'));
process.env.DATA_DIR = dataDir;
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});
beforeEach(() => rmSync(path.join(dataDir, 'photos'), { recursive: true, force: true }));

const png = (r: number) => sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 90, b: 120 } } }).png().toBuffer();
const storedPhotos = () => (existsSync(photoDirectory()) ? readdirSync(photoDirectory()).sort() : []);

function edit(overrides: Partial<Record<string, unknown>> = {}): ProfileEditInput {
  return profileEditSchema.omit({ foto: true }).parse({
    nome: 'Ana Paula Reis',
    whatsapp: '(11) 98888-7777',
    whatsappNotificacoes: '',
    biografia: 'Atendo famílias em São Paulo há quinze anos, com foco em acordos.',
    areasAtuacao: ['civil', 'familia'],
    cidadesAtendidas: ['sp_campinas', 'sp_santos'],
    ...overrides,
  });
}

async function profileOf(id: string) {
  const [row] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, id));
  const areas = (await db.select().from(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, id))).map((r) => r.areaId).sort();
  const cities = (await db.select().from(lawyerCities).where(eq(lawyerCities.lawyerId, id))).map((r) => r.cityId).sort();
  return { ...row!, areas, cities };
}

/** Runs `work` expecting it to log `text` with console.error (which otherwise fails the test). */
async function expectingLoggedError<T>(text: string, work: () => Promise<T>): Promise<T> {
  const logged = vi.mocked(console.error).mockImplementation(() => {});
  try {
    return await work();
  } finally {
    expect(logged.mock.calls.some((call) => String(call[0]).includes(text))).toBe(true);
    logged.mockReset();
  }
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the edit form', () => {
  test('refuses what the spec refuses, with its messages', () => {
    const result = profileEditSchema.omit({ foto: true }).safeParse({
      nome: 'Jo',
      whatsapp: '119876',
      whatsappNotificacoes: '11 9abc',
      biografia: 'Curta demais.',
      areasAtuacao: [],
      cidadesAtendidas: ['nenhuma'],
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      nome: 'Nome deve ter pelo menos 3 caracteres',
      whatsapp: 'Número inválido',
      whatsappNotificacoes: 'Número inválido',
      biografia: 'Biografia deve ter pelo menos 20 caracteres',
      areasAtuacao: 'Selecione pelo menos uma área',
      cidadesAtendidas: 'Selecione pelo menos uma cidade',
    });
    const tooLong = profileEditSchema.omit({ foto: true }).safeParse({ ...edit(), whatsapp: '5511987654321000' });
    expect(tooLong.error?.issues[0]).toMatchObject({ path: ['whatsapp'], message: 'Número muito longo' });
  });

  test('keeps the digits of a number typed with its punctuation, with the country code; an empty notification number is none', () => {
    expect(edit()).toMatchObject({ whatsapp: '5511988887777', whatsappNotificacoes: null });
    expect(edit({ whatsappNotificacoes: '+55 (21) 97777-6666' }).whatsappNotificacoes).toBe('5521977776666');
  });
});

describe('a lawyer updates their own profile', () => {
  test('in one go: name, numbers, biography, areas and cities; the slug stays; another lawyer is untouched', async () => {
    const ana = await createLawyer({ nome: 'Ana Paula', areas: ['penal'], cities: ['sp_sao_paulo'] });
    const bruno = await createLawyer({ nome: 'Bruno Lima', areas: ['penal'], cities: ['sp_sao_paulo'] });
    const brunoBefore = await profileOf(bruno.id);
    const generation = publicContentGeneration();

    expect(await updateOwnLawyerProfile(await editorOf(ana.id), edit({ whatsappNotificacoes: '11977776666' }))).toEqual({ status: 'approved', slug: ana.slug });

    expect(await profileOf(ana.id)).toMatchObject({
      nome: 'Ana Paula Reis',
      slug: ana.slug,
      whatsapp: '5511988887777',
      whatsappNotificacoes: '5511977776666',
      biografia: 'Atendo famílias em São Paulo há quinze anos, com foco em acordos.',
      areas: ['civil', 'familia'],
      cities: ['sp_campinas', 'sp_santos'],
      // The search columns follow the links (database triggers).
      searchTags: expect.arrayContaining(['a:civil', 'a:familia', 'c:sp_campinas', 'c:sp_santos']),
    });
    expect((await profileOf(ana.id)).searchTags).not.toContain('a:penal');
    expect(await profileOf(bruno.id)).toEqual(brunoBefore);
    // Cached public pages are stale at once.
    expect(publicContentGeneration()).toBeGreaterThan(generation);
    expect(await getEditableProfile(ana.id)).toMatchObject({ nome: 'Ana Paula Reis', areas: ['civil', 'familia'], cidades: ['sp_campinas', 'sp_santos'] });
  });

  test('a pending lawyer may edit; their profile stays pending and the public pages are left alone', async () => {
    const pending = await createLawyer({ status: 'pending' });
    const generation = publicContentGeneration();
    expect(await updateOwnLawyerProfile(await editorOf(pending.id, 'pending'), edit())).toMatchObject({ status: 'pending' });
    expect((await profileOf(pending.id)).status).toBe('pending');
    expect(publicContentGeneration()).toBe(generation);
  });

  test('without a profile there is nothing to update', async () => {
    const error = await refusal(updateOwnLawyerProfile(await editorOf('ninguem'), edit()));
    expect(error).toMatchObject({ message: 'Erro ao atualizar perfil', status: 404 });
  });
});

describe('profile photos', () => {
  test('a new photo is stored as a private WebP; the photo it replaces is removed after the change commits', async () => {
    const ana = await createLawyer();
    await updateOwnLawyerProfile(await editorOf(ana.id), edit(), await png(10));
    const first = (await profileOf(ana.id)).fotoUrl!;
    expect(first).toMatch(/^\/fotos\/[a-f0-9]{64}\.webp$/);
    const file = photoFileOfUrl(first)!;
    expect((await sharp(file).metadata()).format).toBe('webp');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(photoDirectory()).mode & 0o777).toBe(0o700);

    // The same photo again keeps the same file.
    await updateOwnLawyerProfile(await editorOf(ana.id), edit(), await png(10));
    expect((await profileOf(ana.id)).fotoUrl).toBe(first);
    expect(existsSync(file)).toBe(true);

    await updateOwnLawyerProfile(await editorOf(ana.id), edit(), await png(200));
    const second = (await profileOf(ana.id)).fotoUrl!;
    expect(second).not.toBe(first);
    expect(existsSync(file)).toBe(false);
    expect(storedPhotos()).toEqual([path.basename(second)]);

    // Saving without a photo keeps the current one.
    await updateOwnLawyerProfile(await editorOf(ana.id), edit({ nome: 'Ana Sem Foto Nova' }));
    expect((await profileOf(ana.id)).fotoUrl).toBe(second);
  });

  test('an invalid photo refuses the whole edit: nothing saved, no file written', async () => {
    const ana = await createLawyer({ nome: 'Ana Antes' });
    const before = await profileOf(ana.id);
    const error = await refusal(updateOwnLawyerProfile(await editorOf(ana.id), edit(), new TextEncoder().encode('não sou uma imagem')));
    expect(error).toMatchObject({ message: 'Por favor, selecione uma imagem válida (JPEG, PNG ou WebP)', field: 'foto', status: 400 });
    expect(await profileOf(ana.id)).toEqual(before);
    expect(storedPhotos()).toEqual([]);
  });

  test('when the photo cannot be written, nothing is saved and the spec’s upload message is shown', async () => {
    const ana = await createLawyer({ nome: 'Ana Antes' });
    const before = await profileOf(ana.id);
    // A file where the photo directory should be.
    writeFileSync(photoDirectory(), 'ocupado');
    const error = await expectingLoggedError('Could not store a profile photo', async () => refusal(updateOwnLawyerProfile(await editorOf(ana.id), edit(), await png(30))));
    expect(error).toMatchObject({ message: 'Erro ao fazer upload da imagem. Tente novamente.', field: 'foto', status: 500 });
    expect(await profileOf(ana.id)).toEqual(before);
    rmSync(photoDirectory());
  });

  test('when the transaction fails after the new photo was written, the new file is removed and the old photo stays', async () => {
    const ana = await createLawyer();
    await updateOwnLawyerProfile(await editorOf(ana.id), edit(), await png(10));
    const before = await profileOf(ana.id);
    // A number the database refuses (its check constraint), past the schema: the update fails inside the transaction.
    const broken = { ...edit({ nome: 'Nome Que Não Fica' }), whatsapp: 'abc' };
    const error = await expectingLoggedError('Could not update a lawyer profile', async () => refusal(updateOwnLawyerProfile(await editorOf(ana.id), broken, await png(99))));
    expect(error).toMatchObject({ message: 'Erro ao atualizar perfil', status: 500 });
    expect(await profileOf(ana.id)).toEqual(before);
    expect(storedPhotos()).toEqual([path.basename(before.fotoUrl!)]);
  });
});

describe('completing a profile', () => {
  /** A signed-in user without a lawyer profile, as the lawyer area's problem card sees them. */
  async function userWithoutProfile(email: string) {
    const created = await createLawyer({ email });
    await db.delete(lawyerProfiles).where(eq(lawyerProfiles.id, created.id));
    return { id: created.id, email };
  }

  function complete(overrides: Partial<Record<string, unknown>> = {}): CompleteProfileInput {
    return completeProfileSchema.omit({ foto: true }).parse({
      nome: 'Carla Mendes',
      numeroOAB: '345678',
      oabUf: 'MG',
      whatsapp: '31987654321',
      biografia: 'Advogada trabalhista em Belo Horizonte, atendo empregados e pequenas empresas com clareza.',
      areasAtuacao: ['trabalho'],
      cidadesAtendidas: ['mg_belo_horizonte'],
      ...overrides,
    });
  }

  test('refuses what registration refuses, with its messages', () => {
    const result = completeProfileSchema.omit({ foto: true }).safeParse({ nome: 'Ca', numeroOAB: '12', oabUf: '', whatsapp: '319', biografia: 'Curta.', areasAtuacao: [], cidadesAtendidas: [] });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      nome: 'Nome deve ter pelo menos 3 caracteres',
      numeroOAB: 'Número da OAB inválido',
      oabUf: 'Selecione a seccional (UF) da OAB',
      whatsapp: 'Número deve ter pelo menos 10 dígitos',
      biografia: 'Biografia deve ter pelo menos 50 caracteres',
      areasAtuacao: 'Selecione pelo menos uma área de atuação',
      cidadesAtendidas: 'Selecione pelo menos uma cidade',
    });
  });

  test('creates a pending profile like a finished registration: gratuito, CRM stages, a free slug, the photo; only once', async () => {
    await createLawyer({ nome: 'Carla Mendes' });
    const carla = await userWithoutProfile('carla.mendes@exemplo.adv.br');
    await db.insert(pendingRegistrations).values({ userId: carla.id, data: {} });

    expect(await completeLawyerProfile(carla, complete(), await png(50))).toEqual({ status: 'pending' });

    const profile = await profileOf(carla.id);
    expect(profile).toMatchObject({
      status: 'pending',
      nome: 'Carla Mendes',
      email: 'carla.mendes@exemplo.adv.br',
      numeroOab: '345678',
      oabUf: 'MG',
      slug: 'carlamendes1',
      areas: ['trabalho'],
      cities: ['mg_belo_horizonte'],
    });
    expect(existsSync(photoFileOfUrl(profile.fotoUrl)!)).toBe(true);
    expect(await db.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, carla.id))).toMatchObject([{ planType: 'gratuito', status: 'active', endDate: null }]);
    expect(await db.select().from(leadStatuses).where(eq(leadStatuses.lawyerId, carla.id))).toHaveLength(5);
    // The registration's e-mail link can no longer create a second profile.
    const [pending] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, carla.id));
    expect(pending?.finalizedAt).toBeInstanceOf(Date);

    const again = await refusal(completeLawyerProfile(carla, complete({ nome: 'Outra Carla' })));
    expect(again).toMatchObject({ status: 409, code: 'lawyer_profile_exists' });
    expect((await profileOf(carla.id)).nome).toBe('Carla Mendes');
  });

  test('an invalid photo creates nothing', async () => {
    const dora = await userWithoutProfile('dora@exemplo.adv.br');
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } }).gif().toBuffer();
    const error = await refusal(completeLawyerProfile(dora, complete(), gif));
    expect(error).toMatchObject({ message: 'Por favor, selecione uma imagem válida (JPEG, PNG ou WebP)', field: 'foto' });
    expect(await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, dora.id))).toEqual([]);
    expect(await db.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, dora.id))).toEqual([]);
    expect(storedPhotos()).toEqual([]);
  });

  test('a failure after the photo was written leaves neither a profile nor the file', async () => {
    const eva = await userWithoutProfile('eva@exemplo.adv.br');
    const broken = { ...complete(), numeroOAB: 'abc' };
    const error = await expectingLoggedError('Could not complete a lawyer profile', async () => refusal(completeLawyerProfile(eva, broken, await png(70))));
    expect(error).toMatchObject({ message: 'Erro ao completar perfil', status: 500 });
    expect(await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, eva.id))).toEqual([]);
    expect(storedPhotos()).toEqual([]);
  });
});
