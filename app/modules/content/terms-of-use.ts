import { emailLink, offeredBy, type SiteDetails, type TextSection } from './page-text';
import { PLAN_PRICES, REVIEW_TIME, TRIAL_DAYS } from './product-facts';

/**
 * /termos-de-uso (docs/product-rules.md, "Marketing and legal pages"): 15 sections, version 2.0, written for this product (what it
 * really does: docs/product-rules.md). A change of substance is a new version with its date.
 */

export const TERMS_VERSION = '2.0';
/** ISO date from which this version applies. */
export const TERMS_EFFECTIVE_DATE = '2026-11-25';

export function termsOfUseSections(site: SiteDetails): TextSection[] {
  const brand = site.brandName;
  const contact = emailLink(site.supportEmail, 'os canais de contato informados no site');
  return [
    {
      id: 'aceitacao',
      title: 'Aceitação e definições',
      blocks: [
        `Estes Termos de Uso regem o acesso e o uso do ${brand} (a “Plataforma”), oferecido ${offeredBy(site)}. Ao navegar, enviar uma solicitação de atendimento ou criar uma conta, você declara ter lido e concordado com estes Termos e com a [Política de Privacidade](/politica-de-privacidade). Se não concordar, não use a Plataforma.`,
        'Para estes Termos:',
        {
          list: [
            '“Visitante” ou “Cliente”: quem navega, busca advogados ou envia uma solicitação de atendimento, sem precisar de conta;',
            '“Advogado”: profissional com inscrição na Ordem dos Advogados do Brasil (OAB) que cria uma conta e um perfil;',
            '“Solicitação de atendimento”: o pedido que o Cliente envia pelo formulário do site, com a descrição do seu caso;',
            '“Lead”: a cópia da solicitação entregue a cada Advogado que a recebe;',
            '“Equipe”: as pessoas autorizadas pela operadora a administrar a Plataforma.',
          ],
        },
        'O uso da Plataforma é permitido apenas a maiores de 18 anos. Menores de idade devem procurar um advogado por meio de seus pais ou responsáveis legais.',
      ],
    },
    {
      id: 'o-que-e',
      title: 'O que a Plataforma faz e o que não faz',
      blocks: [
        `O ${brand} é um serviço de tecnologia que ajuda pessoas a encontrar advogados por área de atuação e cidade, encaminha solicitações de atendimento e oferece aos Advogados ferramentas para organizar os contatos recebidos.`,
        `O ${brand} não é escritório de advocacia, não presta consultoria ou assessoria jurídica, não indica “o melhor advogado” e não participa da contratação. A relação profissional, os honorários e a responsabilidade técnica pelo serviço jurídico são sempre entre o Cliente e o Advogado escolhido.`,
      ],
    },
    {
      id: 'cadastro',
      title: 'Cadastro do Advogado',
      blocks: [
        'Só pode se cadastrar como Advogado quem tem inscrição regular na OAB. No cadastro são pedidos nome completo, e-mail, número de inscrição e seccional (UF), WhatsApp profissional, uma senha, uma apresentação, as áreas de atuação, as cidades atendidas e o plano.',
        'O Advogado declara que as informações são verdadeiras e atuais e se compromete a mantê-las assim. Cada conta é pessoal e intransferível: a senha não deve ser compartilhada, e o titular responde pelo que for feito com ela. Suspeitas de uso indevido devem ser comunicadas à Equipe imediatamente.',
        'O cadastro só é concluído depois da confirmação do e-mail, pelo link enviado, válido por 24 horas.',
      ],
    },
    {
      id: 'verificacao',
      title: 'Verificação, aprovação e recusa',
      blocks: [
        `Todo perfil começa “em análise” e não aparece no site até ser aprovado. Uma pessoa da Equipe confere os dados de inscrição no Cadastro Nacional dos Advogados da OAB, em geral em ${REVIEW_TIME}.`,
        'A Equipe pode recusar ou retirar do ar um perfil cuja inscrição não seja confirmada, esteja suspensa ou cancelada, ou que descumpra estes Termos, informando o motivo por e-mail quando houver. A aprovação não é um atestado de qualidade técnica do profissional.',
      ],
    },
    {
      id: 'perfil-e-publicidade',
      title: 'Perfil público e regras de publicidade',
      blocks: [
        'O perfil é informativo e deve respeitar o Estatuto da Advocacia (Lei 8.906/1994), o Código de Ética e Disciplina da OAB e o Provimento 205/2021 do Conselho Federal. Em especial, o Advogado não pode usar o perfil para:',
        {
          list: [
            'prometer ou garantir resultados, ou divulgar casos concretos e clientes;',
            'mencionar preços, honorários, formas de pagamento ou “consulta gratuita”;',
            'usar o título de “especialista” sem a titulação que o autorize, ou expressões de autopromoção e comparação com colegas;',
            'usar símbolos oficiais da OAB ou informações que possam induzir o público a erro.',
          ],
        },
        'O Advogado é responsável pelo conteúdo do seu perfil e da sua foto. A Equipe pode editar ou retirar do ar conteúdo que descumpra essas regras.',
      ],
    },
    {
      id: 'solicitacoes',
      title: 'Solicitações de atendimento e contato',
      blocks: [
        'Quando um Cliente envia uma solicitação, ela é encaminhada, como Lead, a todos os Advogados aprovados que atendem a área e a cidade escolhidas, e também ao Advogado escolhido, quando a solicitação parte de um perfil. O Cliente recebe por e-mail a lista de quem recebeu a solicitação e um link para removê-la a qualquer momento.',
        'Os Leads não são exclusivos, não são vendidos individualmente e a Plataforma não garante a nenhum Advogado uma quantidade mínima de solicitações, nem a nenhum Cliente que será atendido ou que terá êxito na sua causa.',
        'O Advogado que recebe um Lead deve usar os dados do Cliente só para responder àquela solicitação, guardar sigilo sobre o caso e não enviar mensagens em massa ou não solicitadas. Advogados sérios não pedem pagamento antes de um contrato assinado: o Cliente deve desconfiar de pedidos assim e pode denunciá-los à Equipe.',
      ],
    },
    {
      id: 'planos',
      title: 'Planos, período gratuito e pagamento',
      blocks: [
        `Os planos disponíveis para Advogados e o que cada um inclui estão em [Planos](/planos): ${PLAN_PRICES}. O Plano Gratuito não tem prazo de término.`,
        `Um plano pago escolhido no cadastro tem ${TRIAL_DAYS} dias grátis contados da primeira aprovação do perfil. Uma assinatura feita depois da aprovação vale por 30 dias a partir da contratação. Ao contratar um plano, o plano anterior é encerrado. Quando um plano pago termina, o Advogado passa a ter os recursos do Plano Gratuito até contratar outro.`,
        'No momento, a Plataforma não processa pagamentos: a contratação apenas ativa o plano escolhido. Antes de iniciar qualquer cobrança, a operadora avisará os Advogados por e-mail com antecedência, e nenhum valor será cobrado sem a concordância expressa do Advogado.',
        'O plano influencia a posição do perfil na busca (planos de nível mais alto aparecem antes; dentro de cada nível há um rodízio diário). Essa ordem é divulgada como tal e não é apresentada como classificação de mérito. A Plataforma não cobra por Lead, por cliente contratado nem percentual de honorários.',
      ],
    },
    {
      id: 'ferramentas',
      title: 'Ferramentas da área do Advogado',
      blocks: [
        'A área do Advogado oferece painel de estatísticas, CRM de leads com etapas definidas pelo próprio Advogado, configuração de notificações por WhatsApp e, conforme o plano, outros recursos descritos em [Planos](/planos). As ferramentas gratuitas e as análises automáticas oferecidas no site têm caráter informativo, não substituem a avaliação de um advogado e não constituem parecer jurídico.',
        'As notificações por WhatsApp dependem de serviços de terceiros e podem atrasar ou falhar; uma falha na notificação não afeta o registro do Lead, que fica sempre disponível no CRM.',
      ],
    },
    {
      id: 'condutas-proibidas',
      title: 'Condutas proibidas',
      blocks: [
        'É proibido a qualquer usuário:',
        {
          list: [
            'fornecer dados falsos, usar dados de terceiros ou se passar por outra pessoa ou advogado;',
            'enviar solicitações falsas, repetidas ou com conteúdo ofensivo, discriminatório ou ilegal;',
            'usar os dados obtidos na Plataforma para fins diferentes do atendimento solicitado, como listas de contatos, publicidade ou revenda;',
            'coletar dados de forma automatizada (robôs, raspagem), sobrecarregar, testar vulnerabilidades ou tentar acessar áreas e contas sem autorização;',
            'praticar captação indevida de clientela ou qualquer conduta vedada pelo Estatuto e pelo Código de Ética da OAB.',
          ],
        },
        'A Plataforma aplica limites de tentativas e de envios para se proteger de abusos.',
      ],
    },
    {
      id: 'propriedade-intelectual',
      title: 'Conteúdo e propriedade intelectual',
      blocks: [
        `A marca ${brand}, o software, o layout e os textos da Plataforma pertencem à operadora ou a seus licenciantes e não podem ser copiados sem autorização.`,
        'O Advogado mantém os direitos sobre o texto e a foto do seu perfil e autoriza a Plataforma a exibi-los, adaptar o seu formato (por exemplo, reduzir a foto) e divulgá-los no site e em mecanismos de busca enquanto o perfil estiver ativo.',
        'Os artigos do blog têm caráter informativo e geral, não constituem orientação jurídica para casos concretos e podem ficar desatualizados com mudanças na lei ou na jurisprudência.',
      ],
    },
    {
      id: 'dados-pessoais',
      title: 'Dados pessoais',
      blocks: [
        'O tratamento de dados pessoais pela Plataforma está descrito na [Política de Privacidade](/politica-de-privacidade), que faz parte destes Termos.',
        'Ao receber um Lead, o Advogado passa a tratar os dados do Cliente por conta própria para prestar o seu atendimento e responde por esse tratamento, nos termos da Lei Geral de Proteção de Dados (Lei 13.709/2018) e do sigilo profissional.',
      ],
    },
    {
      id: 'responsabilidades',
      title: 'Responsabilidades e limitações',
      blocks: [
        'A Plataforma se esforça para funcionar de forma contínua e segura, mas pode ficar indisponível por manutenção, falhas técnicas ou de terceiros. Sempre que possível, manutenções programadas serão feitas em horários de menor uso.',
        'Na medida permitida pela lei, a operadora não responde pela qualidade, pelo resultado ou pelos honorários dos serviços jurídicos prestados pelos Advogados, nem por acordos feitos diretamente entre Clientes e Advogados, já que não participa dessa relação. Nada nestes Termos afasta direitos garantidos ao consumidor pelo Código de Defesa do Consumidor.',
      ],
    },
    {
      id: 'encerramento',
      title: 'Suspensão, exclusão e encerramento da conta',
      blocks: [
        'O Advogado pode excluir a própria conta a qualquer momento em [Excluir minha conta](/area-advogado/excluir-conta), na área do Advogado. A exclusão apaga o perfil, a foto, os planos, as etapas do CRM, as estatísticas e o acesso. As solicitações que ele recebeu continuam registradas, sem vínculo com ele, porque pertencem aos Clientes que as enviaram.',
        'O Cliente pode remover a sua solicitação, a qualquer momento, pelo link enviado no e-mail de confirmação.',
        'A operadora pode suspender ou excluir contas que descumpram estes Termos ou a legislação, ou cuja inscrição na OAB deixe de estar regular, comunicando o motivo ao titular quando possível.',
      ],
    },
    {
      id: 'alteracoes',
      title: 'Alterações destes Termos',
      blocks: [
        'Estes Termos podem ser atualizados para refletir mudanças na Plataforma ou na legislação. Cada versão traz o seu número e a data de início de vigência no topo desta página. Mudanças relevantes serão comunicadas aos Advogados por e-mail com pelo menos 15 dias de antecedência; continuar usando a Plataforma depois disso significa concordar com a nova versão.',
      ],
    },
    {
      id: 'lei-e-foro',
      title: 'Lei aplicável, foro e contato',
      blocks: [
        'Estes Termos são regidos pelas leis brasileiras. Para Clientes que sejam consumidores, fica eleito o foro do seu domicílio, como garante o Código de Defesa do Consumidor; nos demais casos, o foro da comarca da sede da operadora.',
        `Dúvidas, reclamações e denúncias podem ser enviadas para ${contact}. Respondemos em dias úteis, das 9h às 18h (horário de Brasília).`,
      ],
    },
  ];
}
