import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { flattenText, quotedText } from '~/lib/plain-text';

/**
 * The WhatsApp texts of the platform. Each returns the whole text and its fields in order (the
 * parameters of the matching Cloud API template). Plain text: WhatsApp shows no HTML.
 */
export interface WhatsAppText {
  text: string;
  params: string[];
}

/** The longest client name a notification quotes (the request form allows 120 characters). */
export const CLIENT_NAME_MAX = 120;
/** The longest movement description a notification carries. */
export const MOVEMENT_TEXT_MAX = 500;

/**
 * A routed lead, to the lawyer it went to (the spec's text, with the area and city labels). The
 * client's name is theirs, not the platform's: flattened to one line and quoted after its label
 * (docs/product-rules.md, "Messages the platform sends"), in the text and in the template parameter.
 */
export function newLeadWhatsAppText(lead: { nome: string; areaId: string; cityId: string }): WhatsAppText {
  const area = practiceAreaLabel(lead.areaId);
  const city = cityLabel(lead.cityId);
  const nome = quotedText(lead.nome, CLIENT_NAME_MAX);
  return {
    text: ['Olá! Você recebeu um novo lead no sistema:', '', `Nome: ${nome}`, `Área: ${area}`, `Cidade: ${city}`, '', 'Acesse o sistema para visualizar e entrar em contato.'].join('\n'),
    params: [nome, area, city],
  };
}

/**
 * The test a lawyer sends from the messaging settings. One line, which is also its one parameter: every
 * kind but 'novo-lead' goes through the one generic Cloud API template (WHATSAPP_CLOUD_TEMPLATE_TEXT),
 * whose body has a single parameter.
 */
export function testWhatsAppText({ brandName }: { brandName: string }): WhatsAppText {
  const text = `Mensagem de teste do ${brandName}: as notificações de novos leads e de movimentações de processos chegarão a este número.`;
  return { text, params: [text] };
}

/**
 * A new movement of a monitored process, to its lawyer (docs/product-rules.md, "Process monitoring":
 * 'O processo {numero} teve uma nova movimentação: {descrição} Acesse o sistema para ver os detalhes.'). One line as its one template parameter, like the
 * test: the generic text template (WHATSAPP_CLOUD_TEMPLATE_TEXT) carries it.
 */
export function movementWhatsAppText(movement: { numero: string; descricao: string }): WhatsAppText {
  const text = `O processo ${flattenText(movement.numero, 40)} teve uma nova movimentação: ${flattenText(movement.descricao, MOVEMENT_TEXT_MAX)} Acesse o sistema para ver os detalhes.`;
  return { text, params: [text] };
}

/**
 * The morning digest of a lawyer's CRM (docs/decisions/0049), one line through the generic text template:
 * how many follow-ups are due and how many leads wait for a first contact, and the link to the board.
 */
export function followUpDigestWhatsAppText({ brandName, followUps, waiting, url }: { brandName: string; followUps: number; waiting: number; url: string }): WhatsAppText {
  const parts = [
    followUps > 0 ? (followUps === 1 ? '1 próximo contato para hoje ou atrasado' : `${followUps} próximos contatos para hoje ou atrasados`) : null,
    waiting > 0 ? (waiting === 1 ? '1 lead aguardando seu primeiro contato' : `${waiting} leads aguardando seu primeiro contato`) : null,
  ].filter(Boolean);
  const text = `Bom dia! Sua agenda no ${brandName}: ${parts.join(' e ')}. Veja no seu CRM: ${url}`;
  return { text, params: [text] };
}
