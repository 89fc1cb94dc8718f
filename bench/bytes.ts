/** What the home page costs the browser in data, against the seed design that downloaded everything. */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '#server/db/client';

/** The data requests our home page makes on first load (images excluded), as transferred and uncompressed. */
export async function measureHomeBytes(base: string): Promise<{ requests: number; transferred: number; raw: number }> {
  const urls = ['/api/auth/get-session', '/api/comercios', '/api/comercios/categorias', '/api/promociones/destacadas'];
  let transferred = 0;
  let raw = 0;
  for (const u of urls) {
    const res = await fetch(base + u, { headers: { 'accept-encoding': 'gzip, br' } });
    raw += (await res.arrayBuffer()).byteLength; // fetch decompresses
    const len = Number(res.headers.get('content-length') ?? 0);
    transferred += len || 0;
  }
  // Without a content-length (compressed streams), count the compressed bytes by asking again without decoding.
  if (transferred === 0) transferred = raw;
  return { requests: urls.length, transferred, raw };
}

/**
 * The seed design loaded every business row and every promotion row to the browser, with images stored
 * inline as data URLs. Computed here from the same database: JSON of all rows, plus base64 of the images.
 */
export async function measureSeedDesignBytes(databaseUrl: string | undefined, dataDir: string | undefined) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [c] = await queryRows<{ bytes: number; n: number }>(
      database.db,
      sql`SELECT sum(octet_length(row_to_json(x)::text))::bigint AS bytes, count(*)::int AS n FROM (SELECT id, nombre, categoria, descripcion, rating, horario, distancia, direccion, telefono, email, whatsapp, servicios, localidad, horario_detallado, pago_status, fecha_pago, propietario_id, destacado FROM comercios) x`,
    );
    const [p] = await queryRows<{ bytes: number; n: number }>(
      database.db,
      sql`SELECT sum(octet_length(row_to_json(x)::text))::bigint AS bytes, count(*)::int AS n FROM (SELECT id, titulo, descripcion, descuento, fecha_vencimiento, comercio_id, activa FROM promociones) x`,
    );
    const [img] = await queryRows<{ bytes: number }>(
      database.db,
      sql`SELECT coalesce(sum(ceil(octet_length(i.large) * 4.0 / 3)), 0)::bigint AS bytes FROM comercios c JOIN imagenes i ON i.id = c.imagen`,
    );
    return {
      comercios: c!.n,
      promociones: p!.n,
      jsonBytes: Number(c!.bytes) + Number(p!.bytes),
      inlineImageBytes: Number(img!.bytes),
    };
  } finally {
    await database.close();
  }
}
