/**
 * The app's connections to the server (REST client and socket), created once at start-up with the
 * guest identity and the member session, and handed to features through context, so tests can pass their own.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { SessionManager } from './session';
import type { ChatSocket } from './socket';

export interface Services {
  api: ApiClient;
  socket: ChatSocket;
  session: SessionManager;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: Services;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices needs a <ServicesProvider> above it');
  return services;
}
