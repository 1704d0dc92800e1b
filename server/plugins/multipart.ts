/**
 * Multipart uploads (@fastify/multipart), and refused ones that never stall their connection (issue 28,
 * "Must hold"): a handler that refuses an upload before reading it to its end (the wrong field, a
 * file too large or of the wrong type, a refusal before the file was read) leaves the parser holding
 * the rest of the body, and the next request on that keep-alive connection would wait behind it for
 * ever. Such an answer closes the connection once sent, whatever refused it; the client's next request
 * goes over a fresh one.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

export async function registerMultipart(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart);
  fastify.addHook('onSend', async (request, reply) => {
    if (request.isMultipart() && !request.raw.complete) void reply.header('connection', 'close');
  });
}
