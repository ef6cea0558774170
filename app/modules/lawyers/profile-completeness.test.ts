import { describe, expect, test } from 'vitest';
import { profileCompleteness } from './profile-completeness';

const empty = { fotoUrl: null, biografia: 'Advogada de família.', primeiraInscricaoAno: null, formacao: null, idiomas: [], atendeOnline: false, escritorioCidade: null };

describe('the completeness meter', () => {
  test('a profile as registration leaves it: everything missing, the photo first', () => {
    const result = profileCompleteness(empty);
    expect(result).toMatchObject({ percent: 0, done: 0, total: 6 });
    expect(result.missing.map((m) => m.id)).toEqual(['foto', 'primeiraInscricaoAno', 'formacao', 'idiomas', 'atendimento', 'biografia']);
    expect(result.missing[0]!.label).toBe('Adicione sua foto');
  });

  test('online service or an office both answer how the lawyer serves', () => {
    expect(profileCompleteness({ ...empty, atendeOnline: true }).missing.map((m) => m.id)).not.toContain('atendimento');
    expect(profileCompleteness({ ...empty, escritorioCidade: 'sp_sao_paulo' }).missing.map((m) => m.id)).not.toContain('atendimento');
  });

  test('each item counts once; a complete profile is 100% with nothing missing', () => {
    expect(profileCompleteness({ ...empty, fotoUrl: '/fotos/x.webp' })).toMatchObject({ percent: 17, done: 1 });
    const complete = { fotoUrl: '/fotos/x.webp', biografia: 'x'.repeat(150), primeiraInscricaoAno: 2014, formacao: 'Direito pela USP', idiomas: ['portugues'], atendeOnline: false, escritorioCidade: 'sp_santos' };
    expect(profileCompleteness(complete)).toEqual({ percent: 100, done: 6, total: 6, missing: [] });
    expect(profileCompleteness({ ...complete, biografia: ` ${'x'.repeat(149)} ` }).missing.map((m) => m.id)).toEqual(['biografia']);
  });
});
