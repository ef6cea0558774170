import type { MovementType } from './provider';

// The type badge of a movement from its text (docs/decisions/0029-court-monitoring-providers.md).
// Neither Escavador (ANDAMENTO | PUBLICACAO) nor DataJud (TPU codes and names) says "decision",
// "order" or "judgment" in so many words, so the badge is read from the words, in this order:
//   1. what only mentions an act — conclusions "para sentença", "trânsito em julgado", "inclusão em
//      pauta para julgamento", a party's "pedido de liminar", remittals, attachments, certificates,
//      summons — is ANDAMENTO, whatever act it names;
//   2. sentença, julgamento, julgo/julgado (parcialmente) (im)procedente, procedência, improcedência, acórdão,
//      extinção do processo, homologação → SENTENCA;
//   3. decisão, liminar, tutela (antecipada, de urgência), interlocutória, and a text that opens with
//      deferido/indeferido/concedido/revogado (TPU: 'Concedida a Medida Liminar') → DECISAO;
//   4. despacho, mero expediente → DESPACHO;
//   5. anything else → ANDAMENTO.

const MENTIONS_ONLY =
  /^(conclus|remessa|remetid|recebid|juntad|certid|certificad|expedi|intima|cita[cç]|publica|disponibiliza|inclus|pedido|peticao|protocol|ato ordinatorio|mandado|carta|aviso|prazo)|transito em julgado|para (julgamento|sentenca|decisao|despacho)|em pauta/;
const SENTENCE = /sentenca|julgamento|julg(?:o|ad[oa]s?) (?:parcialmente )?(?:im)?procedente|procedencia|improcedencia|acordao|extincao do processo|extinto o processo|^homologa/;
const DECISION = /decisao|decisoes|liminar|tutela|interlocutoria|^(deferid|indeferid|deferimento|indeferimento|concedid|nao concedid|concessao|revogad|revogacao)/;
const ORDER = /despacho|mero expediente/;

/** Lower case without accents, spaces collapsed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The badge of a movement whose text (or name) is `text`, by the rule above. */
export function movementTypeOfText(text: string): MovementType {
  const words = normalizeText(text);
  if (MENTIONS_ONLY.test(words)) return 'ANDAMENTO';
  if (SENTENCE.test(words)) return 'SENTENCA';
  if (DECISION.test(words)) return 'DECISAO';
  if (ORDER.test(words)) return 'DESPACHO';
  return 'ANDAMENTO';
}
