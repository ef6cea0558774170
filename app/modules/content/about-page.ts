import type { FaqItem } from './page-text';

/**
 * /quem-somos (docs/product-rules.md, "Marketing and legal pages"): the product, its mission, the six steps of how it works and its
 * ethics. Functions of the brand name (BRAND_NAME). Nothing here promises a client a result (OAB
 * Provimento 205/2021, art. 6º); the search order is described as what it is, not as merit.
 */

export const aboutIntro = (brand: string) =>
  `O ${brand} é uma plataforma brasileira que aproxima pessoas que precisam de ajuda jurídica de advogados com inscrição na OAB. Não somos um escritório de advocacia e não prestamos serviços jurídicos: oferecemos o caminho para que cliente e advogado se encontrem, conversem e decidam juntos como seguir.`;

export const ABOUT_MISSION = {
  title: 'Nossa missão',
  paragraphs: [
    'Tornar simples e seguro o primeiro passo de quem precisa de um advogado. Muita gente adia um problema jurídico porque não sabe por onde começar, a quem perguntar ou em quem confiar. Reunimos em um só lugar profissionais identificados pelo número de inscrição na OAB, organizados por área de atuação e cidade, com um caminho direto para a conversa.',
    'Para os advogados, queremos ser uma forma ética e transparente de ser encontrado por quem procura exatamente o tipo de atendimento que eles oferecem, com ferramentas para organizar os contatos recebidos, sem intermediar honorários e sem vender causas.',
  ],
} as const;

export interface AboutStep {
  title: string;
  text: string;
}

export const ABOUT_STEPS: readonly AboutStep[] = [
  {
    title: 'O advogado se cadastra',
    text: 'Informa nome, número de inscrição e seccional da OAB, áreas de atuação, cidades em que atende, WhatsApp profissional e uma apresentação, e confirma o e-mail.',
  },
  {
    title: 'Nossa equipe verifica a inscrição',
    text: 'Uma pessoa da equipe confere os dados no Cadastro Nacional dos Advogados (CNA) da OAB, em geral em 24 a 48 horas úteis. Só perfis aprovados aparecem no site.',
  },
  {
    title: 'O perfil é publicado',
    text: 'O perfil mostra o que a OAB permite divulgar: nome, inscrição, áreas, cidades, apresentação, foto e contato. Sem preços, sem promessas e sem selos de “melhor advogado”.',
  },
  {
    title: 'Você busca ou conta o seu caso',
    text: 'Filtre por área e cidade e abra os perfis, ou preencha a solicitação de atendimento descrevendo a sua situação. Usar o site não custa nada para quem procura um advogado.',
  },
  {
    title: 'Encaminhamos a sua solicitação',
    text: 'A solicitação vai para todos os advogados aprovados que atendem aquela área e cidade, e você recebe por e-mail a lista de quem a recebeu, com a inscrição de cada um e um link para remover o pedido quando quiser.',
  },
  {
    title: 'Vocês conversam diretamente',
    text: 'O contato, a proposta de honorários e o contrato são combinados entre você e o advogado escolhido. Não participamos da negociação, não cobramos do cliente e não recebemos parte dos honorários.',
  },
];

export const ABOUT_ETHICS = {
  title: 'Nosso compromisso ético',
  intro:
    'A advocacia tem regras próprias de publicidade e de relação com clientes, e a plataforma foi desenhada para respeitá-las: o Estatuto da Advocacia (Lei 8.906/1994), o Código de Ética e Disciplina da OAB e o Provimento 205/2021 do Conselho Federal, além da Lei Geral de Proteção de Dados (Lei 13.709/2018).',
  commitments: [
    { title: 'Informação objetiva e verdadeira', text: 'os perfis são informativos. Não publicamos preços, “consulta grátis”, comparações entre profissionais nem promessas ou garantias de resultado, porque nenhum advogado pode garantir o resultado de uma causa.' },
    { title: 'Inscrição verificada', text: 'todo perfil público passou pela conferência de uma pessoa da nossa equipe, e o número da OAB aparece em cada perfil para que você também possa conferir no [Cadastro Nacional dos Advogados](https://cna.oab.org.br/).' },
    { title: 'Sem captação de causas', text: 'não vendemos casos, não cobramos por cliente conquistado e não ficamos com parte dos honorários. Os advogados pagam, quando escolhem um plano, pelas ferramentas e pela visibilidade do perfil.' },
    { title: 'Ordem de busca transparente', text: 'os resultados são ordenados pelo nível do plano do advogado e, dentro de cada nível, por um rodízio que muda todos os dias, para que todos apareçam no topo em algum momento. Essa ordem não é uma classificação de qualidade.' },
    { title: 'Sem consultoria jurídica', text: 'nossa equipe ajuda você a encontrar um profissional, mas não analisa casos nem dá pareceres. Orientação jurídica é atividade privativa de advogado.' },
    { title: 'Seus dados protegidos', text: 'usamos os seus dados só para o que você pediu, explicamos tudo na [Política de Privacidade](/politica-de-privacidade) e você pode remover a sua solicitação ou a sua conta a qualquer momento.' },
  ],
} as const;

export const aboutFaq = (brand: string): FaqItem[] => [
  {
    question: `O ${brand} é um escritório de advocacia?`,
    answer: `Não. O ${brand} é uma plataforma de tecnologia que ajuda pessoas a encontrar advogados. Quem presta o serviço jurídico, combina os honorários e assina o contrato com você é o advogado escolhido.`,
  },
  {
    question: 'Quanto custa para quem procura um advogado?',
    answer:
      'Buscar advogados, ver perfis, conversar pelo WhatsApp e enviar uma solicitação de atendimento não custam nada. Os honorários do serviço jurídico são combinados diretamente com o advogado, de preferência por contrato escrito.',
  },
  {
    question: 'Como sei que o advogado é de verdade?',
    answer:
      'Todo perfil público foi aprovado pela nossa equipe depois de conferir a inscrição na OAB. O número da inscrição e a seccional aparecem no perfil (por exemplo, OAB/SP 123456) e você pode confirmá-los no Cadastro Nacional dos Advogados, em cna.oab.org.br.',
  },
  {
    question: 'Por que alguns advogados aparecem primeiro na busca?',
    answer:
      'A ordem considera o plano do advogado e, dentro de cada plano, um rodízio diário. Ela não mede a qualidade do profissional. Leia os perfis e converse com mais de um advogado antes de decidir.',
  },
];
