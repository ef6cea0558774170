import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';

/**
 * The WhatsApp texts of the platform. Each returns the whole text and its fields in order (the
 * parameters of the matching Cloud API template). Plain text: WhatsApp shows no HTML.
 */
export interface WhatsAppText {
  text: string;
  params: string[];
}

/** A routed lead, to the lawyer it went to (the spec's text, with the area and city labels). */
export function newLeadWhatsAppText(lead: { nome: string; areaId: string; cityId: string }): WhatsAppText {
  const area = practiceAreaLabel(lead.areaId);
  const city = cityLabel(lead.cityId);
  return {
    text: ['Olá! Você recebeu um novo lead no sistema:', '', `Nome: ${lead.nome}`, `Área: ${area}`, `Cidade: ${city}`, '', 'Acesse o sistema para visualizar e entrar em contato.'].join('\n'),
    params: [lead.nome, area, city],
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
  const descricao = movement.descricao.replace(/\s+/g, ' ').trim();
  const shown = descricao.length > 500 ? `${descricao.slice(0, 497).trimEnd()}...` : descricao;
  const text = `O processo ${movement.numero} teve uma nova movimentação: ${shown} Acesse o sistema para ver os detalhes.`;
  return { text, params: [text] };
}
