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
