import { useEffect, useState } from 'react';

/**
 * The otpauth:// link as a QR code for the authenticator app to scan. Drawn as SVG by the `qrcode` package,
 * loaded only when an operator enrols (not even the console's chunk carries it), and shown as an image from a
 * data: URL (allowed by img-src; no markup injected into the page).
 */
export function TotpQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex min-h-48 items-center justify-center">
      {src ? (
        <img
          src={src}
          width={192}
          height={192}
          alt="Código QR para escanear con tu app de autenticación"
          className="size-48 rounded-xl bg-white ring-1 ring-sand-200"
          data-testid="totp-qr"
        />
      ) : (
        <span className="text-sm text-ink-600">Preparando el código QR…</span>
      )}
    </div>
  );
}
