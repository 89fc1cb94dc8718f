// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmartImage } from './SmartImage';

const ID = 'b'.repeat(32);
const SIZES = '(min-width: 1024px) 720px, calc(100vw - 2rem)';

describe('SmartImage', () => {
  it('offers all three variants with their widths when given the box sizes', () => {
    render(<SmartImage imageId={ID} size="large" alt="Foto" width={1280} height={800} sizes={SIZES} priority />);
    const img = screen.getByRole('img', { name: 'Foto' });
    expect(img.getAttribute('src')).toBe(`/api/imagenes/${ID}/large.webp`);
    expect(img.getAttribute('srcset')).toBe(
      `/api/imagenes/${ID}/thumb.webp 480w, /api/imagenes/${ID}/medium.webp 800w, /api/imagenes/${ID}/large.webp 1280w`,
    );
    expect(img.getAttribute('sizes')).toBe(SIZES);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // Named for Element Timing: the boot script starts the scripts once this photo is shown.
    expect(img.getAttribute('elementtiming')).toBe('foto');
  });

  it('asks for the one named size without box sizes', () => {
    render(<SmartImage imageId={ID} size="thumb" alt="Tarjeta" width={480} height={300} />);
    const img = screen.getByRole('img', { name: 'Tarjeta' });
    expect(img.getAttribute('src')).toBe(`/api/imagenes/${ID}/thumb.webp`);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('elementtiming')).toBe(false);
  });

  it('shows the category placeholder when there is no image or it fails to load', () => {
    const { unmount } = render(
      <SmartImage imageId={null} size="medium" alt="Sin foto" categoria="Panadería" width={800} height={500} />,
    );
    expect(screen.getByRole('img', { name: 'Sin foto' }).tagName).toBe('DIV');
    unmount();
    render(<SmartImage imageId={ID} size="medium" alt="Rota" width={800} height={500} sizes={SIZES} />);
    fireEvent.error(screen.getByRole('img', { name: 'Rota' }));
    expect(screen.getByRole('img', { name: 'Rota' }).tagName).toBe('DIV');
  });
});
