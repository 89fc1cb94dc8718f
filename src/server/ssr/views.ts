// Imported by vite.config.ts too (scripts/view-chunks.ts groups these views' modules), whose loader does not know
// the project's path aliases: nothing here imports anything.

/** The view a server-rendered page hydrates, by the source module that holds it (Vite's manifest keys). */
export const VIEW_MODULES = {
  lista: 'features/comercios/ListaView.tsx',
  promociones: 'features/promociones/PromocionesView.tsx',
  detalle: 'features/comercios/DetalleView.tsx',
  // An unknown or hidden business: DetalleView's module also holds its "not found" page.
  'comercio-not-found': 'features/comercios/DetalleView.tsx',
} as const;
export type PreloadView = keyof typeof VIEW_MODULES;
