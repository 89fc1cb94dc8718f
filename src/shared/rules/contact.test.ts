import { describe, expect, it } from 'vitest';
import {
  canBeWhatsapp,
  directionsLink,
  mailtoLink,
  mapsLink,
  nationalNumber,
  telLink,
  whatsappLink,
  whatsappOf,
} from './contact';

describe('contact links', () => {
  it.each([
    ['261 412-3456', 'https://wa.me/5492614123456'],
    ['0261 15 412-3456', 'https://wa.me/5492614123456'],
    ['(0261) 154123456', 'https://wa.me/5492614123456'],
    ['+54 9 261 412 3456', 'https://wa.me/5492614123456'],
    ['5492614123456', 'https://wa.me/5492614123456'],
    ['+54 261 412 3456', 'https://wa.me/5492614123456'],
    ['011 15 1234-5678', 'https://wa.me/5491112345678'],
    // With the country code and the mobile "15" both (found in a stranger's round: wa.me/54954261154123456).
    ['+54 261 15 412-3456', 'https://wa.me/5492614123456'],
    ['+54 9 261 15 412-3456', 'https://wa.me/5492614123456'],
    ['0054 261 15 412-3456', 'https://wa.me/5492614123456'],
    // Another country's number keeps its own code instead of getting Argentina's.
    ['+1 (555) 123-4567', 'https://wa.me/15551234567'],
    ['0034 612 345 678', 'https://wa.me/34612345678'],
  ])('WhatsApp for %s', (phone, link) => {
    expect(whatsappLink(phone)).toBe(link);
  });

  it('falls back to the spec rule (549 + digits) for numbers it cannot read, and to nothing without digits', () => {
    expect(whatsappLink('4123456')).toBe('https://wa.me/5494123456');
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('sin teléfono')).toBeNull();
  });

  it("uses the phone as the WhatsApp only when the phone can be one (found in a stranger's round)", () => {
    expect(canBeWhatsapp('261 555-1234')).toBe(true);
    expect(canBeWhatsapp('+1 (555) 123-4567')).toBe(true);
    for (const number of ['420-1234', '0800 555 1234', '0810-222-3333', '+54 (261) 555-1234-5678-9999'])
      expect(canBeWhatsapp(number), number).toBe(false);
    expect(whatsappOf({ whatsapp: '', telefono: '261 555-1234' })).toBe('261 555-1234');
    expect(whatsappOf({ whatsapp: '', telefono: '420-1234' })).toBe('');
    expect(whatsappOf({ whatsapp: '', telefono: '0800 555 1234' })).toBe('');
    expect(whatsappOf({ whatsapp: '261 15 600-0000', telefono: '420-1234' })).toBe('261 15 600-0000');
  });

  it('calls landlines and mobiles in international form', () => {
    expect(telLink('0261 423-4567')).toBe('tel:+542614234567');
    expect(telLink('261 15 412-3456')).toBe('tel:+542614123456');
    expect(telLink('4234567')).toBe('tel:4234567');
    expect(telLink('+54 261 15 412-3456')).toBe('tel:+542614123456');
    expect(telLink('+1 (555) 123-4567')).toBe('tel:+15551234567');
    expect(nationalNumber('abc')).toBeNull();
  });

  it('mails', () => {
    expect(mailtoLink(' hola@cafe.com.ar ')).toBe('mailto:hola@cafe.com.ar');
    expect(mailtoLink('')).toBeNull();
  });
});

describe('mapsLink', () => {
  it('searches the address in its locality, Mendoza, Argentina', () => {
    const link = mapsLink('Av. San Martín 1780', 'Guaymallen');
    expect(link).toBe(
      'https://www.google.com/maps/search/?api=1&query=Av.%20San%20Mart%C3%ADn%201780%2C%20Guaymall%C3%A9n%2C%20Mendoza%2C%20Argentina',
    );
    expect(new URL(link!).searchParams.get('query')).toBe('Av. San Martín 1780, Guaymallén, Mendoza, Argentina');
    expect(mapsLink('  ', 'Capital')).toBeNull();
  });
});

describe('directionsLink', () => {
  it('asks for directions to the pin', () => {
    expect(directionsLink({ lat: -32.9262, lng: -68.8435 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-32.9262,-68.8435',
    );
  });
});
