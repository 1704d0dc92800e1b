/** Username rules and messages of the spec (product-rules.md, "Username"). */
import { z } from 'zod';

export const usernameMin = 3;
export const usernameMax = 20;

/** A username as typed: trimmed and lowercased, 3 to 20 letters, digits, _ and -. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .min(usernameMin, 'Username is too short')
  .max(usernameMax, `Username should be ${usernameMax} characters or less`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Username contain invalid characters')
  .transform((u) => u.toLowerCase());

/** Milliseconds the client waits after typing before it asks whether a username is free. */
export const usernameCheckDelayMs = 500;
