import type { FastifyInstance } from 'fastify';
import {
  getConversationContext,
  getGenerationSettings,
  getReplyPrompt,
  updateGenerationSettings,
} from '#shared/api/generation';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as generation from '../services/generation-settings.service';
import * as replyPrompts from '../services/reply-prompts.service';

export function generationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getGenerationSettings, async ({ caller }) => generation.getSettings(deps, caller));
  addRoute(app, updateGenerationSettings, async ({ caller, body }) =>
    generation.updateSettings(deps, caller, body),
  );
  addRoute(app, getConversationContext, async ({ caller, params }) =>
    replyPrompts.getContext(deps, caller, params.id),
  );
  addRoute(app, getReplyPrompt, async ({ caller, params }) =>
    replyPrompts.getPrompt(deps, caller, params.id),
  );
}
