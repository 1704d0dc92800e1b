/**
 * The username, with its live availability, and the display name: the fields sign-up's Welcome Aboard
 * and the profile share (product-core.md §4 "Onboarding", product-rules.md §4 "Profile"), checked by the
 * same shared rules before either form sends them.
 */
import { DisplayNameSchema, PartnerDisplayNameSchema } from '#shared/rules/display-name';
import { PartnerUsernameSchema, UsernameSchema } from '#shared/rules/username';
import { errorText } from '../lib/errors';
import { usernameCheckStatus, type UsernameCheck } from '../lib/use-username-check';
import { TextField } from './text-field';

export interface Identity {
  username: string;
  name: string;
}

/**
 * The first rule each field breaks, or a username someone holds; a field is absent when it is fine.
 * Partner sign-up (`isPartner`) asks 4 characters of each.
 */
export function identityErrors(
  values: Identity,
  check: UsernameCheck,
  isPartner = false,
): Partial<Identity> {
  const errors: Partial<Identity> = {};
  const username = (isPartner ? PartnerUsernameSchema : UsernameSchema).safeParse(values.username);
  if (!username.success) errors.username = username.error.issues[0]?.message;
  else if (check.state === 'taken') errors.username = errorText({ code: 'username_taken' });
  const name = (isPartner ? PartnerDisplayNameSchema : DisplayNameSchema).safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  return errors;
}

export function IdentityFields({
  values,
  nameLabel,
  errors,
  check,
  onChange,
}: {
  values: Identity;
  /** 'Display name' on sign-up, 'Name' on the profile. */
  nameLabel: string;
  errors: Partial<Identity>;
  check: UsernameCheck;
  onChange: (changes: Partial<Identity>) => void;
}) {
  return (
    <>
      <TextField
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={(e) => {
          onChange({ username: e.target.value });
        }}
        error={errors.username}
        status={usernameCheckStatus(check)}
      />
      <TextField
        label={nameLabel}
        autoComplete="nickname"
        value={values.name}
        onChange={(e) => {
          onChange({ name: e.target.value });
        }}
        error={errors.name}
      />
    </>
  );
}
