/**
 * A conversation's images (issue 26 item 2): loads them and the image settings for a member with
 * conversation images, follows `image:updated` over the socket, generates, rates and saves settings.
 * A refusal for want of the plan opens the upgrade modal; any other failure is shown.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  generateImage,
  getImageSettings,
  imageFile,
  listImages,
  rateImage,
  setImageSettings,
  type ImageSettingsView,
} from '#shared/api/images';
import type { AppErrorBody } from '#shared/errors';
import type { ImageRating, ImageSettings } from '#shared/rules/images';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { subscribeServerEvents } from '../../../lib/socket';
import { applyImage, applyImages, type ImagesState } from '../images';

export function useImages(conversationId: string | null, mayHaveImages: boolean) {
  const { api, socket } = useServices();
  const [held, setHeld] = useState<{ conversationId: string | null; images: ImagesState }>({
    conversationId,
    images: {},
  });
  const images = held.conversationId === conversationId ? held.images : {};
  const [settings, setSettings] = useState<ImageSettingsView | null>(null);
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const [error, setError] = useState<AppErrorBody | null>(null);

  const apply = useCallback((id: string, change: (s: ImagesState) => ImagesState) => {
    setHeld((h) =>
      h.conversationId === id
        ? { conversationId: id, images: change(h.images) }
        : { conversationId: id, images: change({}) },
    );
  }, []);

  const fail = useCallback((err: unknown): AppErrorBody => {
    const apiError = toApiError(err);
    const body = { code: apiError.code, message: apiError.message };
    if (apiError.code === 'images_upgrade_required') setIsUpgradeOpen(true);
    return body;
  }, []);

  /** The image's PNG, for an object URL (stable, so a shown image is not loaded again). */
  const loadFile = useCallback(
    async (messageId: string, signal: AbortSignal): Promise<Blob> => {
      if (conversationId === null) throw new Error('no conversation');
      const file = await api.download(imageFile, {
        params: { id: conversationId, messageId },
        signal,
      });
      return file.blob;
    },
    [api, conversationId],
  );

  useEffect(() => {
    if (conversationId === null || !mayHaveImages) return;
    const abort = new AbortController();
    api.request(listImages, { params: { id: conversationId }, signal: abort.signal }).then(
      (list) => {
        apply(conversationId, (s) => applyImages(s, list.images));
      },
      () => undefined,
    );
    api
      .request(getImageSettings, { params: { id: conversationId }, signal: abort.signal })
      .then(setSettings, () => undefined);
    const unsubscribe = subscribeServerEvents(socket, {
      'image:updated': (payload) => {
        if (payload.conversationId === conversationId) {
          apply(conversationId, (s) => applyImage(s, payload.image));
        }
      },
    });
    return () => {
      abort.abort();
      unsubscribe();
    };
  }, [api, socket, conversationId, mayHaveImages, apply]);

  return {
    images,
    settings,
    /** Saves the settings if they changed, then generates; answers the failure, or null. */
    generate: async (
      messageId: string,
      prompt: string,
      next: ImageSettings | null,
    ): Promise<AppErrorBody | null> => {
      if (conversationId === null) return null;
      try {
        if (next !== null) {
          setSettings(
            await api.request(setImageSettings, { params: { id: conversationId }, body: next }),
          );
        }
        const image = await api.request(generateImage, {
          params: { id: conversationId, messageId },
          body: { prompt },
        });
        apply(conversationId, (s) => applyImage(s, image));
        return null;
      } catch (err) {
        return fail(err);
      }
    },
    /** Generates again with the last prompt (a failed image's Try again). */
    retry: (messageId: string) => {
      if (conversationId === null) return;
      api.request(generateImage, { params: { id: conversationId, messageId }, body: {} }).then(
        (image) => {
          apply(conversationId, (s) => applyImage(s, image));
        },
        (err: unknown) => {
          setError(fail(err));
        },
      );
    },
    rate: async (messageId: string, rating: ImageRating): Promise<AppErrorBody | null> => {
      if (conversationId === null) return null;
      try {
        const image = await api.request(rateImage, {
          params: { id: conversationId, messageId },
          body: rating,
        });
        apply(conversationId, (s) => applyImage(s, image));
        return null;
      } catch (err) {
        return fail(err);
      }
    },
    loadFile,
    /** Loads the settings for the Generate dialog (the upgrade modal when refused). */
    loadSettings: () => {
      if (conversationId === null) return;
      api
        .request(getImageSettings, { params: { id: conversationId } })
        .then(setSettings, (err: unknown) => {
          const body = fail(err);
          if (body.code !== 'images_upgrade_required') setError(body);
        });
    },
    isUpgradeOpen,
    openUpgrade: () => {
      setIsUpgradeOpen(true);
    },
    closeUpgrade: () => {
      setIsUpgradeOpen(false);
    },
    error,
    clearError: () => {
      setError(null);
    },
  };
}
