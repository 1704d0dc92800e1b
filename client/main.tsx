import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createApiClient } from './lib/api-client';
import { ensureGuestId } from './lib/guest-id';
import { partnerSessionSource, partnerSourceFromLocation } from './lib/partner-session';
import { cookieSessionSource, createSessionManager } from './lib/session';
import { createSocket, handshakeErrorCode, reconnectSocket } from './lib/socket';
import { createAppStore } from './lib/store';

const guestId = ensureGuestId();
const store = createAppStore();
// The session's own calls (refresh, a partner token's check) carry no token of their own.
const sessionApi = createApiClient({ guestId });
const partner = partnerSourceFromLocation();
const session = createSessionManager({
  store,
  source:
    partner === null ? cookieSessionSource(sessionApi) : partnerSessionSource(sessionApi, partner),
});
const socket = createSocket({ guestId, auth: session });
// Sign-in and sign-out change who the socket speaks for: reconnect it (open chats resync on connect).
// Sign-out makes the server drop the member's sockets first, so "in use" is remembered, not read.
let isSocketInUse = false;
let hasRetriedHandshake = false;
socket.on('connect', () => {
  isSocketInUse = true;
  hasRetriedHandshake = false;
});
session.onIdentityChange(() => {
  reconnectSocket(socket, isSocketInUse || socket.active);
});
// A refused handshake is not retried by Socket.IO: rotate a rejected member token once and reconnect.
socket.on('connect_error', (err) => {
  if (hasRetriedHandshake || session.accessToken() === null) return;
  if (handshakeErrorCode(err) !== 'sign_in_required') return;
  hasRetriedHandshake = true;
  void session.refresh().then(() => {
    socket.connect();
  });
});
const services = { api: createApiClient({ guestId, auth: session }), socket, session };

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App store={store} services={services} />
  </StrictMode>,
);
