import { z } from 'zod';
import { DisplayNameSchema, PartnerDisplayNameSchema } from '../rules/display-name';
import { PartnerUsernameSchema, UsernameSchema } from '../rules/username';
import { EmailSchema, MeSchema } from '../schemas/user';
import { endpoint } from './endpoint';

export const checkUsername = endpoint({
  method: 'GET',
  path: '/api/users/username-available',
  auth: 'none',
  summary: 'Whether a username is free',
  query: z.object({ username: UsernameSchema }),
  response: z.object({ isAvailable: z.boolean() }),
});

/**
 * Welcome Aboard and Community Guidelines in one submission: the member's name and agreements. An email
 * typed on Welcome Aboard is not part of it: only the code-checked change (requestEmailChange, then
 * confirmEmailChange) ever sets a member's email, so nobody can claim an address they cannot read.
 */
export const completeOnboarding = endpoint({
  method: 'PUT',
  path: '/api/me/onboarding',
  auth: 'member',
  summary: 'Finish sign-up: username, display name, agreements',
  body: z.object({
    username: UsernameSchema,
    name: DisplayNameSchema,
    isAdult: z.literal(true, { error: 'You must confirm that you are 18 years or older.' }),
    acceptsTerms: z.literal(true, { error: 'You must agree with the terms and conditions.' }),
    acceptsGuidelines: z.literal(true, { error: 'You must agree with the Community Guidelines' }),
  }),
  response: MeSchema,
});

/**
 * Partner sign-up (/external/signup; product-rules.md §7 "POST users/external"): a member who came
 * through a partner site picks a username and a name, once. The partner signed them in and keeps
 * issuing their token, so the answer is the member alone: the token they hold goes on working.
 */
export const createExternalUser = endpoint({
  method: 'POST',
  path: '/api/users/external',
  auth: 'member',
  summary: "Finish a partner site member's sign-up: username and name",
  body: z.object({ username: PartnerUsernameSchema, name: PartnerDisplayNameSchema }),
  response: z.object({ user: MeSchema }),
});

export const InterestSchema = z.enum(['female', 'male', 'non_binary']);

/** The "I'm interested in..." choice. */
export const setInterests = endpoint({
  method: 'PUT',
  path: '/api/me/interests',
  auth: 'member',
  summary: 'Set the genders of characters the member is interested in',
  body: z.object({ interests: z.array(InterestSchema).max(3) }),
  response: z.object({ interests: z.array(InterestSchema) }),
});

/** Sends a 6-digit code to a new email (members whose provider shared none, or an Apple relay). */
export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/api/me/email',
  auth: 'member',
  summary: 'Send a code to confirm a new email',
  body: z.object({ email: EmailSchema }),
  response: z.object({ sent: z.literal(true) }),
});

/** Sets the new email once its code is confirmed. */
export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/api/me/email/verify',
  auth: 'member',
  summary: 'Confirm the new email with its code',
  body: z.object({
    email: EmailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  }),
  response: z.object({ email: z.string() }),
});
