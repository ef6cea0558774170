import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { LawyerCardView } from '../lawyer-card-view';
import { LawyerAvatar } from './lawyer-avatar';
import { avatarHtml, chipsHtml, lawyerCardHtml, whatsappLinkHtml } from './lawyer-card-html';
import { AreaChips, CityChips } from './lawyer-chips';
import { WhatsAppButton } from './whatsapp-button';

// The cards are written as strings (docs/decisions/0066) with the markup of the React components the
// profile and the lawyer area still render: both are rendered here and must agree.

const hostile = `Ana "Ana" <script>alert('x')</script> & Cia`;

describe('the string cards write what the React components render', () => {
  test('avatar with and without a photo, every size', () => {
    for (const size of ['sm', 'md', 'lg'] as const) {
      for (const fotoUrl of [null, '/fotos/abc.webp?v="1"&x=<y>']) {
        expect(avatarHtml(hostile, fotoUrl, size)).toBe(renderToStaticMarkup(<LawyerAvatar nome={hostile} fotoUrl={fotoUrl} size={size} />));
      }
    }
    expect(avatarHtml('  élida', null)).toContain('>É</span>');
  });

  test('area and city chips, with and without a label', () => {
    const labels = ['Direito de Família', hostile];
    expect(chipsHtml('area', labels, 'sm', 'Áreas de atuação', 'mt-4')).toBe(renderToStaticMarkup(<AreaChips labels={labels} size="sm" label="Áreas de atuação" className="mt-4" />));
    expect(chipsHtml('city', labels, 'md', undefined, '')).toBe(renderToStaticMarkup(<CityChips labels={labels} />));
  });

  test('the WhatsApp link (the React one also reports the click itself, with no attribute of its own)', () => {
    const props = { lawyerSlug: 'ana-"x"', nome: hostile, whatsapp: '11987654321', brandName: 'Jus & Co', source: 'busca' as const, className: 'flex-1 text-sm' };
    expect(whatsappLinkHtml(props)).toBe(renderToStaticMarkup(<WhatsAppButton {...props} />));
  });
});

describe('a card', () => {
  const lawyer: LawyerCardView = {
    nome: hostile,
    slug: 'ana-cia',
    fotoUrl: null,
    whatsapp: '5511987654321',
    numeroOab: '123456',
    oabUf: 'SP',
    oabCheckedAt: '2026-11-12T15:00:00.000Z',
    titulo: 'advogada',
    primeiraInscricaoAno: 2014,
    atendeOnline: true,
    areaLabels: ['Direito de Família'],
    cityLabels: ['São Paulo - SP'],
    practiceLine: 'Advogada · 12 anos de advocacia · Atende online',
  };

  test('escapes what the lawyer typed and links the profile and WhatsApp', () => {
    const html = lawyerCardHtml(lawyer, 'JusConecta');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Ana &quot;Ana&quot; &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; Cia');
    expect(html).toContain('href="/advogado/ana-cia"');
    expect(html).toContain('aria-label="Ver perfil completo de Ana &quot;Ana&quot;');
    expect(html).toContain('OAB/SP 123456 · inscrição conferida em 12/11/2026');
    expect(html).toContain('https://wa.me/5511987654321?text=');
    expect(html).toContain('data-origem="busca"');
  });
});
