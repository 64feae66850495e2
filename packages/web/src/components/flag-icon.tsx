import { useId } from 'react';

/** The language flags of spec section 3 (ar: iq, en: uk), drawn inline: emoji flags need a font clinics lack. */
export function FlagIcon({ flag, size = 20 }: { flag: 'iq' | 'uk'; size?: number }) {
  const height = Math.round((size * 2) / 3);
  const clip = `flag-uk-${useId().replace(/:/g, '')}`;
  if (flag === 'iq')
    return (
      <svg width={size} height={height} viewBox="0 0 30 20" aria-hidden="true" focusable="false">
        <rect width="30" height="20" fill="#fff" />
        <rect width="30" height="6.67" fill="#ce1126" />
        <rect y="13.33" width="30" height="6.67" fill="#000" />
        <path
          d="M9 11.8h12M10.5 9v2.8M13 8.6v3.2M15.5 9.2v2.6M18 8.6v3.2M20 9.6v2.2"
          stroke="#007a3d"
          strokeWidth="1.1"
          fill="none"
        />
      </svg>
    );
  return (
    <svg width={size} height={height} viewBox="0 0 60 40" aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <rect width="60" height="40" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <rect width="60" height="40" fill="#012169" />
        <path d="M0 0l60 40M60 0L0 40" stroke="#fff" strokeWidth="8" />
        <path d="M0 0l60 40M60 0L0 40" stroke="#c8102e" strokeWidth="3" />
        <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
        <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
      </g>
    </svg>
  );
}
