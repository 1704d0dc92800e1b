/**
 * Continue (issue 28, item 3): how what the model writes when it goes on from a cut-off reply joins
 * that reply, the same in the stored message (the worker) and on screen while it streams (the client).
 */

/** The continuation as appended: after a space, unless it goes on with punctuation or a new line. */
export function continuationSuffix(text: string): string {
  if (text === '') return '';
  return /^[\s.,;:!?'")\]…]/.test(text) ? text : ` ${text}`;
}
