import type { FaqItem } from './page-text';
import { LOWEST_PAID_PRICE, REVIEW_TIME, TRIAL_DAYS } from './product-facts';

/**
 * /por-que-se-registrar (docs/product-rules.md, "Marketing and legal pages"): why a lawyer should register. Figures are the ones the
 * product itself backs (prices and trial from the catalogue, the review time of docs/product-rules.md);
 * the spec's unmeasured marketing numbers (2.500 advogados, 73% de conversão, 680% de ROI, '13 vagas
 * restantes', 'primeiro lead em 48h') are left out: docs/decisions/0025.
 */


export const LAWYER_HERO = {
  title: 'Seja encontrado por quem precisa de um advogado da sua área',
  lead: (brand: string) =>
    `No ${brand}, pessoas que procuram ajuda jurídica filtram por área e cidade e enviam solicitações de atendimento que chegam direto a você. Cadastre-se, tenha um perfil verificado e organize os contatos recebidos em um só lugar.`,
} as const;

export const LAWYER_HIGHLIGHTS: readonly { value: string; label: string }[] = [
  { value: 'R$ 0', label: 'para começar no Plano Gratuito, sem cartão de crédito' },
  { value: `${TRIAL_DAYS} dias`, label: 'grátis nos planos pagos, contados da aprovação do cadastro' },
  { value: REVIEW_TIME, label: 'para a nossa equipe conferir a sua inscrição na OAB' },
  { value: LOWEST_PAID_PRICE, label: 'por mês: o preço de partida dos planos pagos' },
];

export interface Benefit {
  title: string;
  text: string;
}

export const LAWYER_BENEFITS: readonly Benefit[] = [
  {
    title: 'Solicitações da sua área e da sua cidade',
    text: 'Quando alguém descreve o seu caso no formulário de atendimento, a solicitação chega a todos os advogados aprovados que atendem aquela área e aquela cidade. Você recebe nome, e-mail, WhatsApp e a descrição do caso.',
  },
  {
    title: 'Aviso de novas solicitações no WhatsApp',
    text: 'Cada nova solicitação gera uma mensagem no número de notificações que você escolher, em todos os planos, para você responder enquanto o cliente ainda está decidindo.',
  },
  {
    title: 'Perfil público verificado',
    text: 'Nome, inscrição na OAB, áreas de atuação, cidades, apresentação, foto e um botão de WhatsApp com saudação pronta. O perfil segue o Provimento 205/2021: informativo, sóbrio e fácil de encontrar.',
  },
  {
    title: 'CRM de leads em todos os planos',
    text: 'Um quadro com as etapas que você definir (Novo, Em contato, Proposta enviada, Contratado…), para arrastar cada contato até o fechamento, registrar observações e não perder nenhum retorno.',
  },
  {
    title: 'Painel com os seus números',
    text: 'Visualizações do perfil, cliques no WhatsApp e leads do mês, comparados com o período anterior, para você saber o que está funcionando.',
  },
  {
    title: 'Seus dados sob o seu controle',
    text: 'Edite o perfil quando quiser, baixe todos os seus dados em um arquivo e exclua a conta pela própria área do advogado, como garante a LGPD.',
  },
];

export const LAWYER_STEPS: readonly Benefit[] = [
  { title: 'Preencha o cadastro', text: 'Nome, inscrição e seccional da OAB, WhatsApp, áreas, cidades, uma apresentação e o plano desejado.' },
  { title: 'Confirme o seu e-mail', text: 'Enviamos um link de confirmação. Ao clicar, o cadastro é concluído e você já acessa a sua área.' },
  { title: 'Aguarde a verificação', text: `Nossa equipe confere a sua inscrição no Cadastro Nacional dos Advogados em ${REVIEW_TIME}. Você recebe um e-mail com a decisão.` },
  { title: 'Receba solicitações', text: 'Com o perfil aprovado, você aparece na busca e passa a receber as solicitações da sua área e cidade.' },
];

export const LAWYER_ETHICS = {
  title: 'Dentro das regras da OAB',
  paragraphs: [
    'A plataforma não vende causas, não cobra por cliente conquistado e não participa dos seus honorários: você paga, se quiser, apenas pelo plano. Os perfis não mostram preços, “consulta gratuita” nem promessas de resultado, e a ordem da busca, por nível de plano e rodízio diário, não é apresentada como ranking de qualidade.',
    'Assim você divulga o seu trabalho de forma compatível com o Código de Ética e Disciplina e o Provimento 205/2021 do Conselho Federal da OAB.',
  ],
} as const;

export const lawyerFaq = (brand: string): FaqItem[] => [
  {
    question: `Quanto custa anunciar no ${brand}?`,
    answer: `O Plano Gratuito não custa nada e já inclui perfil público, solicitações de atendimento e o CRM de leads. Os planos pagos custam a partir de ${LOWEST_PAID_PRICE} por mês e dão mais destaque na ordem da busca; o plano escolhido no cadastro tem ${TRIAL_DAYS} dias grátis a partir da aprovação. Compare em [Planos](/planos).`,
  },
  {
    question: 'Pago por lead ou por cliente fechado?',
    answer: 'Não. Não há cobrança por lead, por caso nem percentual sobre honorários, o que seria captação de clientela vedada pelo Estatuto da Advocacia. O valor do plano é fixo e mensal.',
  },
  {
    question: 'As solicitações são exclusivas?',
    answer:
      'Não. Cada solicitação vai para todos os advogados aprovados que atendem a área e a cidade escolhidas pelo cliente (e para o advogado que ele escolheu, quando pede atendimento a partir de um perfil). O cliente decide com quem seguir.',
  },
  {
    question: 'Quantas solicitações vou receber?',
    answer:
      'Depende da procura pela sua área na sua cidade, e por isso não prometemos números. Quanto mais completo o perfil e mais cidades e áreas você atende de fato, mais chances de ser encontrado.',
  },
  {
    question: 'Quanto tempo leva a aprovação?',
    answer: `Em geral ${REVIEW_TIME}. Uma pessoa da equipe confere nome, número e seccional no Cadastro Nacional dos Advogados. Enquanto isso você já pode entrar na sua área e completar o perfil.`,
  },
  {
    question: 'Posso mudar de plano ou voltar ao gratuito?',
    answer: 'Sim. Depois da aprovação, escolha outro plano em [Planos](/planos) a qualquer momento, inclusive o Gratuito.',
  },
];
