/**
 * The profile settings page (product-rules.md §4, "Profile"): name, highlights, the OpenAI key (shown
 * only by its last characters once set), OpenAI mode, NSFW and blur, chat language. Save sends only
 * what changed; leaving with unsaved changes (a link or the browser's Back) asks Update or Discard. The
 * avatar is uploaded on its own, straight away. Sign Out and account removal sit below.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import type { Profile } from '#shared/api/profile';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/button';
import { Actions, Card, Field, Form, Label, Select } from '../../../components/form-controls';
import { FormError } from '../../../components/form-error';
import { IdentityFields, identityErrors } from '../../../components/identity-fields';
import { LanguageField } from '../../../components/language-field';
import { LeaveConfirm } from '../../../components/leave-confirm';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { CheckboxField } from '../../../components/checkbox-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { errorText, formErrorText } from '../../../lib/errors';
import { memberAvatarAtom, useMemberChanged } from '../../../lib/member';
import { useServices } from '../../../lib/services';
import { useMemberId } from '../../../lib/session';
import { useQuery } from '../../../lib/use-query';
import { useUsernameCheck } from '../../../lib/use-username-check';
import { loadProfile, saveProfile, uploadAvatar, type ProfileChanges } from '../api';
import { AvatarField } from '../../../components/avatar-field';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { RestrictedDialog } from './restricted-dialog';
import { ManageSubscriptionLink } from './manage-subscription-link';
import { RemoveAccount } from './remove-account';

const savedText = 'Profile saved successfully.';
const savedNoticeMs = 3000;

const modeLabels: Record<Profile['openaiMode'], string> = {
  disabled: 'Disabled',
  enabled: 'Enabled',
  hybrid: 'Hybrid',
};

interface Values {
  username: string;
  name: string;
  highlights: string;
  /** A new key typed in; '' keeps the stored one. */
  newKey: string;
  removeKey: boolean;
  openaiMode: Profile['openaiMode'];
  showNsfw: boolean;
  blurNsfw: boolean;
  chatLanguage: string;
}

function valuesOf(profile: Profile): Values {
  return {
    username: profile.username ?? '',
    name: profile.name ?? '',
    highlights: profile.highlights ?? '',
    newKey: '',
    removeKey: false,
    openaiMode: profile.openaiMode,
    showNsfw: profile.showNsfw,
    blurNsfw: profile.blurNsfw,
    chatLanguage: profile.chatLanguage,
  };
}

/** The PATCH body: only the fields that differ from the saved profile. */
function changesOf(saved: Values, values: Values): ProfileChanges {
  const changes: ProfileChanges = {};
  if (values.username.trim().toLowerCase() !== saved.username) changes.username = values.username;
  if (values.name.trim() !== saved.name) changes.name = values.name;
  if (values.highlights.trim() !== saved.highlights) changes.highlights = values.highlights;
  if (values.newKey.trim() !== '') changes.openaiApiKey = values.newKey;
  else if (values.removeKey) changes.openaiApiKey = null;
  if (values.openaiMode !== saved.openaiMode) changes.openaiMode = values.openaiMode;
  if (values.showNsfw !== saved.showNsfw) changes.showNsfw = values.showNsfw;
  if (values.blurNsfw !== saved.blurNsfw) changes.blurNsfw = values.blurNsfw;
  if (values.chatLanguage !== saved.chatLanguage) changes.chatLanguage = values.chatLanguage;
  return changes;
}

interface ProfileSettingsProps {
  /** Where the Restricted! dialog's Contact Us goes (app settings branding), if anywhere. */
  supportUrl?: string | null;
  /** The Sign Out button, composed by the page (sign-out is the auth feature's). */
  signOut: ReactNode;
  /** The email notifications card, shown above Account (the email-notifications feature's). */
  notifications?: ReactNode;
}

export function ProfileSettings({
  supportUrl = null,
  signOut,
  notifications,
}: ProfileSettingsProps) {
  const { api } = useServices();
  const profile = useQuery('profile', (signal) => loadProfile(api, signal));
  if (profile.status === 'loading') return <Spinner label="Loading profile" />;
  if (profile.status === 'error') {
    return <ErrorState message={errorText(profile.error)} onRetry={profile.retry} />;
  }
  return (
    <ProfileForm
      initial={profile.data}
      supportUrl={supportUrl}
      signOut={signOut}
      notifications={notifications}
    />
  );
}

type Errors = Partial<Record<'username' | 'name' | 'highlights' | 'openaiApiKey' | 'form', string>>;

function ProfileForm({
  initial,
  supportUrl,
  signOut,
  notifications,
}: {
  initial: Profile;
  supportUrl: string | null;
  signOut: ReactNode;
  notifications: ReactNode;
}) {
  const { api } = useServices();
  const id = useId();
  const memberId = useMemberId();
  const setMemberAvatar = useSetAtom(memberAvatarAtom);
  const [, navigate] = useLocation();
  const [profile, setProfile] = useState(initial);
  const saved = valuesOf(profile);
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isRestricted, setIsRestricted] = useState(false);
  const changes = changesOf(saved, values);
  const usernameCheck = useUsernameCheck(values.username, profile.username);
  const memberChanged = useMemberChanged();
  const isDirty = Object.keys(changes).length > 0;
  const leave = useLeaveGuard(isDirty, navigate);

  useEffect(() => {
    if (memberId !== null) setMemberAvatar({ memberId, url: profile.avatarUrl });
  }, [memberId, profile.avatarUrl, setMemberAvatar]);

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => {
      setNotice(null);
    }, savedNoticeMs);
    return () => {
      clearTimeout(timer);
    };
  }, [notice]);

  const update = (next: Partial<Values>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors({});
  };

  /** Saves; resolves true when saved (or nothing to save). */
  const save = async (): Promise<boolean> => {
    const found: Errors = {};
    const identity = identityErrors(values, usernameCheck);
    if (changes.username !== undefined && identity.username !== undefined) {
      found.username = identity.username;
    }
    if (changes.name !== undefined && identity.name !== undefined) found.name = identity.name;
    if (changes.highlights !== undefined && changes.highlights.trim() === '') {
      found.highlights = 'This field is required';
    } else if (changes.highlights !== undefined && changes.highlights.trim().length < 3) {
      found.highlights = 'At least 3 characters required';
    }
    if (typeof changes.openaiApiKey === 'string' && changes.openaiApiKey.trim().length > 200) {
      found.openaiApiKey = 'The key should be 200 characters or less';
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return false;
    }
    if (!isDirty) return true;
    setIsBusy(true);
    setErrors({});
    try {
      const next = await saveProfile(api, changes);
      setProfile(next);
      setValues(valuesOf(next));
      setNotice(savedText);
      if (next.username !== profile.username) memberChanged({ username: next.username });
      return true;
    } catch (err) {
      const error = toApiError(err);
      const field = error.field;
      const text = formErrorText(error);
      if (
        field === 'username' ||
        field === 'name' ||
        field === 'highlights' ||
        field === 'openaiApiKey'
      ) {
        setErrors({ [field]: text });
      } else setErrors({ form: text });
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!isBusy) void save();
  };

  const hasStoredKey = profile.hasOpenaiApiKey && !values.removeKey;

  return (
    <Stack>
      <Card aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Profile</h1>
        <Identity>
          {profile.username !== null && <Handle>@{profile.username}</Handle>}
          <EmailRow>
            <span>
              Email: <strong>{profile.email ?? 'none yet'}</strong>
            </span>
            <Link href={paths.updateEmail.build(paths.profile.build())}>
              {profile.email === null ? 'Add email' : 'Change email'}
            </Link>
          </EmailRow>
        </Identity>
        <AvatarSection>
          <AvatarField
            avatarUrl={profile.avatarUrl}
            name={profile.name ?? ''}
            alt="Your avatar"
            disabled={false}
            canRemove={false}
            upload={(file, options) => uploadAvatar(api, file, options)}
            onChange={(url) => {
              if (url !== null) setProfile((p) => ({ ...p, avatarUrl: url }));
            }}
            onRestricted={() => {
              setIsRestricted(true);
            }}
          />
        </AvatarSection>
        {isRestricted && (
          <RestrictedDialog
            supportUrl={supportUrl}
            onClose={() => {
              setIsRestricted(false);
            }}
          />
        )}
        <Form onSubmit={onSubmit} noValidate>
          <IdentityFields
            values={values}
            nameLabel="Name"
            errors={errors}
            check={usernameCheck}
            onChange={update}
          />
          <TextAreaField
            label="Highlights"
            maxLength={1000}
            value={values.highlights}
            onChange={(e) => {
              update({ highlights: e.target.value });
            }}
            error={errors.highlights}
          />
          <TextField
            label="OpenAI API key"
            note={
              hasStoredKey ? (
                <KeyRow>
                  <KeyHint>••••{profile.openaiApiKeyHint ?? ''}</KeyHint>
                  <Button
                    $size="sm"
                    aria-label="Remove OpenAI API key"
                    onClick={() => {
                      update({ removeKey: true, newKey: '' });
                    }}
                  >
                    Remove
                  </Button>
                </KeyRow>
              ) : values.removeKey ? (
                'The key will be removed when you save.'
              ) : undefined
            }
            type="password"
            autoComplete="off"
            maxLength={200}
            placeholder={hasStoredKey ? 'Enter a new key to replace it' : 'sk-…'}
            value={values.newKey}
            onChange={(e) => {
              update({ newKey: e.target.value });
            }}
            error={errors.openaiApiKey}
          />
          <Field>
            <Label htmlFor={`${id}-mode`}>OpenAI mode</Label>
            <Select
              id={`${id}-mode`}
              value={values.openaiMode}
              onChange={(e) => {
                const mode = Object.keys(modeLabels).find((m) => m === e.target.value);
                if (mode === 'disabled' || mode === 'enabled' || mode === 'hybrid') {
                  update({ openaiMode: mode });
                }
              }}
            >
              {Object.entries(modeLabels).map(([mode, label]) => (
                <option key={mode} value={mode}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <CheckboxField
            isSwitch
            label="Show NSFW content"
            checked={values.showNsfw}
            onChange={(showNsfw) => {
              update({ showNsfw });
            }}
          />
          <CheckboxField
            isSwitch
            label="Blur NSFW images"
            checked={values.blurNsfw}
            onChange={(blurNsfw) => {
              update({ blurNsfw });
            }}
          />
          <LanguageField
            label="Chat language"
            value={values.chatLanguage}
            onChange={(chatLanguage) => {
              update({ chatLanguage });
            }}
          />
          <FormError error={errors.form} />
          {notice !== null && <Notice role="status">{notice}</Notice>}
          <Actions>
            <Button type="submit" $variant="primary" disabled={isBusy || !isDirty}>
              Save
            </Button>
          </Actions>
        </Form>
      </Card>
      {notifications}
      <Card aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`}>Account</h2>
        <ManageSubscriptionLink />
        <Actions>
          {signOut}
          <RemoveAccount
            onRemoved={() => {
              navigate(paths.home.build());
            }}
          />
        </Actions>
      </Card>
      {leave.pending !== null && (
        <LeaveConfirm
          subject="profile"
          onStay={leave.stay}
          onLeave={() => {
            setValues(saved);
            leave.proceed();
          }}
          onUpdate={() => {
            void save().then((isSaved) => {
              if (isSaved) leave.proceed();
              else leave.stay();
            });
          }}
          isBusy={isBusy}
        />
      )}
    </Stack>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Identity = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Handle = styled.p`
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const EmailRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;

  strong {
    color: ${({ theme }) => theme.color.text};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }

  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;

const KeyRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const KeyHint = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-family: monospace;
`;

const Notice = styled.p`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const AvatarSection = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;
