import { describe, expect, test } from 'vitest';
import { formatBrazilianPhone, formatOab, initialOf, internationalWhatsApp, whatsappChatUrl, whatsappGreeting } from './contact';

describe('WhatsApp contact', () => {
  test('numbers get the country code 55 once', () => {
    expect(internationalWhatsApp('11987654321')).toBe('5511987654321');
    expect(internationalWhatsApp('5511987654321')).toBe('5511987654321');
    expect(internationalWhatsApp('(41) 3333-4444')).toBe('554133334444');
  });

  test('the chat link opens wa.me with the greeting prefilled and encoded', () => {
    const url = new URL(whatsappChatUrl('11987654321', whatsappGreeting('Ana Souza', 'JusConecta')));
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe('/5511987654321');
    expect(url.searchParams.get('text')).toBe('Olá, Ana Souza! Encontrei seu perfil no JusConecta e gostaria de falar sobre o meu caso.');
  });

  test('the greeting names the lawyer and says where the visitor came from', () => {
    expect(whatsappGreeting('Bruno Lima', 'Acme Jurídico')).toContain('Bruno Lima');
    expect(whatsappGreeting('Bruno Lima', 'Acme Jurídico')).toContain('Acme Jurídico');
  });
});

describe('how a lawyer is shown', () => {
  test('OAB registration as number plus Seccional', () => {
    expect(formatOab('SP', '123456')).toBe('OAB/SP 123456');
  });

  test('phone numbers in the Brazilian way', () => {
    expect(formatBrazilianPhone('5511987654321')).toBe('(11) 98765-4321');
    expect(formatBrazilianPhone('4133334444')).toBe('(41) 3333-4444');
  });

  test('the initial stands in for a missing photo', () => {
    expect(initialOf('érica Nunes')).toBe('É');
    expect(initialOf('  ')).toBe('?');
  });
});
