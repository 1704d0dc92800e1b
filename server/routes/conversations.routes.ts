import type { FastifyInstance } from 'fastify';
import {
  cloneConversation,
  conversationFileField,
  deleteConversation,
  exportConversation,
  getConversation,
  getLatestConversation,
  importConversation,
  listCharacterConversations,
  listConversations,
  listMessages,
  updateConversationLabel,
} from '#shared/api/conversations';
import { conversationLimits } from '#shared/rules/conversation';
import type { AppDeps } from '../app-deps';
import { AppError } from '../lib/errors';
import { attachment } from '../lib/attachment';
import { addRoute } from '../lib/route';
import * as files from '../services/conversation-files.service';
import * as service from '../services/conversations.service';
import * as savedChats from '../services/saved-chats.service';

export function conversationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listConversations, async ({ caller, query }) =>
    savedChats.listPage(deps.db, caller, query),
  );

  addRoute(app, listCharacterConversations, async ({ caller, params, query }) =>
    savedChats.listPage(deps.db, caller, query, params.id),
  );

  addRoute(app, getLatestConversation, async ({ caller, params }) => ({
    conversation: await service.latestWithCharacter(deps.db, caller, params.id),
  }));

  addRoute(app, getConversation, async ({ caller, params }) =>
    service.getConversation(deps, caller, params.id),
  );

  addRoute(app, listMessages, async ({ caller, params, query }) =>
    service.listMessages(deps.db, caller, params.id, query),
  );

  addRoute(app, updateConversationLabel, async ({ caller, params, body }) =>
    savedChats.updateLabel(deps.db, caller, params.id, body.label),
  );

  addRoute(app, deleteConversation, async ({ caller, params }) => {
    await savedChats.remove(deps, caller, params.id);
    return {};
  });

  addRoute(app, cloneConversation, async ({ caller, params, body }) =>
    savedChats.clone(deps.db, caller, params.id, body),
  );

  addRoute(app, exportConversation, async ({ caller, params, reply }) => {
    const file = await files.exportConversation(deps.db, caller, params.id);
    void reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'private, no-store');
    return file.body;
  });

  addRoute(app, importConversation, async ({ caller, request }) => {
    const upload = await request.file({
      limits: { fileSize: conversationLimits.importBytes, files: 1 },
    });
    if (upload?.fieldname !== conversationFileField) {
      throw new AppError('validation_failed', {
        field: conversationFileField,
        message: 'Choose a conversation file (JSONL).',
      });
    }
    const bytes = await upload.toBuffer().catch((err: unknown) => {
      throw new AppError('payload_too_large', {
        field: conversationFileField,
        message: `The conversation file is larger than ${String(conversationLimits.importBytes / 1024 / 1024)} MB.`,
        cause: err,
      });
    });
    return files.importConversation(deps.db, caller, new Uint8Array(bytes));
  });
}
