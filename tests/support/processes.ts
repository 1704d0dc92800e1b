/** The child-process helpers live in server/lib/dev/, where tests and scripts/bench both import them. */
export { freePort, startProcess, type Child } from '#server/lib/dev/processes';
