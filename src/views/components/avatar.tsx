import { useState } from 'react';

interface AvatarProps {
  /** The uploaded avatar's address; null when the user has none. */
  src: string | null;
  /** The female placeholder only when the user said so; unknown gender gets the male one. */
  isMale: boolean | null;
  /** Empty when the avatar sits next to the visible name and would only repeat it. */
  alt: string;
  size?: number;
}

/** The uploaded avatar, else a male or female default (male when the gender is unknown). */
export function Avatar({ src, isMale, alt, size = 36 }: AvatarProps) {
  // A broken upload falls back to the default rather than showing the browser's broken-image box.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img className="avatar" src={src} alt={alt} width={size} height={size} data-avatar="image" onError={() => setFailed(src)} />;
  }
  return <DefaultAvatar female={isMale === false} alt={alt} size={size} />;
}

function DefaultAvatar({ female, alt, size }: { female: boolean; alt: string; size: number }) {
  return (
    <svg
      className="avatar"
      width={size}
      height={size}
      viewBox="0 0 36 36"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      data-avatar={female ? 'female' : 'male'}
      data-placeholder={female ? 'female' : 'male'}
    >
      <circle cx="18" cy="18" r="18" fill={female ? '#f3e3ec' : '#dcebf2'} />
      {female ? <path d="M9 17c0-7 4-11 9-11s9 4 9 11v5H9z" fill="#8a4a6b" /> : null}
      <circle cx="18" cy="15" r="6" fill={female ? '#c58aa8' : '#0b4f6c'} />
      <path d="M7 31c1-6 6-9 11-9s10 3 11 9" fill={female ? '#c58aa8' : '#0b4f6c'} />
      {female ? null : <path d="M12 13c1-4 4-6 6-6s5 2 6 6c-2-1-4-2-6-2s-4 1-6 2z" fill="#083a50" />}
    </svg>
  );
}
