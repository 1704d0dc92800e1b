/**
 * Removing one of a list's items after the member confirms (a group chat, a lorebook): which item the
 * dialog asks about, the call while it runs, the list's toast when it is done (or the error's text, or
 * the Restricted! dialog a member without the permission gets), then the dialog closes either way.
 */
import { useState } from 'react';
import { toApiError } from './api-client';
import { errorText, isRestrictedError } from './errors';
import { useToast } from './toast';

export interface Removal<T> {
  /** The item the dialog asks about, or null while it is closed. */
  target: T | null;
  isBusy: boolean;
  ask: (item: T) => void;
  cancel: () => void;
  confirm: () => void;
}

export function useRemoval<T>({
  remove,
  removedText,
  onRemoved,
  onRestricted,
}: {
  remove: (item: T) => Promise<unknown>;
  /** The toast once removed ('Lorebook removed'). */
  removedText: string;
  /** Called once removed, to load the list again. */
  onRemoved: () => void;
  /** Called instead of the error toast when the member may not remove it (delete_character). */
  onRestricted?: () => void;
}): Removal<T> {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (item: T) => {
    setIsBusy(true);
    try {
      await remove(item);
      toast(removedText);
      onRemoved();
    } catch (err) {
      const error = toApiError(err);
      if (onRestricted !== undefined && isRestrictedError(error)) onRestricted();
      else toast(errorText(error), 'error');
    } finally {
      setIsBusy(false);
      setTarget(null);
    }
  };

  return {
    target,
    isBusy,
    ask: setTarget,
    cancel: () => {
      setTarget(null);
    },
    confirm: () => {
      if (target !== null && !isBusy) void run(target);
    },
  };
}
