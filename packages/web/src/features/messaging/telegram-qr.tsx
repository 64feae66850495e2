import { useMemo } from 'react';
import { create } from 'qrcode';

/** Light margin around the code, in modules: scanners want a quiet zone of about four. */
const QUIET = 4;

/**
 * A QR code of a link, drawn as one SVG path (crisp at any size, printable, no canvas). Dark on white in both
 * themes: phone cameras read that best. Loaded on demand (the `qrcode` package is kept out of the board's chunk).
 */
export function TelegramQr({ url, size = 176, label }: { url: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const matrix = create(url, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let row = 0; row < matrix.size; row++)
      for (let col = 0; col < matrix.size; col++)
        if (matrix.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    return { path: d, modules: matrix.size + QUIET * 2 };
  }, [url]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="telegram-qr"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
