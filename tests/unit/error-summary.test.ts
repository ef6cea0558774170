import { describe, expect, test } from 'vitest';
import { refusalForSummary, summaryLines } from '~/components/forms/error-summary';

const FIELDS = [
  ['nome', 'Nome completo'],
  ['email', 'Email'],
  ['confirmarSenha', 'Confirme a senha'],
] as const;

describe('the error summary of a form', () => {
  test('lists the fields with an error in the form’s order, whatever order the server sent', () => {
    const { general, fieldLines } = summaryLines({ errors: { confirmarSenha: 'As senhas não coincidem.', nome: 'Nome deve ter pelo menos 3 caracteres' }, message: null, fields: FIELDS });
    expect(general).toBeNull();
    expect(fieldLines.map((line) => [line.name, line.label])).toEqual([
      ['nome', 'Nome completo'],
      ['confirmarSenha', 'Confirme a senha'],
    ]);
  });

  test('holds the server’s message, also when a field says it too (the link then names that field)', () => {
    const taken = 'Este email já está cadastrado. Faça login ou use outro email.';
    const answer = summaryLines({ errors: { email: taken }, message: taken, fields: FIELDS });
    expect(answer.general).toBe(taken);
    expect(answer.fieldLines.map((line) => line.label)).toEqual(['Email']);
    expect(summaryLines({ errors: {}, message: 'Email ou senha incorretos', fields: FIELDS }).general).toBe('Email ou senha incorretos');
    expect(summaryLines({ errors: {}, message: null, fields: FIELDS })).toEqual({ general: null, fieldLines: [] });
  });

  test('an error of a field it does not know comes last, under its message', () => {
    const { fieldLines } = summaryLines({ errors: { foto: 'Envie uma imagem JPG, PNG ou WebP.', email: 'Email inválido', vazio: undefined }, message: null, fields: FIELDS });
    expect(fieldLines).toEqual([
      { name: 'email', label: 'Email', text: 'Email inválido' },
      { name: 'foto', label: undefined, text: 'Envie uma imagem JPG, PNG ou WebP.' },
    ]);
  });
});

describe('what a summary shows of a refusal (each message once on the page)', () => {
  const MONITORING = [
    ['numero', 'Número do processo', 'numero-processo'],
    ['tribunal', 'Tribunal'],
  ] as const;

  test('a module’s refusal that names its field stays beside the field: the summary only links to it', () => {
    const duplicate = 'Este processo já está sendo monitorado na sua conta.';
    expect(refusalForSummary({ errors: { numero: duplicate }, message: duplicate }, MONITORING)).toEqual({ errors: { numero: duplicate }, message: null });
  });

  test('a message about the whole form stays the summary’s, beside the fields’ own errors', () => {
    const limit = 'Muitas tentativas. Tente novamente em 5 minutos.';
    expect(refusalForSummary({ errors: { tribunal: 'Escolha um tribunal da lista' }, message: limit }, MONITORING)).toEqual({ errors: { tribunal: 'Escolha um tribunal da lista' }, message: limit });
  });

  test('an error of no field of the form (a hidden id, the whole form) becomes the summary’s message', () => {
    expect(refusalForSummary({ errors: { leadId: 'Lead não encontrado', numero: 'Número de processo inválido' }, message: null }, MONITORING)).toEqual({
      errors: { numero: 'Número de processo inválido' },
      message: 'Lead não encontrado',
    });
    expect(refusalForSummary({ errors: { form: 'Erro ao salvar alterações' } }, [])).toEqual({ errors: {}, message: 'Erro ao salvar alterações' });
    expect(refusalForSummary(undefined, MONITORING)).toEqual({ errors: {}, message: null });
  });
});

describe('every rule of a form in the same round', () => {
  test('the CRM’s stages: rows that do not add up are reported with a refused name or colour, not after them', async () => {
    const { saveStagesSchema } = await import('~/modules/leads/crm.schemas');
    // A colour off the list stops zod's own object refinements; these run anyway.
    const result = saveStagesSchema.safeParse({ stageId: ['a', 'a'], stageName: ['', 'Em contato'], stageColor: ['#3b82f6', 'roxo'] });
    expect(result.success).toBe(false);
    const byField = new Map(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(byField.get('stageName')).toBe('Digite um nome para a etapa');
    expect(byField.get('stageColor')).toBe('Escolha uma das cores da lista');
    expect(byField.get('form')).toBe('Erro ao salvar alterações');
    // Rows that add up add nothing but the fields' own messages.
    const named = saveStagesSchema.safeParse({ stageId: ['a', 'b'], stageName: ['', 'Em contato'], stageColor: ['#3b82f6', 'roxo'] });
    expect(named.error!.issues.map((issue) => String(issue.path[0])).sort()).toEqual(['stageColor', 'stageName']);
  });

  test('registration: a password mismatch is reported with the other fields’ mistakes, not after them', async () => {
    const { registrationSchema } = await import('~/modules/accounts/registration.schemas');
    const result = registrationSchema.safeParse({ nome: 'Jo', email: 'nao-e-email', password: 'minha-senha-forte-7', confirmarSenha: 'outra-senha-forte-8', areasAtuacao: [], cidadesAtendidas: [] });
    expect(result.success).toBe(false);
    const byField = new Map(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField.get('confirmarSenha')).toBe('As senhas não coincidem.');
    expect(byField.get('nome')).toBe('Nome deve ter pelo menos 3 caracteres');
    expect(byField.get('email')).toBe('Email inválido');
  });

  test('registration: matching passwords add no mismatch', async () => {
    const { registrationSchema } = await import('~/modules/accounts/registration.schemas');
    const result = registrationSchema.safeParse({ nome: 'Jo', password: 'minha-senha-forte-7', confirmarSenha: 'minha-senha-forte-7' });
    expect(result.error!.issues.some((issue) => issue.path.join('.') === 'confirmarSenha')).toBe(false);
  });
});
