/** Every REST resource of the API, registered under /api. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { accountRoutes } from './account.routes';
import { ageVerificationRoutes } from './age-verification.routes';
import { applicationRoutes } from './applications.routes';
import { characterCardRoutes } from './character-cards.routes';
import { adminRoutes } from './admin.routes';
import { authRoutes } from './auth.routes';
import { authoringRoutes } from './authoring.routes';
import { characterRoutes } from './characters.routes';
import { conversationRoutes } from './conversations.routes';
import { generationRoutes } from './generation.routes';
import { healthRoutes } from './health.routes';
import { libraryRoutes } from './library.routes';
import { lorebookRoutes } from './lorebooks.routes';
import { messageRoutes } from './messages.routes';
import { oauthRoutes } from './oauth.routes';
import { pageRoutes } from './pages.routes';
import { personaRoutes } from './personas.routes';
import { profileRoutes } from './profile.routes';
import { reportRoutes } from './reports.routes';
import { socialRoutes } from './social.routes';
import { waitingRoomRoutes } from './waiting-room.routes';

export function registerRoutes(app: FastifyInstance, deps: AppDeps): void {
  healthRoutes(app, deps);
  applicationRoutes(app, deps);
  pageRoutes(app, deps);
  authRoutes(app, deps);
  oauthRoutes(app, deps);
  accountRoutes(app, deps);
  profileRoutes(app, deps);
  ageVerificationRoutes(app, deps);
  characterRoutes(app, deps);
  authoringRoutes(app, deps);
  socialRoutes(app, deps);
  reportRoutes(app, deps);
  libraryRoutes(app, deps);
  conversationRoutes(app, deps);
  messageRoutes(app, deps);
  waitingRoomRoutes(app, deps);
  adminRoutes(app, deps);
  characterCardRoutes(app, deps);
  generationRoutes(app, deps);
  personaRoutes(app, deps);
  lorebookRoutes(app, deps);
}
