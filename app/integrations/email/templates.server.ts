import { getConfig } from '~/config.server';
import { formatPhone } from '~/domain/phone';
import { CONFIRM_LAWYER_PATH, scamWarning } from '~/domain/trust';
import { flattenText, quotedText } from '~/lib/plain-text';
import { escapeHtml } from '~/lib/html';

/**
 * The platform's e-mails, in Portuguese, each an HTML part and a plain-text part. Every value put
 * into the HTML is escaped (a lawyer's name is user input); links must be http(s). No remote images
 * or fonts: inline styles only, so the message looks the same with images blocked and the CSP of
 * /dev/outbox needs nothing special.
 *
 * ```ts
 * await enqueueEmail(tx, { to: user.email, ...passwordResetMessage({ name: user.name, url }) });
 * ```
 */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** Kept in the outbox row's metadata. */
  template: string;
  /** The action link, logged when no SMTP server is configured (enqueueEmail). */
  link?: string;
}

/** Confirmation of the e-mail address given at registration. */
export function emailConfirmationMessage({ name, url }: { name: string; url: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'confirmacao-email',
    subject: `Confirme seu e-mail no ${brand}`,
    link: url,
    heading: 'Confirme seu endereço de e-mail',
    greeting: name,
    paragraphs: [`Recebemos seu cadastro no ${brand}. Para confirmar seu e-mail e concluir o cadastro, use o botão abaixo.`],
    action: { label: 'Confirmar e-mail', url },
    footnote: 'Se você não se cadastrou, ignore esta mensagem: nenhuma conta será ativada.',
  });
}

/** A link to choose a new password; it expires in 1 hour. */
export function passwordResetMessage({ name, url }: { name: string; url: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'redefinicao-senha',
    subject: `Redefinição de senha no ${brand}`,
    link: url,
    heading: 'Redefina sua senha',
    greeting: name,
    paragraphs: [`Recebemos um pedido para redefinir a senha da sua conta no ${brand}. Para escolher uma nova senha, use o botão abaixo.`, 'Este link expira em 1 hora e só pode ser usado uma vez.'],
    action: { label: 'Redefinir senha', url },
    footnote: 'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
  });
}

/** The lawyer's profile was approved by the platform (OAB registration checked). */
export function lawyerApprovedMessage({ name, url = `${getConfig().appUrl}/area-advogado` }: { name: string; url?: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'perfil-aprovado',
    subject: `Seu perfil foi aprovado no ${brand}`,
    heading: 'Seu perfil foi aprovado',
    greeting: name,
    paragraphs: [
      `Verificamos seu registro na OAB e seu perfil já está publicado no ${brand}. A partir de agora ele aparece nas buscas e você pode receber contatos de clientes.`,
      'Na sua área de advogado você acompanha os acessos ao perfil, os cliques no WhatsApp e os leads recebidos.',
    ],
    action: { label: 'Acessar minha área', url },
  });
}

/** The lawyer's profile was not approved: with the support contact to ask why (SUPPORT_EMAIL or its default, SUPPORT_WHATSAPP). */
export function lawyerRejectedMessage({ name, reason }: { name: string; reason?: string }): EmailContent {
  const { brandName: brand, supportContact } = getConfig();
  const whatsapp = supportContact.whatsapp ? ` ou pelo WhatsApp ${formatPhone(supportContact.whatsapp)}` : '';
  return compose({
    template: 'perfil-rejeitado',
    subject: `Seu cadastro no ${brand} não foi aprovado`,
    heading: 'Seu cadastro não foi aprovado',
    greeting: name,
    paragraphs: [
      `Analisamos seu cadastro no ${brand} e não foi possível aprová-lo.`,
      ...(reason?.trim() ? [`Motivo: ${reason.trim()}`] : []),
      `Entre em contato com o suporte para mais informações: ${supportContact.email}${whatsapp}.`,
    ],
  });
}

/** A superadmin suspended the profile: the inscription could not be confirmed as regular (decision 0061). */
export function lawyerSuspendedMessage({ name, reason }: { name: string; reason?: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'perfil-suspenso',
    subject: `Seu perfil no ${brand} foi suspenso`,
    heading: 'Seu perfil foi suspenso',
    greeting: name,
    paragraphs: [
      `Ao conferir sua inscrição no Cadastro Nacional dos Advogados da OAB, não a encontramos regular. Seu perfil saiu das buscas do ${brand} e você deixa de receber solicitações de clientes enquanto a suspensão durar.`,
      ...(reason?.trim() ? [`Motivo: ${reason.trim()}`] : []),
      'Quando sua inscrição estiver regular, responda ao suporte: conferimos de novo e reativamos o perfil. Seus dados e seus leads continuam guardados.',
    ],
  });
}

/** A suspended profile was reactivated after a new check of the inscription. */
export function lawyerReinstatedMessage({ name, url = `${getConfig().appUrl}/area-advogado` }: { name: string; url?: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'perfil-reativado',
    subject: `Seu perfil no ${brand} foi reativado`,
    heading: 'Seu perfil foi reativado',
    greeting: name,
    paragraphs: [`Conferimos de novo sua inscrição na OAB e ela está regular. Seu perfil voltou às buscas do ${brand} e você volta a receber solicitações de clientes.`],
    action: { label: 'Acessar minha área', url },
  });
}

/**
 * A client reported a message sent from the WhatsApp number of a verified lawyer (decision 0062): to
 * every superadmin at once. The report's text is the client's: quoted on one line, capped.
 */
export function scamReportAboutLawyerMessage({ lawyer, numero, relato, url }: { lawyer: { nome: string; oab: string }; numero: string; relato: string; url: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'denuncia-numero-de-advogado',
    subject: `Denúncia sobre o número de um advogado verificado — ${brand}`,
    heading: 'Denúncia sobre o número de um advogado verificado',
    paragraphs: [
      `Um cliente denunciou uma mensagem enviada do número ${numero}, que é o WhatsApp de ${flattenText(lawyer.nome, NAME_MAX)} (${lawyer.oab}), advogado verificado no ${brand}.`,
      `Relato: ${quotedText(relato, 500)}`,
      'Confira a denúncia e, se for o caso, fale com o advogado e suspenda o perfil.',
    ],
    action: { label: 'Ver denúncias', url },
  });
}

/** The fixed warning of every message to a client (decision 0062), with the confirm page's address. */
function clientWarning(): string {
  const { brandName, appUrl } = getConfig();
  return scamWarning(brandName, `${appUrl}${CONFIRM_LAWYER_PATH}`);
}

/** The account and the lawyer's profile were deleted. */
export function accountDeletedMessage({ name }: { name: string }): EmailContent {
  const brand = getConfig().brandName;
  return compose({
    template: 'conta-excluida',
    subject: `Sua conta no ${brand} foi excluída`,
    heading: 'Sua conta foi excluída',
    greeting: name,
    paragraphs: [
      `Sua conta no ${brand} foi excluída, com seu perfil público, suas estatísticas e seus dados de acesso. Seu perfil não aparece mais nas buscas.`,
      'Se você não reconhece esta exclusão, entre em contato com o suporte.',
    ],
  });
}

/** A lawyer a client's request went to, as their confirmation lists them. */
export interface RequestLawyerLine {
  nome: string;
  /** 'OAB/SP 123456'. */
  oab: string;
  /** The public profile (/advogado/{slug}). */
  url: string;
}

/**
 * The client's confirmation of a request (/solicitar-atendimento): the lawyers it went to, how to
 * spot a false lawyer, and the link that removes the request and its leads (LGPD). No promise of a
 * result (OAB Provimento 205/2021).
 */
export function leadRequestReceivedMessage({
  name,
  area,
  city,
  lawyers,
  totalLawyers,
  removalUrl,
}: {
  name: string;
  area: string;
  city: string;
  /** The lawyers named one by one (the first ones); `totalLawyers` counts them all. */
  lawyers: readonly RequestLawyerLine[];
  totalLawyers: number;
  removalUrl: string;
}): EmailContent {
  const brand = getConfig().brandName;
  const subject = 'Recebemos sua solicitação de atendimento jurídico';
  const more = totalLawyers - lawyers.length;
  return compose({
    template: 'solicitacao-recebida',
    subject: `${subject} — ${brand}`,
    heading: 'Sua solicitação foi enviada',
    greeting: name,
    paragraphs:
      totalLawyers > 0
        ? [
            `Recebemos sua solicitação de atendimento em ${area} para ${city} e a enviamos para ${totalLawyers === 1 ? 'o advogado abaixo' : `os ${totalLawyers} advogados abaixo`}, com registro na OAB verificado pelo ${brand}.`,
            'O advogado entra em contato pelo WhatsApp ou pelo e-mail que você informou. Cada advogado analisa o caso antes de propor um atendimento.',
          ]
        : [
            `Recebemos sua solicitação de atendimento em ${area} para ${city}. No momento, nenhum advogado aprovado no ${brand} atende essa área nessa cidade; sua solicitação ficou registrada.`,
          ],
    list:
      totalLawyers > 0
        ? {
            title: totalLawyers === 1 ? 'Advogado que recebeu sua solicitação' : 'Advogados que receberam sua solicitação',
            items: lawyers.map((l) => ({ label: l.nome, detail: l.oab, url: l.url })),
            more: more > 0 ? `e mais ${more} ${more === 1 ? 'advogado' : 'advogados'}` : undefined,
          }
        : undefined,
    notes: [
      clientWarning(),
      'Antes de contratar, confira o nome e o número de inscrição do advogado no Cadastro Nacional dos Advogados da OAB: https://cna.oab.org.br/',
      'Nenhum advogado pode garantir o resultado de um caso.',
      'Se não quiser mais ser contatado, remova sua solicitação: os dados que você enviou são apagados da plataforma e dos registros dos advogados.',
    ],
    action: { label: 'Remover minha solicitação', url: removalUrl },
    footnote: 'Se você não fez esta solicitação, use o mesmo botão para removê-la.',
  });
}

/**
 * A new lead, to a lawyer it was routed to (every plan; WhatsApp too on the plans that list it:
 * docs/product-rules.md, Leads). The same message for every lawyer of a request, so that routing stores
 * them in one statement: no greeting by name. The client's contact stays in the CRM, behind the login.
 */
export function newLeadForLawyerMessage({ nome, area, city }: { nome: string; area: string; city: string }): EmailContent {
  const { brandName: brand, appUrl } = getConfig();
  return compose({
    template: 'novo-lead',
    subject: `Você recebeu um novo lead no ${brand}`,
    heading: 'Você recebeu um novo lead',
    paragraphs: [
      `Um cliente pediu atendimento pelo ${brand} e a solicitação foi enviada para você.`,
      // The client's words, not the platform's: one line, quoted after the label (docs/product-rules.md, "Messages the platform sends").
      `Nome: ${quotedText(nome, NAME_MAX)}`,
      `Área: ${area}`,
      `Cidade: ${city}`,
      'O contato do cliente e a descrição do caso estão no seu CRM. A solicitação não é exclusiva: outros advogados da área e da cidade podem recebê-la também.',
    ],
    action: { label: 'Abrir meu CRM', url: `${appUrl}/area-advogado?section=crm` },
    footnote: 'Você recebe este e-mail a cada novo lead, em qualquer plano.',
  });
}

/**
 * A request no approved lawyer matched, which the platform's team then forwarded to one lawyer from the
 * back office ('Sem advogado' of /admin/leads; docs/decisions/0044): whom it went to, with their OAB
 * and public profile, how to spot a false lawyer, and no promise of a result (OAB Provimento 205/2021).
 * The removal link is the first e-mail's: its token is stored only as a hash, so it cannot be sent again.
 */
export function leadRequestForwardedMessage({
  name,
  area,
  city,
  lawyer,
}: {
  name: string;
  area: string;
  city: string;
  lawyer: RequestLawyerLine;
}): EmailContent {
  const brand = getConfig().brandName;
  // The lawyer's name is theirs, not the platform's: one line inside a sentence of the platform.
  const lawyerName = flattenText(lawyer.nome, NAME_MAX);
  return compose({
    template: 'solicitacao-encaminhada',
    subject: `Sua solicitação foi encaminhada a um advogado — ${brand}`,
    heading: 'Sua solicitação foi encaminhada',
    greeting: name,
    paragraphs: [
      `Quando você pediu atendimento em ${area} para ${city}, nenhum advogado aprovado no ${brand} atendia essa área nessa cidade. A equipe do ${brand} encaminhou sua solicitação para ${lawyerName} (${lawyer.oab}), com registro na OAB verificado pelo ${brand}.`,
      'O advogado entra em contato pelo WhatsApp ou pelo e-mail que você informou e analisa o caso antes de propor um atendimento.',
    ],
    list: { title: 'Advogado que recebeu sua solicitação', items: [{ label: lawyer.nome, detail: lawyer.oab, url: lawyer.url }] },
    notes: [
      clientWarning(),
      'Antes de contratar, confira o nome e o número de inscrição do advogado no Cadastro Nacional dos Advogados da OAB: https://cna.oab.org.br/',
      'Nenhum advogado pode garantir o resultado de um caso.',
      'Se não quiser mais ser contatado, use o botão "Remover minha solicitação" do primeiro e-mail que enviamos: os dados que você enviou são apagados da plataforma e dos registros do advogado.',
    ],
    footnote: 'Se você não fez esta solicitação, use o mesmo botão do primeiro e-mail para removê-la.',
  });
}

/**
 * The morning digest of a lawyer's CRM (docs/decisions/0049): the follow-ups due today or overdue and the
 * leads still waiting for a first contact, each a link to the lead in the CRM. Sent only when one of the
 * two lists has something. The clients' names are theirs: each is one line in the list.
 */
export function followUpDigestMessage({
  name,
  dayLabel,
  followUps,
  waiting,
  followUpCount,
  waitingCount,
}: {
  name: string;
  /** 'quinta-feira, 26 de novembro'. */
  dayLabel: string;
  followUps: Array<{ nome: string; detail: string; url: string }>;
  waiting: Array<{ nome: string; detail: string; url: string }>;
  followUpCount: number;
  waitingCount: number;
}): EmailContent {
  const { brandName: brand, appUrl } = getConfig();
  const lists: EmailList[] = [];
  if (followUpCount > 0) {
    lists.push({
      title: `Próximos contatos para hoje e atrasados (${followUpCount})`,
      items: followUps.map((f) => ({ label: flattenText(f.nome, NAME_MAX), detail: f.detail, url: f.url })),
      ...(followUpCount > followUps.length ? { more: `e mais ${followUpCount - followUps.length} no seu CRM` } : {}),
    });
  }
  if (waitingCount > 0) {
    lists.push({
      title: `Leads aguardando seu primeiro contato (${waitingCount})`,
      items: waiting.map((w) => ({ label: flattenText(w.nome, NAME_MAX), detail: w.detail, url: w.url })),
      ...(waitingCount > waiting.length ? { more: `e mais ${waitingCount - waiting.length} no seu CRM` } : {}),
    });
  }
  const [first, ...rest] = lists;
  return compose({
    template: 'resumo-diario',
    subject: `Sua agenda de hoje no ${brand}`,
    heading: 'Sua agenda de hoje',
    greeting: name,
    paragraphs: [`Bom dia! Este é o resumo do seu CRM para ${dayLabel}.`],
    ...(first ? { list: first } : {}),
    moreLists: rest,
    action: { label: 'Abrir meu CRM', url: `${appUrl}/area-advogado?section=crm` },
    footnote: 'Você recebe este resumo nos dias úteis, às 8h, quando há próximos contatos para o dia ou leads aguardando seu primeiro contato.',
  });
}

interface EmailList {
  title: string;
  items: Array<{ label: string; detail?: string; url?: string }>;
  more?: string;
}

interface Layout {
  template: string;
  subject: string;
  link?: string;
  heading: string;
  /** The reader's name ('Olá, Ana!'); without it, 'Olá!'. */
  greeting?: string;
  paragraphs: string[];
  /** A list after the paragraphs (the lawyers a request went to), each item optionally a link. */
  list?: EmailList;
  /** More lists after it (the digest's follow-ups, then its waiting leads). */
  moreLists?: EmailList[];
  /** Paragraphs after the list, in smaller type (advice). */
  notes?: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

function compose({ template, subject, link, heading, greeting, paragraphs, list, moreLists = [], notes = [], action, footnote }: Layout): EmailContent {
  const brand = getConfig().brandName;
  const lists = [...(list ? [list] : []), ...moreLists];
  const hello = greeting ? `Olá, ${singleLine(greeting)}!` : 'Olá!';
  const actionUrl = action ? httpUrl(action.url) : undefined;
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f1f5f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 32px;background-color:#1e3a8a;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;color:#0f172a;">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(hello)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(p)}</p>`).join('\n')}
${lists.map(listHtml).join('\n')}
${notes.map((p) => `<p style="margin:0 0 12px;font-size:14px;line-height:21px;color:#334155;">${escapeHtml(p)}</p>`).join('\n')}
${
  action && actionUrl
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(actionUrl)}" style="display:inline-block;padding:12px 24px;background-color:#1e3a8a;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#475569;">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(actionUrl)}" style="color:#1e3a8a;word-break:break-all;">${escapeHtml(actionUrl)}</a></p>`
    : ''
}
${footnote ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#475569;">${escapeHtml(footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;line-height:18px;color:#64748b;">Mensagem automática do ${escapeHtml(brand)}. Não responda a este e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    hello,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...lists.flatMap((l) => [`${l.title}:`, ...l.items.map((i) => `- ${singleLine(i.label)}${i.detail ? ` (${i.detail})` : ''}${i.url ? `: ${httpUrl(i.url)}` : ''}`), ...(l.more ? [`- ${l.more}`] : []), '']),
    ...notes.flatMap((p) => [p, '']),
    ...(action && actionUrl ? [`${action.label}: ${actionUrl}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '--',
    `Mensagem automática do ${brand}. Não responda a este e-mail.`,
    '',
  ].join('\n');
  // A header is one line, whatever a template puts into it.
  return { subject: flattenText(subject, 200), html, text, template, ...(link ? { link: httpUrl(link) } : {}) };
}

function listHtml(list: EmailList): string {
  const items = list.items.map((item) => {
    const label = item.url
      ? `<a href="${escapeHtml(httpUrl(item.url))}" style="color:#1e3a8a;font-weight:bold;">${escapeHtml(singleLine(item.label))}</a>`
      : `<strong>${escapeHtml(singleLine(item.label))}</strong>`;
    return `<li style="margin:0 0 8px;">${label}${item.detail ? ` <span style="color:#475569;">— ${escapeHtml(item.detail)}</span>` : ''}</li>`;
  });
  if (list.more) items.push(`<li style="margin:0 0 8px;color:#475569;">${escapeHtml(list.more)}</li>`);
  return `<h2 style="margin:24px 0 8px;font-size:17px;color:#0f172a;">${escapeHtml(list.title)}</h2>
<ul style="margin:0 0 20px;padding-left:20px;font-size:15px;line-height:22px;">
${items.join('\n')}
</ul>`;
}


/** The longest name an e-mail shows (names are at most 120 characters where they are typed). */
const NAME_MAX = 120;

/** A name on one line and capped (the plain-text part has no escaping to rely on; docs/product-rules.md, "Messages the platform sends"). */
function singleLine(value: string): string {
  return flattenText(value, NAME_MAX);
}

/** Links in e-mails are absolute http(s) URLs; anything else (javascript:, data:) is a bug. */
function httpUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`E-mail link must be http(s): ${url}`);
  return parsed.href;
}
