/**
 * A brand's accent colour over a theme (issue 25 part 3): the accent becomes `primary`, the text on it
 * black or white, whichever reads better (at least 4.5:1 for any accent), and the hover shade a step
 * darker in light and lighter in dark. The brand chooses an accent per theme that reads on its surface.
 */
import type { Theme } from './theme';

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio between two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `hex` moved `share` of the way towards `target`. */
function mix(hex: string, target: string, share: number): string {
  const from = channels(hex);
  const to = channels(target);
  return `#${from
    .map((c, i) => Math.round(c + ((to[i] ?? c) - c) * share))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

const white = '#ffffff';
const black = '#000000';

export function brandTheme(base: Theme, accent: string | undefined): Theme {
  if (accent === undefined) return base;
  const onPrimary = contrastRatio(accent, white) >= contrastRatio(accent, black) ? white : black;
  const primaryHover = mix(accent, base.name === 'light' ? black : white, 0.15);
  return { ...base, color: { ...base.color, primary: accent, primaryHover, onPrimary } };
}
