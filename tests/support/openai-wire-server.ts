/** The OpenAI-wire server lives in server/lib/dev/, where tests and scripts/bench both import it. */
export * from '#server/lib/dev/openai-wire-server';
