/**
 * Partner sites sign their own members in and hand us a token they issued; we verify it with that
 * partner's key (per application id) and map its external id to a member of ours.
 */
import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { displayNameFrom } from '#shared/rules/display-name';
import type { Db } from '../../db/database';
import type { UserRecord } from '../../db/mappers';
import * as oauthAccounts from '../../db/repositories/oauth-accounts.repo';
import * as users from '../../db/repositories/users.repo';
import { AppError } from '../../lib/errors';
import { unstorableTextPath } from '#shared/rules/storable-text';
import type { PartnerKey } from '../../lib/applications';

/** An external id as we store it: at most 255 characters, none PostgreSQL refuses. */
const ExternalIdSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((id) => unstorableTextPath(id) === undefined);

const PartnerClaimsSchema = z
  .object({
    external_id: ExternalIdSchema.optional(),
    id: ExternalIdSchema.optional(),
    name: z.string().optional(),
  })
  .refine((c) => c.external_id !== undefined || c.id !== undefined, { message: 'no external id' });

export async function verifyPartnerToken(
  key: PartnerKey,
  token: string,
): Promise<{ externalId: string; name: string | null }> {
  // Partner tokens must expire too: one without `exp` would sign its member in forever.
  const options = { issuer: key.issuer, requiredClaims: ['exp'] };
  try {
    const verified =
      key.secret !== undefined
        ? await jwtVerify(token, new TextEncoder().encode(key.secret), {
            ...options,
            algorithms: ['HS256'],
          })
        : await jwtVerify(token, createPublicKey(key.publicKeyPem ?? ''), {
            ...options,
            algorithms: ['RS256', 'ES256'],
          });
    const claims = PartnerClaimsSchema.parse(verified.payload);
    return {
      externalId: claims.external_id ?? claims.id ?? '',
      name: displayNameFrom(claims.name),
    };
  } catch (err) {
    throw new AppError('sign_in_required', { cause: err });
  }
}

/** The member behind a partner's external id, created on first sight. */
export async function partnerMember(
  db: Db,
  applicationId: string,
  partner: { externalId: string; name: string | null },
): Promise<UserRecord> {
  const provider = `partner:${applicationId}`;
  const existing = await oauthAccounts.findUserId(db, provider, partner.externalId);
  const user = existing === undefined ? undefined : await users.findById(db, existing);
  if (user) return user;
  const created = await users.insertMember(db, partner.name);
  await oauthAccounts.link(db, {
    provider,
    subject: partner.externalId,
    userId: created.id,
    email: null,
  });
  return created;
}
