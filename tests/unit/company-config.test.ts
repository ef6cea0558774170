import { describe, expect, test } from 'vitest';
import { configLoader } from '../support/config-loader';

// The company and contact details of the marketing and legal pages (docs/decisions/0025).

const { load, messageOf } = configLoader('company');

describe('company and contact details', () => {
  test('are all optional: without them the site names no company, e-mail or WhatsApp', () => {
    expect(load({})).toMatchObject({ company: null, supportEmail: undefined, supportWhatsApp: undefined, privacyOfficer: { name: undefined, email: undefined } });
  });

  test('an empty variable counts as unset', () => {
    expect(load({ COMPANY_NAME: '', COMPANY_CNPJ: '', SUPPORT_EMAIL: '', SUPPORT_WHATSAPP: '' })).toMatchObject({ company: null, supportEmail: undefined, supportWhatsApp: undefined });
  });

  test("a rejected lawyer's support contact: SUPPORT_EMAIL and SUPPORT_WHATSAPP, else suporte@ the site's host and no WhatsApp", () => {
    expect(load({ APP_URL: 'https://www.jusconecta.com.br' }).supportContact).toEqual({ email: 'suporte@jusconecta.com.br', whatsapp: undefined });
    expect(load({}).supportContact).toEqual({ email: 'suporte@localhost', whatsapp: undefined });
    expect(load({ SUPPORT_EMAIL: 'ajuda@exemplo.com.br', SUPPORT_WHATSAPP: '(11) 98765-4321' }).supportContact).toEqual({ email: 'ajuda@exemplo.com.br', whatsapp: '5511987654321' });
    expect(messageOf({ SUPPORT_WHATSAPP: '1234' })).toMatch(/SUPPORT_WHATSAPP: deve ser um número brasileiro com DDD/);
  });

  test('the company is its name and its CNPJ, kept without punctuation', () => {
    const config = load({ COMPANY_NAME: ' JusConecta Tecnologia Ltda. ', COMPANY_CNPJ: '11.222.333/0001-81', SUPPORT_EMAIL: 'contato@jusconecta.com.br' });
    expect(config.company).toEqual({ name: 'JusConecta Tecnologia Ltda.', cnpj: '11222333000181' });
    expect(config.supportEmail).toBe('contato@jusconecta.com.br');
  });

  test('an alphanumeric CNPJ is accepted and kept in upper case', () => {
    expect(load({ COMPANY_NAME: 'Exemplo S.A.', COMPANY_CNPJ: '12.abc.345/01de-35' }).company?.cnpj).toBe('12ABC34501DE35');
  });

  test('a CNPJ whose check digits do not match stops the server with a message in Portuguese', () => {
    expect(messageOf({ COMPANY_NAME: 'Exemplo Ltda.', COMPANY_CNPJ: '11.222.333/0001-82' })).toMatch(/COMPANY_CNPJ: deve ser um CNPJ válido/);
    expect(messageOf({ COMPANY_NAME: 'Exemplo Ltda.', COMPANY_CNPJ: '00000000000000' })).toMatch(/COMPANY_CNPJ: deve ser um CNPJ válido/);
  });

  test('the name and the CNPJ go together', () => {
    expect(messageOf({ COMPANY_NAME: 'Exemplo Ltda.' })).toMatch(/COMPANY_CNPJ: é obrigatório quando COMPANY_NAME está definido/);
    expect(messageOf({ COMPANY_CNPJ: '11222333000181' })).toMatch(/COMPANY_NAME: é obrigatório quando COMPANY_CNPJ está definido/);
  });

  test('the support e-mail must be an address', () => {
    expect(messageOf({ SUPPORT_EMAIL: 'contato' })).toMatch(/SUPPORT_EMAIL: deve ser um endereço de e-mail/);
  });

  test.for([
    ['11987654321', '5511987654321'],
    ['+55 (11) 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['(51) 3333-4444', '555133334444'],
    ['55 98765-4321', '5555987654321'],
  ])('the WhatsApp %s is kept as %s', ([input, digits]) => {
    expect(load({ SUPPORT_WHATSAPP: input! }).supportWhatsApp).toBe(digits);
  });

  test.for(['98765-4321', '0119876543210', '11 1234-5678', '+1 415 555 0100', 'whatsapp'])('the WhatsApp %s is refused', (input) => {
    expect(messageOf({ SUPPORT_WHATSAPP: input })).toMatch(/SUPPORT_WHATSAPP: deve ser um número brasileiro com DDD/);
  });

  test('the encarregado is reached at DPO_EMAIL, or else at the support e-mail', () => {
    expect(load({ SUPPORT_EMAIL: 'contato@exemplo.com.br' }).privacyOfficer).toEqual({ name: undefined, email: 'contato@exemplo.com.br' });
    expect(load({ SUPPORT_EMAIL: 'contato@exemplo.com.br', DPO_NAME: 'Marina Souza', DPO_EMAIL: 'privacidade@exemplo.com.br' }).privacyOfficer).toEqual({
      name: 'Marina Souza',
      email: 'privacidade@exemplo.com.br',
    });
  });
});
