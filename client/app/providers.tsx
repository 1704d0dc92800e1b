import { Provider as JotaiProvider } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useAppSettings } from '../features/app-settings/hooks/use-app-settings';
import { ServicesProvider, type Services } from '../lib/services';
import type { AppStore } from '../lib/store';
import { GlobalStyle } from '../styles/global-style';
import { brandTheme } from '../styles/brand-theme';
import { themes } from '../styles/theme';
import { useThemeName } from './theme-choice';

/** The chosen theme in the brand's accent colour, if it sets one. */
function Themed({ children }: { children: ReactNode }) {
  const name = useThemeName();
  const accent = useAppSettings()?.colors[name];
  const theme = useMemo(() => brandTheme(themes[name], accent), [name, accent]);
  return (
    <ThemeProvider theme={theme}>
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
