import { LOCALIDAD_LABELS, type Localidad } from '#shared/constants';

/**
 * Contact links from the numbers owners type: "0261 15 412-3456", "261 4123456", "+54 9 261 412 3456".
 * Argentine national numbers have 10 digits (area code + subscriber). WhatsApp wants 549 + those 10 digits,
 * without the trunk 0 and the mobile "15"; a landline call wants +54 + the 10 digits.
 */
function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The 10-digit national number, or null when the digits do not look Argentine. */
export function nationalNumber(phone: string): string | null {
  let d = digitsOf(phone);
  if (d.startsWith('00')) d = d.slice(2);
  // After the country code, the number may still carry the mobile "15" ("+54 261 15 412-3456": two digits more).
  if (d.startsWith('549') && (d.length === 13 || d.length === 15)) d = d.slice(3);
  else if (d.startsWith('54') && (d.length === 12 || d.length === 14)) d = d.slice(2);
  else if (d.startsWith('0')) d = d.slice(1);
  if (d.length === 12) {
    // Area codes have 2 to 4 digits; the mobile prefix "15" follows them.
    for (const areaLength of [3, 2, 4]) {
      if (d.slice(areaLength, areaLength + 2) === '15') return d.slice(0, areaLength) + d.slice(areaLength + 2);
    }
  }
  return d.length === 10 ? d : null;
}

/** The digits of a number written with another country's code ("+1 555…", "0034…"), or null. */
export function foreignNumber(phone: string): string | null {
  const written = phone.trim();
  if (!written.startsWith('+') && !written.startsWith('00')) return null;
  const d = digitsOf(written).replace(/^00/, '');
  return d.startsWith('54') ? null : d;
}

/**
 * Whether a number can be a WhatsApp: a whole Argentine number (area code included) that is not a toll-free 0800
 * or shared-cost 0810 line, or another country's written with its code.
 */
export function canBeWhatsapp(phone: string): boolean {
  const national = nationalNumber(phone);
  return national !== null ? !/^8[01]0/.test(national) : foreignNumber(phone) !== null;
}

/**
 * The number a business's WhatsApp button opens: its own, or the phone when it left the WhatsApp empty (spec §5)
 * and the phone can be one; a local "420-1234" or a 0800 would open a chat with nobody.
 */
export function whatsappOf(comercio: { whatsapp: string; telefono: string }): string {
  return comercio.whatsapp || (canBeWhatsapp(comercio.telefono) ? comercio.telefono : '');
}

export function whatsappLink(phone: string): string | null {
  const digits = digitsOf(phone);
  if (!digits) return null;
  const national = nationalNumber(phone);
  const foreign = national ? null : foreignNumber(phone);
  if (foreign) return `https://wa.me/${foreign}`;
  // The spec's rule (549 + digits) when we cannot recognise the number: better a link than none.
  return `https://wa.me/549${national ?? digits}`;
}

export function telLink(phone: string): string | null {
  const digits = digitsOf(phone);
  if (!digits) return null;
  const national = nationalNumber(phone);
  const foreign = national ? null : foreignNumber(phone);
  return national ? `tel:+54${national}` : foreign ? `tel:+${foreign}` : `tel:${digits}`;
}

export function mailtoLink(email: string): string | null {
  const e = email.trim();
  return e ? `mailto:${e}` : null;
}

/**
 * "Cómo llegar": a Google Maps search for the street address in its locality, Mendoza, Argentina (the
 * universal maps URL opens the app on phones). Null without an address.
 */
/** Directions to the business's pin (the maps app on a phone): exact where the address text may be vague. */
export function directionsLink(point: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`;
}

export function mapsLink(direccion: string, localidad: Localidad): string | null {
  const street = direccion.trim();
  if (!street) return null;
  const query = `${street}, ${LOCALIDAD_LABELS[localidad]}, Mendoza, Argentina`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
