import { describe, expect, test } from 'vitest';
import { movementTypeOfText } from './movement-type';

describe('the type badge of a movement', () => {
  test.each([
    // Judgments.
    ['Sentença', 'SENTENCA'],
    ['SENTENCA PROFERIDA', 'SENTENCA'],
    ['Julgamento', 'SENTENCA'],
    ['Procedência em Parte', 'SENTENCA'],
    ['Improcedência', 'SENTENCA'],
    ['Vistos. JULGO IMPROCEDENTE o pedido.', 'SENTENCA'],
    ['Acórdão', 'SENTENCA'],
    ['Homologação de Transação', 'SENTENCA'],
    ['Extinção do processo sem resolução do mérito', 'SENTENCA'],
    // Decisions.
    ['Decisão', 'DECISAO'],
    ['Decisão interlocutória proferida', 'DECISAO'],
    ['Concedida a Medida Liminar', 'DECISAO'],
    ['Não Concedida a Antecipação de tutela', 'DECISAO'],
    ['Indeferimento', 'DECISAO'],
    // Orders.
    ['Despacho', 'DESPACHO'],
    ['Mero expediente', 'DESPACHO'],
    ['DESPACHO: Cite-se.', 'DESPACHO'],
    // Mentions of an act are not the act.
    ['Conclusos para sentença', 'ANDAMENTO'],
    ['Conclusão', 'ANDAMENTO'],
    ['Trânsito em julgado', 'ANDAMENTO'],
    ['Inclusão em pauta para julgamento', 'ANDAMENTO'],
    ['Pedido de Liminar/Antecipação de Tutela', 'ANDAMENTO'],
    ['Publicado Decisão no DJe', 'ANDAMENTO'],
    ['Juntada de Petição', 'ANDAMENTO'],
    ['Remetidos os Autos para o Tribunal de Justiça', 'ANDAMENTO'],
    ['Distribuição', 'ANDAMENTO'],
    ['Audiência de conciliação realizada', 'ANDAMENTO'],
    ['', 'ANDAMENTO'],
  ])('%s → %s', (text, tipo) => {
    expect(movementTypeOfText(text)).toBe(tipo);
  });
});

describe('the TPU code decides when there is one (docs/decisions/0050)', () => {
  test('the three Magistrado branches and their descendants; Serventuário codes and unknown codes are ANDAMENTO', async () => {
    const { movementTypeOfCode, TPU_MOVEMENTS } = await import('./tpu-movements');
    expect([193, 385, 218, 219, 220, 221, 466, 196, 12451].map(movementTypeOfCode)).toEqual(Array(9).fill('SENTENCA'));
    expect([3, 12164, 332, 11382].map(movementTypeOfCode)).toEqual(Array(4).fill('DECISAO'));
    expect([11009, 11010, 15085].map(movementTypeOfCode)).toEqual(Array(3).fill('DESPACHO'));
    // The start of enforcement is not a judgment, whatever its name says.
    expect(movementTypeOfCode(11385)).toBe('ANDAMENTO');
    expect(movementTypeOfText('Execução/Cumprimento de Sentença Iniciada (o)')).toBe('SENTENCA');
    expect([26, 51, 60, 85, 92, 123, 132, 245, 848, 11383, 14, 1, 999_999].map(movementTypeOfCode)).toEqual(Array(13).fill('ANDAMENTO'));
    // Every code of the extract reaches a root (no dangling parent, no cycle).
    for (const [code, [, parent]] of TPU_MOVEMENTS) if (parent !== 0) expect(TPU_MOVEMENTS.has(parent), `${code} → ${parent}`).toBe(true);
  });
});
