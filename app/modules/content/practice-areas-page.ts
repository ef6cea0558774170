import type { PracticeAreaId } from '~/domain/catalog/catalog';
import type { FaqItem } from './page-text';

/**
 * /areas-de-atuacao (docs/product-rules.md, "Marketing and legal pages"): the eight areas of the landing page, each with the matters it
 * usually covers (information, never a promise: OAB Provimento 205/2021) and a link to its search.
 */

export interface LandingArea {
  /** The catalogue's area, whose search the card links to. */
  id: PracticeAreaId;
  title: string;
  summary: string;
  examples: readonly string[];
}

export const LANDING_AREAS: readonly LandingArea[] = [
  {
    id: 'civil',
    title: 'Direito Civil',
    summary: 'Relações do dia a dia entre pessoas e empresas: contratos, dívidas, danos e responsabilidade.',
    examples: ['Contratos e seu descumprimento', 'Indenização por danos materiais e morais', 'Cobranças e execução de dívidas', 'Acidentes de trânsito'],
  },
  {
    id: 'trabalho',
    title: 'Direito Trabalhista',
    summary: 'Direitos e deveres de empregados e empregadores, do contrato de trabalho à rescisão.',
    examples: ['Verbas rescisórias e FGTS', 'Horas extras e adicionais', 'Assédio moral no trabalho', 'Acidente de trabalho e estabilidade'],
  },
  {
    id: 'familia',
    title: 'Direito de Família',
    summary: 'Questões da família e da herança, muitas vezes resolvidas por acordo ou em cartório.',
    examples: ['Divórcio e partilha de bens', 'Pensão alimentícia', 'Guarda e convivência dos filhos', 'União estável, inventário e testamento'],
  },
  {
    id: 'penal',
    title: 'Direito Penal',
    summary: 'Defesa de quem é investigado ou acusado e acompanhamento de vítimas de crimes.',
    examples: ['Prisão em flagrante e audiência de custódia', 'Inquérito policial', 'Defesa em processo criminal', 'Assistência à vítima'],
  },
  {
    id: 'empresarial',
    title: 'Direito Empresarial',
    summary: 'A vida jurídica de empresas e empreendedores, da abertura às crises.',
    examples: ['Abertura e alteração de sociedades', 'Acordo de sócios', 'Contratos empresariais', 'Recuperação judicial e falência'],
  },
  {
    id: 'consumidor',
    title: 'Direito do Consumidor',
    summary: 'Problemas com produtos, serviços, bancos, planos de saúde e companhias aéreas.',
    examples: ['Produto com defeito ou não entregue', 'Cobrança indevida e negativação', 'Voo cancelado ou atrasado', 'Negativa de cobertura do plano de saúde'],
  },
  {
    id: 'previdenciario',
    title: 'Direito Previdenciário',
    summary: 'Benefícios do INSS e da previdência: pedir, revisar e recorrer.',
    examples: ['Aposentadoria e planejamento', 'Auxílio por incapacidade', 'BPC/LOAS', 'Pensão por morte e revisão de benefício'],
  },
  {
    id: 'imobiliario',
    title: 'Direito Imobiliário',
    summary: 'Compra, venda, aluguel e regularização de imóveis.',
    examples: ['Compra e venda e distrato', 'Locação e ação de despejo', 'Usucapião e regularização', 'Questões de condomínio'],
  },
];

/** The page's questions; the first names the WhatsApp button only when the page has one. */
export const practiceAreasFaq = (brand: string, hasWhatsApp: boolean): FaqItem[] => [
  {
    question: 'Não sei qual é a área do meu caso. E agora?',
    answer: `Escolha a área que parece mais próxima ou descreva a sua situação na [solicitação de atendimento](/solicitar-atendimento): ela chega aos advogados da área e da cidade escolhidas, que avaliam o caso.${hasWhatsApp ? ` Você também pode falar com a equipe do ${brand} pelo WhatsApp, no botão desta página, para saber onde procurar.` : ''}`,
  },
  {
    question: `A equipe do ${brand} pode analisar o meu caso?`,
    answer:
      'Não. Nossa equipe ajuda você a encontrar um profissional, mas não dá pareceres nem orientação sobre o mérito do caso: isso é atividade privativa de advogado, que vai avaliar os seus documentos e explicar os caminhos possíveis.',
  },
  {
    question: 'Quanto custa contratar um advogado?',
    answer:
      'Os honorários são combinados diretamente com o advogado e variam conforme o caso. As seccionais da OAB publicam tabelas de honorários como referência. Peça a proposta por escrito e só pague depois de assinar o contrato de honorários.',
  },
  {
    question: 'Um advogado pode garantir que vou ganhar?',
    answer:
      'Não. Nenhum advogado pode prometer ou garantir resultado, e o Código de Ética da OAB proíbe essa promessa. Desconfie de quem garante vitória ou pede pagamento antes de qualquer contrato.',
  },
];
