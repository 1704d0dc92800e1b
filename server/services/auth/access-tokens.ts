/** Short-lived access tokens (HS256 JWTs via jose) naming the member and the session family. */
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { RoleSchema, type Role } from '#shared/schemas/user';
import { AppError } from '../../lib/errors';

const ClaimsSchema = z.object({ sub: z.uuid(), sid: z.uuid(), role: RoleSchema });
export type AccessClaims = z.infer<typeof ClaimsSchema>;

export async function signAccessToken(
  secret: string,
  claims: { userId: string; sessionFamily: string; role: Role },
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ sid: claims.sessionFamily, role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
  return { token, expiresAt };
}

/** Verifies a token; an expired, unexpiring or forged one means sign-in (or a refresh) is required. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  try {
    // A token without an expiry would never stop working: it is refused like a forged one.
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    return ClaimsSchema.parse(payload);
  } catch (err) {
    throw new AppError('sign_in_required', { cause: err });
  }
}
