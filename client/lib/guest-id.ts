/**
 * Guest identity (product-core.md §4, "Guest identity"): every visitor gets a random UUID v4 kept in
 * this browser (lib/browser-storage.ts) and sent with every REST call and socket handshake, so a reload finds their chats.
 */
import { z } from 'zod';
import { readStored, writeStored } from './browser-storage';

const GuestIdSchema = z.uuid();

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, so plain http gets the long way. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The visitor's guest id, created and stored on first use (kept in memory if storage is blocked). */
export function ensureGuestId(): string {
  const stored = readStored('guestId', GuestIdSchema);
  if (stored !== null) return stored;
  const id = randomUuid();
  // Storage can be disabled (private modes); the id then lasts for this page load only.
  writeStored('guestId', id);
  return id;
}
