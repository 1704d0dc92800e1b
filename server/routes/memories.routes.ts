/** The Memory Manager's memories of a conversation (shared/api/memories.ts). */
import type { FastifyInstance } from 'fastify';
import {
  createMemory,
  deleteAllMemories,
  deleteMemory,
  listMemories,
  updateMemory,
} from '#shared/api/memories';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as memories from '../services/memories.service';

export function memoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  addRoute(app, listMemories, async ({ caller, params, query }) =>
    memories.listPage(db, caller, params.id, query),
  );

  addRoute(app, createMemory, async ({ caller, params, body }) =>
    memories.create(db, caller, params.id, body),
  );

  addRoute(app, updateMemory, async ({ caller, params, body }) =>
    memories.update(db, caller, params.id, body),
  );

  addRoute(app, deleteMemory, async ({ caller, params }) => {
    await memories.remove(db, caller, params.id);
    return { id: params.id };
  });

  addRoute(app, deleteAllMemories, async ({ caller, params }) => ({
    deleted: await memories.removeAll(db, caller, params.id),
  }));
}
