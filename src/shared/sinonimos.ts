/**
 * Colloquial words of Mendoza's shoppers and what the businesses write instead (issue 30). The search looks for
 * either: "birra" finds a bar that says "cerveza" and still finds "Birra Bar". Keys are what people type, folded
 * (no accents, lower case), one or more words; values are the words the businesses use. Edit freely: the server
 * reads this file on start and `busqueda.test.ts` checks that every entry is well formed.
 */
export const SINONIMOS: Readonly<Record<string, readonly string[]>> = {
  birra: ['cerveza'],
  birras: ['cerveza'],
  chela: ['cerveza'],
  muzza: ['mozzarella'],
  muza: ['mozzarella'],
  'farmacia de turno': ['farmacia'],
  'farmacia abierta': ['farmacia'],
  remedios: ['farmacia'],
  achuras: ['carniceria'],
  helado: ['heladeria'],
  helados: ['heladeria'],
  lavadero: ['lavanderia'],
  cerrajero: ['cerrajeria'],
  ferretero: ['ferreteria'],
  pilcha: ['ropa'],
  zapas: ['zapatillas'],
  lentes: ['optica'],
  anteojos: ['optica'],
  kiosko: ['kiosco'],
  quiosco: ['kiosco'],
  pucho: ['cigarrillos'],
  puchos: ['cigarrillos'],
  sanguche: ['sandwich'],
  sanguches: ['sandwich'],
  // Found in a stranger's round: "corte de pelo" found nothing, though two businesses cut hair.
  'corte de pelo': ['peluqueria', 'barberia'],
  peluquero: ['peluqueria'],
  peluquera: ['peluqueria'],
  barbero: ['barberia'],
  odontologo: ['dentista'],
  odontologa: ['dentista'],
  plomero: ['plomeria'],
  contador: ['contable'],
  contadora: ['contable'],
  veterinario: ['veterinaria'],
  florista: ['floreria'],
};

/**
 * Phrases of SINONIMOS that also ask for what is open now (ADR 045): "farmacia de turno" finds the pharmacies open
 * at this moment, as "Abierto ahora" would.
 */
export const PIDEN_ABIERTO: readonly string[] = ['farmacia de turno', 'farmacia abierta'];

/**
 * Words a search leaves out when the visitor typed others too (folded): articles, prepositions and
 * conjunctions, found in nearly every business's text, so they narrow nothing and each one costs the database a
 * look at every row ("pizzería en godoy cruz" searches "pizzeria", "godoy" and "cruz"). Inside a phrase of
 * SINONIMOS ("farmacia de turno") they stay; typed alone ("el") they are the search.
 */
export const PALABRAS_VACIAS: ReadonlySet<string> = new Set([
  'a',
  'al',
  'con',
  'de',
  'del',
  'e',
  'el',
  'en',
  'la',
  'las',
  'lo',
  'los',
  'o',
  'para',
  'por',
  'que',
  'toda',
  'todas',
  'todo',
  'todos',
  'u',
  'un',
  'una',
  'unas',
  'unos',
  'y',
]);
