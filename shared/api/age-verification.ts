import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * inform: not required where the member is (a reminder only); verify: required and not done;
 * reverify: done too long ago; verified; disabled: the product does not verify ages here.
 */
export const AgeVerificationStatusSchema = z.enum([
  'inform',
  'verify',
  'reverify',
  'verified',
  'disabled',
]);
export type AgeVerificationStatus = z.infer<typeof AgeVerificationStatusSchema>;

export const AgeVerificationMethodSchema = z.object({ id: z.string(), name: z.string() });

export const getAgeVerification = endpoint({
  method: 'GET',
  path: '/api/age-verification',
  auth: 'caller',
  summary: "The caller's age verification status, deadline and methods",
  response: z.object({
    status: AgeVerificationStatusSchema,
    /** The date from which verification is required, shown in the required dialog. */
    deadline: z.iso.date(),
    methods: z.array(AgeVerificationMethodSchema),
  }),
});

/** Starts a verification with a method; the browser then goes to the provider's URL. */
export const startAgeVerification = endpoint({
  method: 'POST',
  path: '/api/age-verification/sessions',
  auth: 'member',
  summary: 'Start verifying with a method; answers the provider URL to open',
  body: z.object({ method: z.string().min(1) }),
  response: z.object({ url: z.string() }),
});

/** The callback page finalizes the session the provider returned with. */
export const finalizeAgeVerification = endpoint({
  method: 'POST',
  path: '/api/age-verification/sessions/:id/finalize',
  auth: 'member',
  summary: 'Finish a verification after the provider sent the browser back',
  params: z.object({ id: z.string().min(1) }),
  response: z.object({ status: AgeVerificationStatusSchema, verified: z.boolean() }),
});
