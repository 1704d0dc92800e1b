/** The one jotai store (docs/style.md, "Client state and styling"); tests create a fresh one each. */
import { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

export function createAppStore(): AppStore {
  return createStore();
}
