/**
 * Demo leads: the demo lawyer's board (a dozen realistic requests spread over her stages) and a
 * deterministic generator for the board benchmark (2,000 leads). Pure: no I/O, no database.
 */
import type { LostReasonId, PracticeAreaId } from '~/domain/catalog/catalog';

export interface DemoLead {
  nome: string;
  email: string;
  /** Digits only, with the country code 55. */
  telefone: string;
  cidade: string;
  areaInteresse: PracticeAreaId;
  mensagem: string | null;
  /** The stage, by its position among the lawyer's stages (0 = the first). */
  stageIndex: number;
  /** How long ago the request came in. */
  hoursAgo: number;
  /** Hours after it came in that the lawyer first reached the client (by WhatsApp); none: still waiting. */
  contactedAfterHours?: number;
  /** 'Próximo contato': days from the seed's São Paulo day (-1 overdue, 0 today), optionally at a time. */
  followUpInDays?: number;
  followUpTime?: string;
  /** In a lost stage: why. In a won stage: the agreed fees, in centavos. */
  lostReason?: LostReasonId;
  agreedFeeCents?: number;
}

/** The demo lawyer's leads (Direito de Família and do Consumidor in São Paulo and Campinas). */
export const DEMO_LAWYER_LEADS: readonly DemoLead[] = [
  {
    nome: 'Mariana Lopes Ferreira',
    email: 'mariana.lopes@exemplo.com.br',
    telefone: '5511987231456',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'familia',
    mensagem:
      'Estou me separando depois de 8 anos de casamento e temos dois filhos, de 5 e 9 anos. Gostaria de entender como funciona a guarda compartilhada e a pensão, e se é possível fazer tudo de forma consensual.',
    stageIndex: 0,
    hoursAgo: 2,
  },
  {
    nome: 'Ricardo Nunes Batista',
    email: 'ricardo.batista@exemplo.com.br',
    telefone: '5519991827364',
    cidade: 'sp_campinas',
    areaInteresse: 'consumidor',
    mensagem:
      'Comprei uma geladeira que chegou com defeito e a loja se recusa a trocar, mesmo dentro da garantia. Já abri três protocolos e ninguém resolve. Quero saber quais são meus direitos.',
    stageIndex: 0,
    hoursAgo: 5,
  },
  {
    nome: 'Juliana Castro Almeida',
    email: 'juliana.almeida@exemplo.com.br',
    telefone: '5511976543210',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'familia',
    mensagem: 'O pai do meu filho parou de pagar a pensão há quatro meses. Preciso de orientação para cobrar os valores atrasados.',
    stageIndex: 0,
    hoursAgo: 26,
  },
  {
    nome: 'Fernando Oliveira Santos',
    email: 'fernando.santos@exemplo.com.br',
    telefone: '5511965432198',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'consumidor',
    mensagem:
      'Meu voo internacional foi cancelado sem aviso e a companhia aérea só ofereceu remarcação para dali a cinco dias. Perdi compromissos de trabalho e tive gastos com hotel.',
    stageIndex: 0,
    hoursAgo: 49,
  },
  {
    nome: 'Patrícia Gomes Ribeiro',
    email: 'patricia.ribeiro@exemplo.com.br',
    telefone: '5519998877665',
    cidade: 'sp_campinas',
    areaInteresse: 'familia',
    mensagem: 'Quero fazer o inventário dos bens da minha mãe, que faleceu no ano passado. Somos três irmãos e estamos de acordo sobre a partilha.',
    stageIndex: 1,
    hoursAgo: 30,
    contactedAfterHours: 1,
    followUpInDays: 0,
    followUpTime: '14:00',
  },
  {
    nome: 'André Luiz Carvalho',
    email: 'andre.carvalho@exemplo.com.br',
    telefone: '5511954321987',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'consumidor',
    mensagem: 'Meu nome foi negativado por uma dívida que já paguei. Tenho os comprovantes e o banco não retira a restrição.',
    stageIndex: 1,
    hoursAgo: 72,
    contactedAfterHours: 3,
    followUpInDays: -1,
  },
  {
    nome: 'Camila Duarte Moreira',
    email: 'camila.moreira@exemplo.com.br',
    telefone: '5511943219876',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'familia',
    mensagem: null,
    stageIndex: 1,
    hoursAgo: 96,
    contactedAfterHours: 0.5,
    followUpInDays: 2,
  },
  {
    nome: 'Eduardo Pires Cunha',
    email: 'eduardo.cunha@exemplo.com.br',
    telefone: '5519987612345',
    cidade: 'sp_campinas',
    areaInteresse: 'consumidor',
    mensagem:
      'Contratei um plano de saúde que negou a cobertura de uma cirurgia indicada pelo meu médico, alegando doença preexistente que nunca tive. A cirurgia é urgente.',
    stageIndex: 2,
    hoursAgo: 120,
    contactedAfterHours: 2,
  },
  {
    nome: 'Luciana Rocha Teixeira',
    email: 'luciana.teixeira@exemplo.com.br',
    telefone: '5511932198765',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'familia',
    mensagem: 'Gostaria de fazer um pacto antenupcial com separação total de bens antes do casamento, marcado para daqui a três meses.',
    stageIndex: 2,
    hoursAgo: 200,
    contactedAfterHours: 5,
    followUpInDays: 3,
    followUpTime: '10:30',
  },
  {
    nome: 'Roberto Mendes Araújo',
    email: 'roberto.araujo@exemplo.com.br',
    telefone: '5511921987654',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'familia',
    mensagem: 'Divórcio consensual, sem filhos menores e com um imóvel a partilhar. Queremos fazer em cartório, se for possível.',
    stageIndex: 3,
    hoursAgo: 340,
    contactedAfterHours: 1.5,
    agreedFeeCents: 350_000,
  },
  {
    nome: 'Beatriz Farias Lima',
    email: 'beatriz.lima@exemplo.com.br',
    telefone: '5519976501234',
    cidade: 'sp_campinas',
    areaInteresse: 'consumidor',
    mensagem: 'A construtora atrasou a entrega do meu apartamento em mais de um ano. Quero saber se tenho direito a indenização e aos aluguéis que paguei.',
    stageIndex: 3,
    hoursAgo: 500,
    contactedAfterHours: 4,
    agreedFeeCents: 600_000,
  },
  {
    nome: 'Gustavo Henrique Prado',
    email: 'gustavo.prado@exemplo.com.br',
    telefone: '5511910987654',
    cidade: 'sp_sao_paulo',
    areaInteresse: 'consumidor',
    mensagem: 'Cobrança indevida na fatura do cartão de crédito por um seguro que nunca contratei.',
    stageIndex: 4,
    hoursAgo: 700,
    contactedAfterHours: 24,
    lostReason: 'honorarios',
  },
];

// ---------------------------------------------------------------------------------------------
// The benchmark's board: many leads, deterministic.

const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Elisa', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sofia', 'Tiago', 'Vanessa', 'Vitor'];
const SURNAMES = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Nascimento', 'Lima', 'Araújo', 'Fernandes', 'Carvalho', 'Gomes', 'Martins', 'Rocha'];
const CASES = [
  'Preciso de orientação sobre um contrato de aluguel que o proprietário quer encerrar antes do prazo, com multa que considero abusiva.',
  'Fui demitido sem receber as verbas rescisórias e as horas extras dos últimos dois anos. Gostaria de saber quanto tenho a receber.',
  'Quero entender como regularizar a guarda do meu filho, que mora comigo desde a separação, sem acordo formal com o pai.',
  'Comprei um carro usado que apresentou defeito no motor uma semana depois. A loja diz que a garantia não cobre.',
  'Recebi uma cobrança de imposto que já foi paga e meu nome está para ser inscrito na dívida ativa.',
  'Meu benefício do INSS foi negado mesmo com todos os documentos. Tenho 62 anos e trabalhei 30 anos com carteira assinada.',
  'Sofri um acidente de trânsito causado por outro motorista, que se recusa a pagar o conserto e as despesas médicas.',
  'Gostaria de abrir uma empresa com um sócio e preciso de ajuda com o contrato social e a divisão das quotas.',
];

/** Small, fast, seeded PRNG (mulberry32), so the same seed always gives the same board. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` leads for one lawyer's board, spread over `stageCount` stages (more in the early ones) and
 * the given areas and cities, received over the last 90 days. The same arguments give the same leads.
 */
export function generateDemoLeads(count: number, { stageCount, areas, cities, seed = 7 }: { stageCount: number; areas: readonly PracticeAreaId[]; cities: readonly string[]; seed?: number }): DemoLead[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST_NAMES);
    const last = pick(SURNAMES);
    const ascii = `${first}.${last}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    return {
      nome: `${first} ${pick(SURNAMES)} ${last}`,
      email: `${ascii}.${i}@exemplo.com.br`,
      telefone: `55119${String(10_000_000 + Math.floor(random() * 89_999_999))}`,
      cidade: pick(cities),
      areaInteresse: pick(areas),
      mensagem: random() < 0.1 ? null : pick(CASES),
      // Earlier stages hold more leads, as on a real board.
      stageIndex: Math.min(stageCount - 1, Math.floor(stageCount * random() * random())),
      hoursAgo: Math.floor(random() * 90 * 24),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The demo lawyer's profile views and WhatsApp clicks (issue 23: every dashboard figure has something to
// show): how many days before the seed each happened, none on the seed's day (the back office's report
// of today stays the visitors' own). 34 views and 9 clicks in the last 30 days, 21 views and 6 clicks in
// the 30 before.

export const DEMO_LAWYER_VIEWS_DAYS_AGO: readonly number[] = [
  ...Array.from({ length: 29 }, (_, i) => i + 1),
  2, 3, 5, 8, 13,
  ...Array.from({ length: 21 }, (_, i) => 31 + i),
];
export const DEMO_LAWYER_CLICKS: ReadonlyArray<{ daysAgo: number; source: 'perfil_advogado' | 'busca' }> = [
  { daysAgo: 1, source: 'perfil_advogado' },
  { daysAgo: 2, source: 'busca' },
  { daysAgo: 4, source: 'perfil_advogado' },
  { daysAgo: 6, source: 'perfil_advogado' },
  { daysAgo: 9, source: 'busca' },
  { daysAgo: 12, source: 'perfil_advogado' },
  { daysAgo: 17, source: 'perfil_advogado' },
  { daysAgo: 22, source: 'busca' },
  { daysAgo: 27, source: 'perfil_advogado' },
  { daysAgo: 33, source: 'perfil_advogado' },
  { daysAgo: 38, source: 'busca' },
  { daysAgo: 44, source: 'perfil_advogado' },
  { daysAgo: 49, source: 'perfil_advogado' },
  { daysAgo: 53, source: 'busca' },
  { daysAgo: 58, source: 'perfil_advogado' },
];
