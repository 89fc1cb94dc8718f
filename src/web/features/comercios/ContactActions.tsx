import { Mail, MessageCircle, Phone } from '#web/components/icons';
import type { Comercio } from '#shared/api';
import { mailtoLink, telLink, whatsappLink, whatsappOf } from '#shared/rules/contact';
import { btnBase } from '#web/components/buttons';
import { reportEvento } from './eventos';
import { ShareButton } from './ShareButton';

const whatsappButton = `${btnBase} h-12 bg-leaf-700 px-6 text-base text-white shadow-sm hover:bg-leaf-800 active:bg-leaf-900`;
/** Phones: icon over a short label in three equal columns; wider screens: a row of pills. */
export const contactButton = `contact-btn`;

/** WhatsApp (or the phone when there is no WhatsApp), call, email and share. */
export function ContactActions({
  comercio,
}: {
  comercio: Pick<Comercio, 'id' | 'nombre' | 'whatsapp' | 'telefono' | 'email'>;
}) {
  const whatsapp = whatsappLink(whatsappOf(comercio));
  const tel = telLink(comercio.telefono);
  const mail = mailtoLink(comercio.email);
  return (
    <div className="grid grid-cols-3 gap-2.5 sm:flex sm:flex-wrap sm:gap-3">
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={`${whatsappButton} col-span-3`}
          onClick={() => reportEvento(comercio.id, 'whatsapp')}
        >
          <MessageCircle className="size-5" aria-hidden="true" />
          WhatsApp
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      )}
      {tel && (
        <a href={tel} className={contactButton} onClick={() => reportEvento(comercio.id, 'llamadas')}>
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          Llamar
        </a>
      )}
      {mail && (
        <a href={mail} className={contactButton}>
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          Email
        </a>
      )}
      <ShareButton
        title={comercio.nombre}
        className={contactButton}
        onShared={() => reportEvento(comercio.id, 'compartidos')}
      />
    </div>
  );
}
