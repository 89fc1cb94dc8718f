import { Clock, Mail, MapPin, MessageCircle, Navigation, Phone, type IconComponent } from '#web/components/icons';
import type { ReactNode } from 'react';
import type { ComercioDetalle } from '#shared/api';
import { directionsLink, mailtoLink, mapsLink, telLink, whatsappLink, whatsappOf } from '#shared/rules/contact';
import { readWeek } from '#shared/rules/horario';
import { localidadLabel } from '#web/lib/format';
import { MapaUbicacion } from '#web/features/mapa';
import { reportEvento } from './eventos';
import { HorarioTable } from './HorarioTable';

function Row({ icon: Icon, label, children }: { icon: IconComponent; label: string; children: ReactNode }) {
  return (
    <div className="relative py-3 pl-8">
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-500">
        <Icon className="absolute left-0 top-3.5 size-5 text-brand-600" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm text-ink-900">{children}</dd>
    </div>
  );
}

const link = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** Address, phone, email, WhatsApp, services and hours (spec §2 detalle). */
export function InfoSection({ comercio, now }: { comercio: ComercioDetalle; now: Date }) {
  const tel = telLink(comercio.telefono);
  const mail = mailtoLink(comercio.email);
  const whatsappNumber = whatsappOf(comercio);
  const whatsapp = whatsappLink(whatsappNumber);
  const point = comercio.lat !== null && comercio.lng !== null ? { lat: comercio.lat, lng: comercio.lng } : null;
  const maps = point ? directionsLink(point) : mapsLink(comercio.direccion, comercio.localidad);
  return (
    <div className="space-y-5">
      <section aria-labelledby="info-title" className="rounded-card bg-white p-5 shadow-card ring-1 ring-sand-200/70">
        <h2 id="info-title" className="text-lg font-extrabold text-ink-900">
          Información
        </h2>
        {point && (
          <div className="mt-3">
            <MapaUbicacion point={point} nombre={comercio.nombre} />
          </div>
        )}
        <dl className="mt-1 divide-y divide-sand-200">
          <Row icon={MapPin} label="Dirección">
            {comercio.direccion ? `${comercio.direccion}, ` : ''}
            {localidadLabel(comercio.localidad)}
            {maps && (
              <a
                href={maps}
                target="_blank"
                rel="noopener noreferrer"
                className={`${link} mt-1 flex w-fit items-center gap-1.5`}
                onClick={() => reportEvento(comercio.id, 'comoLlegar')}
              >
                <Navigation className="size-4" aria-hidden="true" />
                Cómo llegar
                <span className="sr-only"> a {comercio.nombre} (se abre en una pestaña nueva)</span>
              </a>
            )}
          </Row>
          {comercio.telefono && (
            <Row icon={Phone} label="Teléfono">
              {tel ? (
                <a href={tel} className={link} onClick={() => reportEvento(comercio.id, 'llamadas')}>
                  {comercio.telefono}
                </a>
              ) : (
                comercio.telefono
              )}
            </Row>
          )}
          {comercio.email && (
            <Row icon={Mail} label="Email">
              {mail ? (
                <a href={mail} className={link}>
                  {comercio.email}
                </a>
              ) : (
                comercio.email
              )}
            </Row>
          )}
          {whatsapp && (
            <Row icon={MessageCircle} label="WhatsApp">
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={link}
                onClick={() => reportEvento(comercio.id, 'whatsapp')}
              >
                {whatsappNumber}
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </Row>
          )}
        </dl>
      </section>

      {comercio.servicios.length > 0 && (
        <section
          aria-labelledby="servicios-title"
          className="rounded-card bg-white p-5 shadow-card ring-1 ring-sand-200/70"
        >
          <h2 id="servicios-title" className="text-lg font-extrabold text-ink-900">
            Servicios
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {comercio.servicios.map((s) => (
              <li
                key={s}
                className="rounded-full bg-leaf-50 px-3 py-1 text-sm font-medium text-leaf-800 ring-1 ring-leaf-100"
              >
                {s}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section
        aria-labelledby="horarios-title"
        className="rounded-card bg-white p-5 shadow-card ring-1 ring-sand-200/70"
      >
        <h2 id="horarios-title" className="flex items-center gap-2 text-lg font-extrabold text-ink-900">
          <Clock className="size-5 text-brand-600" aria-hidden="true" />
          Horarios
        </h2>
        {comercio.horario && <p className="mt-1 text-sm text-ink-600">{comercio.horario}</p>}
        {/* Seven "Cerrado" days are what an owner who filled nothing gets: no table that claims otherwise. */}
        {readWeek(comercio.horarioDetallado) && (
          <div className="-mx-2 mt-3">
            <HorarioTable horarioDetallado={comercio.horarioDetallado} now={now} />
          </div>
        )}
      </section>
    </div>
  );
}
