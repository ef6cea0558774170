/**
 * The Attorney description of a profile (docs/decisions/0027-structured-data-and-og-images.md): only what
 * the profile shows and the product vouches for. Apart from structured-data.ts because it needs the
 * catalogue and the contact rules, which only the profile's bundle should carry.
 */
import { cityLabel, findCity, practiceAreaLabel, STATES } from '~/domain/catalog/catalog';
import { internationalPhoneDigits } from '~/domain/phone';
import { formatOab } from '~/modules/lawyers/contact';
import { SCHEMA_CONTEXT } from './structured-data';

interface AttorneyInput {
  nome: string;
  slug: string;
  biografia: string;
  whatsapp: string;
  oabUf: string;
  numeroOab: string;
  areas: readonly string[];
  cidades: readonly string[];
  fotoUrl: string | null;
}

export function attorney(appUrl: string, profile: AttorneyInput, imagePath: string) {
  const url = `${appUrl}/advogado/${profile.slug}`;
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Attorney',
    '@id': url,
    name: profile.nome,
    url,
    description: profile.biografia,
    image: profile.fotoUrl ? absolute(appUrl, profile.fotoUrl) : `${appUrl}${imagePath}`,
    telephone: `+${internationalPhoneDigits(profile.whatsapp)}`,
    identifier: { '@type': 'PropertyValue', propertyID: 'OAB', name: 'Inscrição na OAB', value: formatOab(profile.oabUf, profile.numeroOab) },
    knowsAbout: profile.areas.map(practiceAreaLabel),
    areaServed: profile.cidades.map((id) => {
      const city = findCity(id);
      return city
        ? { '@type': 'City', name: city.name, containedInPlace: { '@type': 'State', name: STATES[city.state] } }
        : { '@type': 'City', name: cityLabel(id) };
    }),
  };
}

function absolute(appUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${appUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
