import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    color-scheme: ${({ theme }) => theme.name};
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-width: 320px;
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: ${({ theme }) => theme.font.lineHeight.normal};
    -webkit-font-smoothing: antialiased;
  }

  /* The footer sits at the bottom of short pages. */
  #root {
    min-height: 100dvh;
    display: flex;
    flex-direction: column;
  }

  h1, h2, h3, p, figure {
    margin: 0;
  }

  a {
    color: ${({ theme }) => theme.color.primary};
  }

  img {
    display: block;
    max-width: 100%;
  }

  button, input, textarea, select {
    font: inherit;
    color: inherit;
  }

  :focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  /* A heading focused by script (after a navigation, a step of a form) is where a screen reader goes
     on, not a control: nothing can be done there, so no ring is drawn around it (issue 28 §14). */
  :is(h1, h2, h3)[tabindex='-1']:focus {
    outline: none;
  }

  /* Reduced motion: animations end at once, and changes apply at once. A transition of 0.01ms would
     not do: the initial transition-property is "all", so every element would start transitioning every
     change, and layout read just after a change (the chat's virtual rows) would still see the old
     value, which once made the chat log re-render without end. */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0s !important;
      transition-delay: 0s !important;
    }
  }
`;
