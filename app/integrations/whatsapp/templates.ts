import { cityLabel, practiceAreaLabel } from '~/modules/catalog/catalog';

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
