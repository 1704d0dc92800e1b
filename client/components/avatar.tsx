import { useState } from 'react';
import styled from 'styled-components';
import type { Theme } from '../styles/theme';

export type AvatarSize = keyof Theme['size']['avatar'];

interface AvatarProps {
  src: string | null;
  name: string;
  size?: AvatarSize;
  /** Defaults to the name; pass '' when the name is already next to the picture. */
  alt?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((part) => part !== '')
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** A round character picture; shows initials when there is no image or it fails to load. */
export function Avatar({ src, name, size = 'md', alt = name }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || src === '' || failedSrc === src) {
    return (
      <Fallback
        $size={size}
        role={alt === '' ? undefined : 'img'}
        aria-label={alt || undefined}
        aria-hidden={alt === '' || undefined}
      >
        {initials(name)}
      </Fallback>
    );
  }
  return (
    <Image
      $size={size}
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => {
        setFailedSrc(src);
      }}
    />
  );
}

const Image = styled.img<{ $size: AvatarSize }>`
  flex: none;
  width: ${({ $size, theme }) => theme.size.avatar[$size]};
  height: ${({ $size, theme }) => theme.size.avatar[$size]};
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Fallback = styled.span<{ $size: AvatarSize }>`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: ${({ $size, theme }) => theme.size.avatar[$size]};
  height: ${({ $size, theme }) => theme.size.avatar[$size]};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
