/**
 * Design tokens for both colour schemes. Components read every colour, size and radius from here
 * (docs/style.md, "Client state and styling"); nothing else holds raw values.
 */

export type ThemeName = 'light' | 'dark';

const shared = {
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', bubble: '18px', pill: '999px' },
  font: {
    family:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    familyMono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      xxl: '1.75rem',
    },
    weight: { regular: 400, medium: 500, bold: 700 },
    lineHeight: { tight: 1.25, normal: 1.5 },
  },
  size: {
    headerHeight: '56px',
    contentWidth: '1200px',
    readingWidth: '820px',
    focusRing: '3px',
    border: '1px',
    avatar: { sm: '32px', md: '48px', lg: '72px', xl: '128px' },
    cardMinWidth: '240px',
    /** The widest a chatbot profile shows its card's original art. */
    cardArt: '240px',
    cardMinWidthCompact: '150px',
    iconButton: '40px',
    composerMaxHeight: '180px',
    modalWidth: '420px',
    ctaMinWidth: '160px',
  },
  breakpoint: { sm: '600px', md: '900px' },
  duration: { fast: '120ms', normal: '200ms', typingDot: '1.2s', skeleton: '1.4s' },
  zIndex: { header: 10, menu: 20, modal: 100, toast: 110 },
} as const;

export const lightTheme = {
  ...shared,
  name: 'light',
  color: {
    background: '#f6f5fb',
    surface: '#ffffff',
    surfaceAlt: '#efedf7',
    surfaceHover: '#e6e3f3',
    text: '#1c1a29',
    textMuted: '#5c5873',
    border: '#d9d5e8',
    primary: '#5b3fd6',
    primaryHover: '#4a30bd',
    onPrimary: '#ffffff',
    chip: '#ece8fb',
    onChip: '#3f2a9e',
    danger: '#b3261e',
    dangerSurface: '#fdecea',
    focus: '#8a6cff',
    userBubble: '#5b3fd6',
    onUserBubble: '#ffffff',
    botBubble: '#ffffff',
    onBotBubble: '#1c1a29',
    skeleton: '#e4e1ef',
    skeletonShine: '#f3f1fa',
    overlay: 'rgba(20, 16, 40, 0.55)',
    shadow: 'rgba(28, 26, 41, 0.08)',
  },
} as const;

export const darkTheme = {
  ...shared,
  name: 'dark',
  color: {
    background: '#121018',
    surface: '#1c1a26',
    surfaceAlt: '#252233',
    surfaceHover: '#2f2b40',
    text: '#eeecf7',
    textMuted: '#a7a2bf',
    border: '#363248',
    primary: '#a08bff',
    primaryHover: '#b4a3ff',
    onPrimary: '#16112e',
    chip: '#2c2744',
    onChip: '#cdc2ff',
    danger: '#ff8a80',
    dangerSurface: '#3a1d1f',
    focus: '#c2b4ff',
    userBubble: '#6d54e0',
    onUserBubble: '#ffffff',
    botBubble: '#252233',
    onBotBubble: '#eeecf7',
    skeleton: '#262334',
    skeletonShine: '#322e44',
    overlay: 'rgba(0, 0, 0, 0.65)',
    shadow: 'rgba(0, 0, 0, 0.35)',
  },
} as const;

/** The shape every theme has; `styled.d.ts` makes it styled-components' DefaultTheme. */
export interface Theme {
  name: ThemeName;
  color: Record<keyof (typeof lightTheme)['color'], string>;
  space: typeof shared.space;
  radius: typeof shared.radius;
  font: typeof shared.font;
  size: typeof shared.size;
  breakpoint: typeof shared.breakpoint;
  duration: typeof shared.duration;
  zIndex: typeof shared.zIndex;
}

export const themes: Record<ThemeName, Theme> = { light: lightTheme, dark: darkTheme };
