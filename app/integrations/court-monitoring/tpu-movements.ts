import type { MovementType } from './provider';

// The movement's type badge from its code in the CNJ's Unified Procedural Tables (Tabelas Processuais
// Unificadas, TPU; Resolução CNJ 46/2007), movement table. docs/decisions/0050 records the source and
// version. The table is a tree: level 1 'Magistrado' (1) and 'Serventuário' (14); under Magistrado the
// three branches the badge names — 'Julgamento' (193), 'Decisão' (3) and 'Despacho' (11009). A code
// whose parent chain reaches one of them takes its badge; every other known code (Serventuário's acts:
// distribution, conclusion, remittal, publication, petitions, the start of enforcement) is ANDAMENTO.
//
// Only the codes the adapters meet need to be here: a code the table below does not know is ANDAMENTO,
// never a guess from its name (the name rule is for movements without a code, i.e. Escavador's).

/** The roots of the three Magistrado branches and the badge each gives. */
export const TPU_BRANCHES: ReadonlyArray<readonly [code: number, name: string, type: MovementType]> = [
  [193, 'Julgamento', 'SENTENCA'],
  [3, 'Decisão', 'DECISAO'],
  [11009, 'Despacho', 'DESPACHO'],
];

/**
 * code → [name, parent code]: the Magistrado branches (as far as this product meets them) and the
 * Serventuário codes of the real answers in ../shared/fixtures/real-world/. Parent 1 = Magistrado,
 * 14 = Serventuário (and its sub-levels, collapsed to 14: only the branch matters here).
 */
export const TPU_MOVEMENTS: ReadonlyMap<number, readonly [name: string, parent: number]> = new Map<number, readonly [string, number]>([
  // Magistrado (1)
  [193, ['Julgamento', 1]],
  [3, ['Decisão', 1]],
  [11009, ['Despacho', 1]],
  // Julgamento (193): with and without resolution of the merits, and their leaves.
  [385, ['Com Resolução do Mérito', 193]],
  [218, ['Sem Resolução de Mérito', 193]],
  [219, ['Procedência', 385]],
  [220, ['Improcedência', 385]],
  [221, ['Procedência em Parte', 385]],
  [466, ['Homologação de Transação', 385]],
  [237, ['Provimento', 385]],
  [238, ['Provimento em Parte', 385]],
  [239, ['Não-Provimento', 385]],
  [196, ['Extinção da execução ou do cumprimento da sentença', 193]],
  [235, ['Não Conhecimento de recurso', 218]],
  [12451, ['Procedência', 193]],
  [12452, ['Procedência parcial', 193]],
  [12453, ['Improcedência', 193]],
  [14099, ['Homologação de Acordo em Execução ou em Cumprimento de Sentença', 193]],
  // Decisão (3)
  [12164, ['Outras Decisões', 3]],
  [332, ['Concedida a Medida Liminar', 3]],
  [157, ['Revogação', 3]],
  [190, ['Reforma de decisão anterior', 3]],
  [11382, ['Bloqueio/penhora on line', 3]],
  [15086, ['Deferimento em Parte', 3]],
  // Despacho (11009)
  [11010, ['Mero expediente', 11009]],
  [15085, ['Emenda à Inicial', 11009]],
  // Serventuário (14)
  [14, ['Serventuário', 0]],
  [1, ['Magistrado', 0]],
  [26, ['Distribuição', 14]],
  [36, ['Redistribuição', 14]],
  [51, ['Conclusão', 14]],
  [60, ['Expedição de documento', 14]],
  [85, ['Petição', 14]],
  [92, ['Publicação', 14]],
  [123, ['Remessa', 14]],
  [132, ['Recebimento', 14]],
  [245, ['Provisório', 14]],
  [246, ['Definitivo', 14]],
  [848, ['Trânsito em julgado', 14]],
  [861, ['Arquivamento', 14]],
  [11383, ['Ato ordinatório', 14]],
  [11384, ['Liquidação iniciada', 14]],
  [11385, ['Execução/Cumprimento de Sentença Iniciada (o)', 14]],
  [1061, ['Disponibilização no Diário da Justiça Eletrônico', 14]],
]);

const BRANCH_TYPE: ReadonlyMap<number, MovementType> = new Map(TPU_BRANCHES.map(([code, , type]) => [code, type]));

/** The badge of a TPU movement code: the branch its parent chain reaches; ANDAMENTO for any other code. */
export function movementTypeOfCode(code: number): MovementType {
  let current: number | undefined = code;
  for (let depth = 0; current !== undefined && depth < 10; depth++) {
    const type = BRANCH_TYPE.get(current);
    if (type) return type;
    current = TPU_MOVEMENTS.get(current)?.[1];
  }
  return 'ANDAMENTO';
}
