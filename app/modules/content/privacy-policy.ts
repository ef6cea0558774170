import { emailLink, offeredBy, type SiteDetails, type TextSection } from './page-text';

/**
 * /politica-de-privacidade (docs/product-rules.md, "Marketing and legal pages"; LGPD arts. 9, 18, 19 and 41): what this product really
 * collects, keeps and shares (docs/product-rules.md: Counting rules, Client requests, Your data), and the
 * cookies it really sets (app/auth/auth.server.ts, app/lib/flash-toast.server.ts,
 * app/modules/leads/lead-request-cookie.server.ts, app/modules/accounts/registration-cookie.server.ts).
 * A change to any of them changes this text (tests/integration/marketing-pages.test.ts lists the cookies).
 */

/** ISO date of the last change to this text. */
export const PRIVACY_POLICY_UPDATED = '2026-11-25';

export interface CookieRow {
  name: string;
  purpose: string;
  duration: string;
}

/** Every cookie the site sets. All are first-party and strictly necessary; none is for analytics or advertising. */
export const SITE_COOKIES: readonly CookieRow[] = [
  {
    name: 'jusconecta.session_token',
    purpose: 'Mantém o advogado ou a equipe conectados depois do login (com o prefixo __Secure- quando o site usa HTTPS). Só é criado ao entrar na conta.',
    duration: 'até 30 dias, ou até sair da conta',
  },
  { name: 'jusconecta_toast', purpose: 'Mostra uma única vez a mensagem de confirmação de uma ação, como “Perfil atualizado com sucesso!”.', duration: '60 segundos' },
  { name: 'jusconecta_solicitacao', purpose: 'Mostra o resultado da solicitação de atendimento depois do envio, sem reenviar o formulário ao recarregar a página.', duration: '60 segundos' },
  { name: 'jusconecta_registro', purpose: 'Guarda o e-mail recém-cadastrado para mostrá-lo na página de confirmação de e-mail.', duration: '1 hora' },
];

export function privacyPolicySections(site: SiteDetails): TextSection[] {
  const brand = site.brandName;
  const supportEmail = emailLink(site.supportEmail, 'o canal de contato informado no site');
  const officerEmail = emailLink(site.privacyOfficer.email, 'o canal de contato informado no site');
  const officer = site.privacyOfficer.name ? `${site.privacyOfficer.name}, que pode ser contatado(a) pelo e-mail ${officerEmail}` : `pelo e-mail ${officerEmail}`;
  return [
    {
      id: 'controlador',
      title: 'Quem trata os seus dados',
      blocks: [
        `O ${brand} é operado ${offeredBy(site)}, que é a controladora dos dados pessoais tratados na Plataforma, nos termos da Lei Geral de Proteção de Dados (Lei 13.709/2018, “LGPD”).`,
        `Esta política explica quais dados coletamos, para quê, com quem os compartilhamos, por quanto tempo os guardamos e como você exerce os seus direitos. Dúvidas podem ser enviadas para ${supportEmail}.`,
      ],
    },
    {
      id: 'dados-coletados',
      title: 'Dados que coletamos',
      blocks: [
        'De quem envia uma solicitação de atendimento: nome, e-mail, WhatsApp, cidade, área de atuação e a descrição do caso, além do advogado escolhido, quando a solicitação parte de um perfil. Não é preciso criar conta. Pedimos que a descrição traga só o necessário para o advogado entender o caso, sem dados de saúde, documentos ou informações de terceiros que não sejam indispensáveis.',
        'De advogados: nome, e-mail, senha (guardada apenas como código irreversível), número e seccional da OAB, WhatsApp profissional, WhatsApp para notificações, apresentação, foto (regravada sem os metadados do arquivo original, como localização), áreas, cidades, plano, os leads recebidos com as anotações e etapas do CRM, e o token do serviço de WhatsApp, quando informado (guardado criptografado).',
        'De quem envia uma denúncia em /confirmar-advogado: o relato do que aconteceu, o número usado por quem fez o pedido e, se você quiser, um contato seu. A consulta de um telefone ou de uma inscrição na OAB nessa página não é guardada.',
        'De quem tem conta (advogados e equipe): para cada sessão aberta, o endereço IP, o navegador usado e as datas de início e de expiração, para que você possa identificar acessos à sua conta.',
        'De quem navega: contamos visualizações de perfis e cliques no WhatsApp dos advogados usando um código de visitante calculado a partir do endereço IP e do navegador, misturados a um valor aleatório que muda todos os dias. O endereço IP não é guardado nessa contagem. Para proteger o site de abusos, contamos tentativas por endereço IP e por e-mail (por exemplo, de login e de envio de formulários).',
        'Não usamos ferramentas de análise de terceiros, pixels de publicidade nem redes sociais embutidas nas páginas.',
      ],
    },
    {
      id: 'finalidades-e-bases-legais',
      title: 'Para que usamos os dados e com que base legal',
      blocks: [
        'Usamos cada dado só para as finalidades abaixo, cada uma apoiada em uma das bases legais do art. 7º da LGPD:',
        {
          list: [
            'Encaminhar a sua solicitação de atendimento aos advogados da área e da cidade escolhidas e enviar a confirmação por e-mail: a seu pedido, para procedimentos preliminares a um contrato (art. 7º, V). Se a descrição do caso trouxer dados sensíveis, eles são tratados só para esse encaminhamento e para o exercício regular de direitos (art. 11, II, “d”).',
            'Criar e manter a conta e o perfil público do advogado, entregar os leads, as notificações e as ferramentas do plano: execução do contrato com o advogado (art. 7º, V).',
            'Conferir a inscrição do advogado na OAB antes de publicar o perfil, para que o público encontre apenas profissionais habilitados: legítimo interesse (art. 7º, IX).',
            'Proteger contas e o site contra fraudes, abusos e acessos indevidos, incluindo o registro das sessões e os limites de tentativas: legítimo interesse (art. 7º, IX).',
            'Analisar as denúncias do golpe do falso advogado e proteger os clientes, avisando a equipe quando o número denunciado é o de um advogado da Plataforma: legítimo interesse (art. 7º, IX).',
            'Mostrar aos advogados as estatísticas de visualizações e cliques dos seus perfis, com o código diário de visitante: legítimo interesse (art. 7º, IX).',
            'Cumprir obrigações legais e atender a ordens de autoridades: obrigação legal (art. 7º, II); e defender a operadora em processos: exercício regular de direitos (art. 7º, VI).',
          ],
        },
        'Não enviamos publicidade por e-mail ou WhatsApp. Se um dia isso acontecer, será só com o seu consentimento (art. 7º, I), que poderá ser revogado a qualquer momento.',
      ],
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      blocks: [
        {
          list: [
            'Com os advogados que recebem a sua solicitação: nome, e-mail, WhatsApp, cidade, área e descrição do caso. A lista de quem recebeu vai no e-mail de confirmação. A partir daí, cada advogado trata esses dados por conta própria, sob o sigilo profissional e a LGPD.',
            'Com o público: as informações do perfil de um advogado aprovado (nome, OAB, áreas, cidades, apresentação, foto e WhatsApp profissional) são públicas por escolha do próprio advogado.',
            'Com prestadores de serviço que operam em nosso nome: hospedagem e banco de dados, envio de e-mails e envio de mensagens de WhatsApp (a plataforma WhatsApp Business da Meta ou o serviço de mensagens configurado pelo próprio advogado), que recebem só o necessário para a mensagem. Alguns desses serviços podem guardar dados fora do Brasil, com as garantias do art. 33 da LGPD.',
            'Com autoridades, quando houver obrigação legal ou ordem judicial.',
          ],
        },
        'Não vendemos nem alugamos dados pessoais.',
      ],
    },
    {
      id: 'retencao',
      title: 'Por quanto tempo guardamos',
      blocks: [
        {
          list: [
            'Solicitações de atendimento: até você removê-las pelo link do e-mail de confirmação, ou pedir a remoção pelos canais abaixo. A remoção apaga a solicitação e as cópias entregues aos advogados na Plataforma, cancela as mensagens ainda não enviadas e apaga o conteúdo das já enviadas que ficam nos nossos registros.',
            'Conta de advogado: enquanto a conta existir. Ao excluí-la, apagamos na hora perfil, foto, planos, CRM, estatísticas, sessões e o histórico de mensagens enviadas a ela. Guardamos apenas um registro de auditoria da exclusão, sem nome, e-mail ou OAB, e as solicitações que o advogado recebeu continuam registradas, sem vínculo com ele, porque pertencem aos clientes.',
            'Sessões: expiram em até 30 dias, ou quando você sai da conta ou troca a senha.',
            'Denúncias: enquanto a equipe as analisa e pelo tempo necessário para proteger os clientes; o contato informado pode ser apagado a seu pedido, pelos canais abaixo.',
            'Código diário de visitante e o valor aleatório usado para calculá-lo: apagados depois de dois dias. As estatísticas que ficam são apenas contagens.',
            'Contadores de tentativas por IP ou e-mail: apagados depois que termina a janela de contagem, de no máximo uma hora.',
          ],
        },
        'Podemos manter dados por mais tempo apenas quando a lei exigir ou para a defesa em processos, pelo prazo necessário (art. 16 da LGPD).',
      ],
    },
    {
      id: 'seus-direitos',
      title: 'Seus direitos e como exercê-los',
      blocks: [
        'O art. 18 da LGPD garante a você, gratuitamente:',
        {
          list: [
            'a confirmação de que tratamos dados seus e o acesso a eles;',
            'a correção de dados incompletos, inexatos ou desatualizados;',
            'a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;',
            'a portabilidade dos dados a outro fornecedor de serviço;',
            'a eliminação dos dados tratados com base no seu consentimento;',
            'a informação sobre com quem compartilhamos os seus dados;',
            'a informação sobre a possibilidade de não dar consentimento e as consequências disso;',
            'a revogação do consentimento;',
            'a revisão de decisões tomadas unicamente com base em tratamento automatizado (art. 20) e a oposição a tratamentos feitos sem observar a lei.',
          ],
        },
        'Muitos desses direitos você exerce sozinho, na hora:',
        {
          list: [
            'Advogados: corrigem os dados em [Editar perfil](/editar-perfil), baixam todos os seus dados em um arquivo em [Baixar meus dados](/area-advogado/meus-dados) e excluem a conta em [Excluir minha conta](/area-advogado/excluir-conta). Os dois últimos também estão no cartão “Seus dados (LGPD)” da aba Perfil da área do advogado.',
            'Quem enviou uma solicitação de atendimento: remove a solicitação pelo botão “Remover minha solicitação” do e-mail de confirmação, sem precisar de conta.',
          ],
        },
        `Para os demais pedidos, escreva para ${officerEmail}. Podemos pedir uma confirmação de identidade antes de atender. A confirmação e o acesso são fornecidos de imediato em formato simplificado, ou em até 15 dias em declaração completa (art. 19). Se não ficar satisfeito, você pode reclamar à Autoridade Nacional de Proteção de Dados em [gov.br/anpd](https://www.gov.br/anpd).`,
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        'O site usa apenas cookies próprios e estritamente necessários ao seu funcionamento, por isso não pedimos consentimento para eles. Não usamos cookies de análise, de publicidade ou de terceiros, nem armazenamento local do navegador para rastrear você. São eles:',
        { list: SITE_COOKIES.map((cookie) => `${cookie.name}: ${cookie.purpose} Duração: ${cookie.duration}.`) },
        'Você pode apagar os cookies nas configurações do navegador; sem o cookie de sessão, só não é possível permanecer conectado à área do advogado.',
      ],
    },
    {
      id: 'seguranca',
      title: 'Segurança',
      blocks: [
        'Senhas são guardadas apenas como código irreversível, tokens de serviços de mensagens são criptografados, as fotos são regravadas sem metadados e o acesso à administração é restrito à equipe autorizada, com registro de auditoria das decisões. Quando o site é servido em HTTPS, os cookies de sessão só trafegam por conexão segura.',
        'Se ocorrer um incidente de segurança que possa causar risco ou dano relevante, comunicaremos a Autoridade Nacional de Proteção de Dados e as pessoas afetadas, como exige o art. 48 da LGPD.',
      ],
    },
    {
      id: 'menores',
      title: 'Crianças e adolescentes',
      blocks: ['A Plataforma não se destina a menores de 18 anos e não coleta conscientemente dados de crianças ou adolescentes. Menores devem procurar um advogado por meio de seus pais ou responsáveis legais.'],
    },
    {
      id: 'encarregado',
      title: 'Encarregado pelo tratamento de dados',
      blocks: [
        `O encarregado pelo tratamento de dados pessoais (art. 41 da LGPD) atende ${officer}. É o canal para exercer os seus direitos, tirar dúvidas sobre esta política e fazer reclamações. Respondemos em dias úteis, das 9h às 18h (horário de Brasília).`,
      ],
    },
    {
      id: 'alteracoes',
      title: 'Alterações desta política',
      blocks: [
        'Esta política pode ser atualizada quando a Plataforma ou a lei mudarem. A data da última atualização fica no topo desta página, e mudanças relevantes serão avisadas no site e, aos advogados, por e-mail.',
      ],
    },
  ];
}
