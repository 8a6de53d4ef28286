/** Images: uploads into the image store (multipart, one file), and people's pictures served by id. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../api/context';
import { pictureRoutes } from '../api/pictures';
import { uploadRoutes, type UploadOptions } from '../uploads';

export const imagesPlugin = fp<{ services: Services; uploads: UploadOptions }>(
  async (app: FastifyInstance, { services, uploads }) => {
    await app.register(multipart, { limits: { fileSize: uploads.maxUploadBytes, files: 1, fields: 5, parts: 6 } });
    uploadRoutes(app, services, uploads);
    pictureRoutes(app, services);
  },
  { name: 'chirp-images' },
);
