/**
 * The slice of the schema.org vocabulary our JSON-LD uses, copied by hand from https://schema.org (each
 * type's page, "More specific Types" and its own properties; schema.org release 29). Tests check our output
 * against it: every type we emit is a real one under LocalBusiness, and every property belongs to the type or
 * one of its parents. `required` is what we promise to send (Google's LocalBusiness rich result wants name and
 * address), not a schema.org rule: schema.org itself requires nothing.
 */
export interface VocabularyType {
  parents: string[];
  properties: string[];
  required?: string[];
}

export const SCHEMA_ORG: Record<string, VocabularyType> = {
  Thing: { parents: [], properties: ['name', 'description', 'image', 'url', 'sameAs', 'alternateName'] },
  Intangible: { parents: ['Thing'], properties: [] },
  StructuredValue: { parents: ['Intangible'], properties: [] },
  ContactPoint: { parents: ['StructuredValue'], properties: ['telephone', 'email', 'contactType'] },
  PostalAddress: {
    parents: ['ContactPoint'],
    properties: ['streetAddress', 'addressLocality', 'addressRegion', 'addressCountry', 'postalCode'],
    required: ['addressLocality', 'addressRegion', 'addressCountry'],
  },
  GeoCoordinates: {
    parents: ['StructuredValue'],
    properties: ['latitude', 'longitude', 'address'],
    required: ['latitude', 'longitude'],
  },
  OpeningHoursSpecification: {
    parents: ['StructuredValue'],
    properties: ['dayOfWeek', 'opens', 'closes', 'validFrom', 'validThrough'],
    required: ['dayOfWeek', 'opens', 'closes'],
  },
  Offer: {
    parents: ['Intangible'],
    properties: ['validFrom', 'validThrough', 'price', 'priceCurrency', 'itemOffered', 'availability'],
    required: ['name', 'validThrough'],
  },
  Place: {
    parents: ['Thing'],
    properties: [
      'address',
      'geo',
      'telephone',
      'openingHoursSpecification',
      'hasMap',
      'photo',
      'aggregateRating',
      'review',
    ],
  },
  // Opinions (issue 29): the business's mean and count, and its newest opinions as reviews.
  Rating: {
    parents: ['Intangible'],
    properties: ['ratingValue', 'bestRating', 'worstRating', 'author'],
    required: ['ratingValue'],
  },
  AggregateRating: { parents: ['Rating'], properties: ['ratingCount', 'reviewCount', 'itemReviewed'] },
  CreativeWork: { parents: ['Thing'], properties: ['author', 'datePublished', 'dateModified'] },
  Review: {
    parents: ['CreativeWork'],
    properties: ['reviewBody', 'reviewRating', 'itemReviewed'],
    required: ['author'],
  },
  Person: { parents: ['Thing'], properties: [] },
  Organization: {
    parents: ['Thing'],
    properties: ['address', 'telephone', 'email', 'makesOffer', 'logo', 'aggregateRating', 'review'],
  },
  LocalBusiness: {
    parents: ['Organization', 'Place'],
    properties: ['openingHours', 'priceRange', 'currenciesAccepted', 'paymentAccepted'],
    required: ['name', 'address'],
  },
  FoodEstablishment: { parents: ['LocalBusiness'], properties: ['servesCuisine', 'menu', 'acceptsReservations'] },
  Bakery: { parents: ['FoodEstablishment'], properties: [] },
  CafeOrCoffeeShop: { parents: ['FoodEstablishment'], properties: [] },
  IceCreamShop: { parents: ['FoodEstablishment'], properties: [] },
  Restaurant: { parents: ['FoodEstablishment'], properties: [] },
  Store: { parents: ['LocalBusiness'], properties: [] },
  BookStore: { parents: ['Store'], properties: [] },
  ClothingStore: { parents: ['Store'], properties: [] },
  ConvenienceStore: { parents: ['Store'], properties: [] },
  Florist: { parents: ['Store'], properties: [] },
  GroceryStore: { parents: ['Store'], properties: [] },
  HardwareStore: { parents: ['Store'], properties: [] },
  HomeGoodsStore: { parents: ['Store'], properties: [] },
  JewelryStore: { parents: ['Store'], properties: [] },
  LiquorStore: { parents: ['Store'], properties: [] },
  ShoeStore: { parents: ['Store'], properties: [] },
  MedicalOrganization: { parents: ['Organization'], properties: ['medicalSpecialty', 'isAcceptingNewPatients'] },
  MedicalBusiness: { parents: ['LocalBusiness'], properties: [] },
  Dentist: { parents: ['MedicalBusiness', 'MedicalOrganization'], properties: [] },
  Optician: { parents: ['MedicalBusiness'], properties: [] },
  Pharmacy: { parents: ['MedicalBusiness', 'MedicalOrganization'], properties: [] },
  Physician: { parents: ['MedicalBusiness', 'MedicalOrganization'], properties: ['availableService'] },
  HealthAndBeautyBusiness: { parents: ['LocalBusiness'], properties: [] },
  BeautySalon: { parents: ['HealthAndBeautyBusiness'], properties: [] },
  HairSalon: { parents: ['HealthAndBeautyBusiness'], properties: [] },
  DryCleaningOrLaundry: { parents: ['LocalBusiness'], properties: [] },
  SportsActivityLocation: { parents: ['LocalBusiness'], properties: [] },
  ExerciseGym: { parents: ['SportsActivityLocation'], properties: [] },
  HomeAndConstructionBusiness: { parents: ['LocalBusiness'], properties: [] },
  Electrician: { parents: ['HomeAndConstructionBusiness'], properties: [] },
  Locksmith: { parents: ['HomeAndConstructionBusiness'], properties: [] },
  Plumber: { parents: ['HomeAndConstructionBusiness'], properties: [] },
  AutomotiveBusiness: { parents: ['LocalBusiness'], properties: [] },
  AutoRepair: { parents: ['AutomotiveBusiness'], properties: [] },
  FinancialService: { parents: ['LocalBusiness'], properties: ['feesAndCommissionsSpecification'] },
  AccountingService: { parents: ['FinancialService'], properties: [] },
  RealEstateAgent: { parents: ['LocalBusiness'], properties: [] },
};

/** The type and all its ancestors. */
export function lineage(type: string): string[] {
  const seen: string[] = [];
  const visit = (t: string) => {
    if (seen.includes(t)) return;
    seen.push(t);
    for (const p of SCHEMA_ORG[t]?.parents ?? []) visit(p);
  };
  visit(type);
  return seen;
}

/**
 * Problems of one JSON-LD node tree against the vocabulary: unknown types, properties no type in the lineage
 * has, missing required properties. Empty when it conforms.
 */
export function vocabularyProblems(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => vocabularyProblems(n, `${path}[${i}]`));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type !== 'string') return [`${path}: sin @type`];
  if (!SCHEMA_ORG[type]) return [`${path}: tipo desconocido ${type}`];
  const types = lineage(type);
  const allowed = new Set(types.flatMap((t) => SCHEMA_ORG[t]?.properties ?? []));
  const required = types.flatMap((t) => SCHEMA_ORG[t]?.required ?? []);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith('@')) continue;
    if (!allowed.has(key)) problems.push(`${path}: ${type} no tiene la propiedad ${key}`);
    problems.push(...vocabularyProblems(value, `${path}.${key}`));
  }
  for (const key of required) if (!(key in record)) problems.push(`${path}: a ${type} le falta ${key}`);
  return problems;
}
