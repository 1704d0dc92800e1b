/** Images in the conversation (issue 26 item 2): image settings, a message's image, its file and rating. */
import type { FastifyInstance } from 'fastify';
import {
  generateImage,
  getImage,
  getImageSettings,
  imageFile,
  listImages,
  rateImage,
  setImageSettings,
} from '#shared/api/images';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as images from '../services/images.service';

export function imageRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getImageSettings, ({ caller, params }) =>
    images.imageSettings(deps.images, caller, params.id),
  );
  addRoute(app, setImageSettings, ({ caller, params, body }) =>
    images.setImageSettings(deps.images, caller, params.id, body),
  );
  addRoute(app, listImages, ({ caller, params }) =>
    images.listImages(deps.images, caller, params.id),
  );
  addRoute(app, generateImage, ({ caller, params, body }) =>
    images.generateImage(deps.images, caller, params, body),
  );
  addRoute(app, getImage, ({ caller, params }) => images.messageImage(deps.images, caller, params));
  // Members' own pictures: no cache but the browser's own for this response.
  addRoute(app, imageFile, async ({ caller, params, reply }) => {
    const bytes = await images.imageFile(deps.images, caller, params);
    void reply.header('content-type', 'image/png').header('cache-control', 'private, no-store');
    return bytes;
  });
  addRoute(app, rateImage, ({ caller, params, body }) =>
    images.rateImage(deps.images, caller, params, body),
  );
}
