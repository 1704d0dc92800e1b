import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ServicesProvider, type Services } from '../lib/services';
import type { AppStore } from '../lib/store';
import { GlobalStyle } from '../styles/global-style';
import { themes } from '../styles/theme';
import { useThemeName } from './theme-choice';

function Themed({ children }: { children: ReactNode }) {
  const name = useThemeName();
  return (
    <ThemeProvider theme={themes[name]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

/** Everything the app runs inside: the one jotai store, the server connections and the theme. */
export function AppProviders({
  store,
  services,
  children,
}: {
  store: AppStore;
  services: Services;
  children: ReactNode;
}) {
  return (
    <JotaiProvider store={store}>
      <ServicesProvider services={services}>
        <Themed>{children}</Themed>
      </ServicesProvider>
    </JotaiProvider>
  );
}
