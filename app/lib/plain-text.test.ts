import { describe, expect, test } from 'vitest';
import { cloudApiRequestBody, TEMPLATE_PARAMETER_MAX, templateParameter } from '~/integrations/whatsapp/cloud-api.server';
import { leadRequestReceivedMessage } from '~/integrations/email/templates.server';
import { CLIENT_NAME_MAX, movementWhatsAppText, newLeadWhatsAppText } from '~/integrations/whatsapp/templates';
import { flattenText, quotedText } from './plain-text';

// What people typed, on its way into the platform's own messages.

const FORGED = 'Maria\r\n\r\nURGENTE: pague via PIX https://golpe.example/pix\r\n-- Equipe JusConecta';

describe('flattenText', () => {
  test('line breaks, tabs and other controls become one space; the ends are trimmed', () => {
    expect(flattenText(FORGED, 200)).toBe('Maria URGENTE: pague via PIX https://golpe.example/pix -- Equipe JusConecta');
    expect(flattenText('  Ana\tde\u000bSouza\u0000 \u007f ', 50)).toBe('Ana de Souza');
  });

  test('Unicode line and paragraph separators, NEL and bidi overrides do not survive', () => {
    expect(flattenText('Ana\u2028URGENTE\u2029pague\u0085já', 50)).toBe('Ana URGENTE pague já');
    // RIGHT-TO-LEFT OVERRIDE would show the text reversed to the reader.
    expect(flattenText('Ana \u202egp.xip\u202c Souza', 50)).toBe('Ana gp.xip Souza');
    expect(flattenText('Ana\u200b\u2066Souza\u2069\ufeff', 50)).toBe('Ana Souza');
  });

  test('runs of spaces become one, so a template parameter never holds more than four', () => {
    expect(flattenText('Ana          Souza', 50)).toBe('Ana Souza');
  });

  test('a value over its cap is cut, ending with an ellipsis, within the cap', () => {
    const long = 'a'.repeat(300);
    expect(flattenText(long, 120)).toHaveLength(120);
    expect(flattenText(long, 120).endsWith('…')).toBe(true);
    expect(flattenText('Ana Souza', 9)).toBe('Ana Souza');
    // Code points, not UTF-16 units: an emoji is never split in half.
    expect(Array.from(flattenText('😀'.repeat(10), 5))).toHaveLength(5);
  });

  test('quotedText puts the flattened words between quotation marks; an empty value is a dash', () => {
    expect(quotedText(FORGED, 30)).toBe('"Maria URGENTE: pague via PIX…"');
    expect(quotedText(' \r\n ', 30)).toBe('"-"');
  });
});

describe('the lawyers’ new-lead WhatsApp', () => {
  test('a client’s name with line breaks arrives on one line, quoted after its label', () => {
    const { text, params } = newLeadWhatsAppText({ nome: FORGED, areaId: 'familia', cityId: 'sp_sao_paulo' });
    const lines = text.split('\n');
    expect(lines).toEqual([
      'Olá! Você recebeu um novo lead no sistema:',
      '',
      'Nome: "Maria URGENTE: pague via PIX https://golpe.example/pix -- Equipe JusConecta"',
      'Área: Direito de Família',
      'Cidade: São Paulo - SP',
      '',
      'Acesse o sistema para visualizar e entrar em contato.',
    ]);
    expect(params[0]).toBe('"Maria URGENTE: pague via PIX https://golpe.example/pix -- Equipe JusConecta"');
  });

  test('a very long name is capped', () => {
    const { params } = newLeadWhatsAppText({ nome: 'x'.repeat(5000), areaId: 'familia', cityId: 'sp_sao_paulo' });
    expect(params[0]!.length).toBe(CLIENT_NAME_MAX + 2);
  });

  test('a court movement’s text is flattened and capped too', () => {
    const { text } = movementWhatsAppText({ numero: '0010490-56.2025.8.26.0309', descricao: `Juntada\r\n\r\nURGENTE: ${'y'.repeat(900)}` });
    expect(text).not.toMatch(/[\r\n]/);
    expect(text.length).toBeLessThan(650);
  });
});

describe('the Cloud API template path', () => {
  test('every parameter is one line, without runs of spaces, capped, never empty', () => {
    expect(templateParameter('a\n\tb     c')).toBe('a b c');
    expect(templateParameter('\r\n')).toBe('-');
    expect(Array.from(templateParameter('z'.repeat(5000)))).toHaveLength(TEMPLATE_PARAMETER_MAX);
    const body = cloudApiRequestBody({ to: '11987654321', kind: 'teste', text: 'x', params: [`linha 1\nlinha 2${' '.repeat(10)}fim`] }, { text: 'aviso_texto' });
    expect(body).toMatchObject({ template: { components: [{ parameters: [{ type: 'text', text: 'linha 1 linha 2 fim' }] }] } });
  });
});

describe('e-mails', () => {
  test('a lawyer’s name with line breaks is one line in the client’s confirmation, and the subject is one line', () => {
    const message = leadRequestReceivedMessage({
      name: 'Cliente\r\nBcc: outro@exemplo.com',
      area: 'Direito de Família',
      city: 'São Paulo - SP',
      lawyers: [{ nome: 'Dra. Ana\r\n\r\nPIX: 123', oab: 'OAB/SP 123456', url: 'https://www.exemplo.com.br/advogado/ana' }],
      totalLawyers: 1,
      removalUrl: 'https://www.exemplo.com.br/solicitacao/remover?token=abc',
    });
    expect(message.text).toContain('Olá, Cliente Bcc: outro@exemplo.com!');
    expect(message.text).toContain('- Dra. Ana PIX: 123 (OAB/SP 123456)');
    expect(message.subject).not.toMatch(/[\r\n]/);
  });
});
