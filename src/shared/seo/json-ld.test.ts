import { describe, expect, it } from 'vitest';
import type { ComercioDetalle, Promocion } from '#shared/api';
import { OTRA_CATEGORIA } from '#shared/categorias';
import { CATEGORIAS } from '#shared/categorias-lista';
import { SIN_LETRA_CHICA } from '#shared/rules/sin-letra-chica';
import { comercioJsonLd, schemaTypeOf, SCHEMA_TYPE_BY_CATEGORIA, serializeJsonLd } from './json-ld';
import { lineage, SCHEMA_ORG, vocabularyProblems } from './schema-org.vocabulary';

// 2026-11-22 12:00 in Mendoza (UTC−3).
const NOW = new Date('2026-11-22T15:00:00Z');
const URL = 'https://vidriera.example/comercio/7-panaderia-la-espiga';

function promo(id: number, over: Partial<Promocion> = {}): Promocion {
  return {
    id,
    comercioId: 7,
    titulo: `Promo ${id}`,
    descripcion: 'Todas las facturas',
    descuento: '20%',
    fechaVencimiento: '2026-11-30',
    imagen: null,
    imagen2: null,
    activa: true,
    ...SIN_LETRA_CHICA,
    ...over,
  };
}

function detalle(over: Partial<ComercioDetalle> = {}): ComercioDetalle {
  return {
    id: 7,
    nombre: 'Panadería La Espiga',
    categoria: 'Panadería, Café',
    descripcion: 'Pan casero todos los días.',
    rating: 0,
    imagen: 'a'.repeat(32),
    horario: '',
    distancia: '-- km',
    localidad: 'Guaymallen',
    destacado: false,
    lat: -32.89,
    lng: -68.83,
    direccion: 'San Martín 1000',
    telefono: '0261 15 412-3456',
    email: 'hola@ejemplo.com.ar',
    whatsapp: '',
    servicios: [],
    galeria: [],
    horarioDetallado: {
      Lunes: '7:00 - 13:00, 17:00 - 21:00',
      Martes: '7:00 - 13:00, 17:00 - 21:00',
      Miércoles: '7:00 - 13:00',
      Jueves: 'Cerrado',
      Viernes: '20:00 - 2:00',
      Sábado: '24 horas',
      Domingo: 'Cerrado',
    },
    pagoStatus: true,
    fechaPago: NOW.toISOString(),
    ocultoMotivo: null,
    opinionesResumen: { distribucion: [0, 0, 0, 0, 0], items: [], hasMore: false },
    publicado: true,
    esPropio: false,
    promociones: [
      promo(1, { desde: '2026-11-20' }),
      promo(2, { fechaVencimiento: '2026-11-21' }),
      promo(3, { activa: false }),
    ],
    ...over,
  };
}

/** Through JSON and back: what a crawler reads, not our object. */
function parsed(c: ComercioDetalle, imageUrl: string | null = 'https://vidriera.example/img.webp') {
  return JSON.parse(serializeJsonLd(comercioJsonLd(c, { url: URL, imageUrl, now: NOW }))) as Record<string, unknown>;
}

describe('comercioJsonLd', () => {
  it('conforms to the schema.org vocabulary we use, with every required property', () => {
    const ld = parsed(detalle());
    expect(ld['@context']).toBe('https://schema.org');
    expect(vocabularyProblems(ld)).toEqual([]);
  });

  it('describes the business: type of its main category, name, address in Mendoza, E.164 phone, map point', () => {
    const ld = parsed(detalle());
    expect(ld).toMatchObject({
      '@type': 'Bakery',
      name: 'Panadería La Espiga',
      description: 'Pan casero todos los días.',
      url: URL,
      image: 'https://vidriera.example/img.webp',
      telephone: '+542614123456',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'San Martín 1000',
        addressLocality: 'Guaymallén',
        addressRegion: 'Mendoza',
        addressCountry: 'AR',
      },
      geo: { '@type': 'GeoCoordinates', latitude: -32.89, longitude: -68.83 },
    });
  });

  it('gives one opening-hours spec per shift with its days; closed days are absent, split days give two', () => {
    const specs = parsed(detalle()).openingHoursSpecification as Array<Record<string, unknown>>;
    const day = (d: string) => `https://schema.org/${d}`;
    expect(specs).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [day('Monday'), day('Tuesday'), day('Wednesday')],
        opens: '07:00',
        closes: '13:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [day('Monday'), day('Tuesday')],
        opens: '17:00',
        closes: '21:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [day('Friday')], opens: '20:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [day('Saturday')], opens: '00:00', closes: '23:59' },
    ]);
    expect(JSON.stringify(specs)).not.toMatch(/Thursday|Sunday/);
  });

  it('lists only the promotions visible now, valid through the end of their expiry day in Mendoza', () => {
    expect(parsed(detalle()).makesOffer).toEqual([
      {
        '@type': 'Offer',
        name: 'Promo 1',
        description: '20% · Todas las facturas',
        validFrom: '2026-11-20T00:00:00-03:00',
        validThrough: '2026-11-30T23:59:59-03:00',
      },
    ]);
  });

  it('states nothing it does not know: no image, pin, hours, phone or offers', () => {
    const ld = parsed(
      detalle({
        lat: null,
        lng: null,
        telefono: '',
        descripcion: '  ',
        direccion: '',
        promociones: [],
        horarioDetallado: { Lunes: '', Martes: '', Miércoles: '', Jueves: '', Viernes: '', Sábado: '', Domingo: '' },
      }),
      null,
    );
    expect(Object.keys(ld).sort()).toEqual(['@context', '@type', 'address', 'name', 'url']);
    expect(vocabularyProblems(ld)).toEqual([]);
  });

  it('carries the rating computed from opinions and the newest opinions as reviews (issue 29)', () => {
    const opinion = {
      id: 1,
      estrellas: 4,
      texto: 'Muy rico todo.',
      autor: 'Lucía',
      createdAt: '2026-11-20T02:30:00.000Z',
      updatedAt: '2026-11-20T02:30:00.000Z',
      respuesta: null,
      respuestaAt: null,
    };
    const ld = parsed(
      detalle({
        rating: 4.666,
        opiniones: 3,
        opinionesResumen: { distribucion: [0, 0, 0, 1, 2], items: [opinion], hasMore: false },
      }),
      null,
    );
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 3,
      reviewCount: 3,
    });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Lucía' },
        datePublished: '2026-11-19',
        reviewBody: 'Muy rico todo.',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
    expect(vocabularyProblems(ld)).toEqual([]);
    expect(parsed(detalle({ rating: 0, opiniones: 0 }), null).aggregateRating).toBeUndefined();
  });

  it('keeps a name with "</script>" from closing the script element', () => {
    const text = serializeJsonLd(
      comercioJsonLd(detalle({ nombre: 'A</script><b>' }), { url: URL, imageUrl: null, now: NOW }),
    );
    expect(text).not.toContain('</script>');
    expect((JSON.parse(text) as { name: string }).name).toBe('A</script><b>');
  });
});

describe('schema types of the categories', () => {
  it('maps every category to a real schema.org type under LocalBusiness', () => {
    for (const categoria of CATEGORIAS) {
      const type = SCHEMA_TYPE_BY_CATEGORIA[categoria];
      expect(SCHEMA_ORG[type], `${categoria} → ${type}`).toBeDefined();
      expect(lineage(type), `${categoria} → ${type}`).toContain('LocalBusiness');
    }
  });

  it('takes the first category with a type and falls back to LocalBusiness', () => {
    expect(schemaTypeOf('Otro, Farmacia')).toBe('Pharmacy');
    expect(schemaTypeOf(OTRA_CATEGORIA)).toBe('LocalBusiness');
    expect(schemaTypeOf('')).toBe('LocalBusiness');
  });

  it('the vocabulary check catches a made-up type or a property the type lacks', () => {
    expect(vocabularyProblems({ '@type': 'Panaderia', name: 'x' })).toHaveLength(1);
    expect(vocabularyProblems({ '@type': 'Offer', name: 'x', validThrough: 'y', servesCuisine: 'z' })).toEqual([
      '$: Offer no tiene la propiedad servesCuisine',
    ]);
    expect(vocabularyProblems({ '@type': 'Bakery', name: 'x' })).toEqual(['$: a Bakery le falta address']);
  });
});
