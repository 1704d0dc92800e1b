/**
 * Creates or edits a banner (issue 25 item 2): every field of the spec's Banner, checked with the
 * shared schema before it is sent (the server checks it again), errors under their fields. Dates are
 * entered in the admin's local time and sent as ISO instants.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import {
  BannerFieldsSchema,
  BannerInputSchema,
  bannerPlacements,
  bannerPlatforms,
  bannerScreens,
  type Banner,
  type BannerAction,
  type BannerAlign,
  type BannerInput,
  type BannerTextStyle,
} from '#shared/schemas/banner';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText, formErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { loadBanner, saveBanner } from '../banners-api';
import {
  ErrorText,
  Field,
  Input,
  Label,
  Section,
  SectionTitle,
  Select,
  TextArea,
} from './admin-styles';
import {
  alignLabels,
  placementLabels,
  platformLabels,
  screenLabels,
  sizeLabels,
  weightLabels,
} from './banner-labels';

/** The form's values: the input with its window as local date-times ('' for open). */
type Draft = Omit<BannerInput, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };
type Errors = Record<string, string>;

const textStyle = (color: string): BannerTextStyle => ({ color, size: 'md', weight: 'regular' });

const emptyDraft: Draft = {
  name: '',
  placement: 'top',
  screens: ['home'],
  platforms: ['web'],
  title: '',
  titleStyle: { ...textStyle('#ffffff'), size: 'lg', weight: 'bold' },
  description: '',
  descriptionStyle: textStyle('#ffffff'),
  backgroundColor: '#5b3fd6',
  backgroundImageUrl: null,
  additionalImageUrl: null,
  contentPlacement: 'center',
  actions: [],
  closable: true,
  transitionTime: 300,
  startsAt: '',
  endsAt: '',
};

const newAction: BannerAction = {
  label: 'Learn more',
  font: { size: 'md', weight: 'bold' },
  textColor: '#5b3fd6',
  backgroundColor: '#ffffff',
  shape: 'pill',
  placement: 'center',
  navigation: { type: 'internal', path: '/subscribe' },
};

/** An ISO instant as a datetime-local value in this browser's zone. */
function toLocal(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function toIso(local: string): string | null {
  if (local === '') return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

function draftOf(banner: Banner): Draft {
  const fields = BannerFieldsSchema.parse(banner);
  return { ...fields, startsAt: toLocal(banner.startsAt), endsAt: toLocal(banner.endsAt) };
}

/** /admin/banners/new and /admin/banners/:id. */
export function BannerEditor({ id }: { id: string | null }) {
  const { api } = useServices();
  const banner = useQuery(`admin-banner:${id ?? 'new'}`, (signal) =>
    id === null ? Promise.resolve(null) : loadBanner(api, id, signal),
  );
  if (banner.status === 'loading') return <Spinner label="Loading banner" />;
  if (banner.status === 'error') {
    return <ErrorState message={errorText(banner.error)} onRetry={banner.retry} />;
  }
  return <BannerForm id={id} initial={banner.data === null ? emptyDraft : draftOf(banner.data)} />;
}

function BannerForm({ id, initial }: { id: string | null; initial: Draft }) {
  const { api } = useServices();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setIsSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused save moves focus to the first field it names, so keyboard and screen reader users land there.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const set = (changes: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...changes }));
  };
  const setAction = (i: number, changes: Partial<BannerAction>) => {
    set({ actions: draft.actions.map((a, j) => (i === j ? { ...a, ...changes } : a)) });
  };

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const parsed = BannerInputSchema.safeParse({
      ...draft,
      startsAt: toIso(draft.startsAt),
      endsAt: toIso(draft.endsAt),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        found[path] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setIsSaving(true);
    saveBanner(api, id, parsed.data).then(
      () => {
        toast(id === null ? 'Banner created.' : 'Banner saved.');
        navigate(paths.adminBanners.build());
      },
      (err: unknown) => {
        setIsSaving(false);
        const error = toApiError(err);
        setErrors({ [error.field ?? 'form']: formErrorText(error) });
      },
    );
  };

  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={id === null ? 'New banner' : 'Edit banner'}
    >
      <Section>
        <SectionTitle>Where and when</SectionTitle>
        <Text label="Name (admins only)" path="name" errors={errors}>
          {(props) => (
            <Input
              {...props}
              value={draft.name}
              maxLength={100}
              onChange={(e) => {
                set({ name: e.target.value });
              }}
            />
          )}
        </Text>
        <Text label="Placement" path="placement" errors={errors}>
          {(props) => (
            <Select
              {...props}
              value={draft.placement}
              onChange={(e) => {
                const placement = bannerPlacements.find((p) => p === e.target.value);
                if (placement !== undefined) set({ placement });
              }}
            >
              {bannerPlacements.map((p) => (
                <option key={p} value={p}>
                  {placementLabels[p]}
                </option>
              ))}
            </Select>
          )}
        </Text>
        {draft.placement === 'inline' && (
          <p>An inline banner shows inside the content of the screens that place one (Home).</p>
        )}
        <Choices
          legend="Screens"
          path="screens"
          errors={errors}
          options={bannerScreens}
          labels={screenLabels}
          chosen={draft.screens}
          onChange={(screens) => {
            set({ screens });
          }}
        />
        <Choices
          legend="Platforms"
          path="platforms"
          errors={errors}
          options={bannerPlatforms}
          labels={platformLabels}
          chosen={draft.platforms}
          onChange={(platforms) => {
            set({ platforms });
          }}
        />
        <Pair>
          <Text label="Starts (optional)" path="startsAt" errors={errors}>
            {(props) => (
              <Input
                {...props}
                type="datetime-local"
                value={draft.startsAt}
                onChange={(e) => {
                  set({ startsAt: e.target.value });
                }}
              />
            )}
          </Text>
          <Text label="Ends (optional)" path="endsAt" errors={errors}>
            {(props) => (
              <Input
                {...props}
                type="datetime-local"
                value={draft.endsAt}
                onChange={(e) => {
                  set({ endsAt: e.target.value });
                }}
              />
            )}
          </Text>
        </Pair>
        <CheckboxField
          label="Members may close it"
          checked={draft.closable}
          error={errors.closable}
          onChange={(closable) => {
            set({ closable });
          }}
        />
        <Text label="Fade-in time (milliseconds)" path="transitionTime" errors={errors}>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={10000}
              step={50}
              value={draft.transitionTime}
              onChange={(e) => {
                set({ transitionTime: e.target.valueAsNumber });
              }}
            />
          )}
        </Text>
      </Section>

      <Section>
        <SectionTitle>Content</SectionTitle>
        <Text label="Title" path="title" errors={errors}>
          {(props) => (
            <Input
              {...props}
              value={draft.title}
              maxLength={120}
              onChange={(e) => {
                set({ title: e.target.value });
              }}
            />
          )}
        </Text>
        <StyleFields
          name="Title"
          path="titleStyle"
          errors={errors}
          value={draft.titleStyle}
          onChange={(titleStyle) => {
            set({ titleStyle });
          }}
        />
        <Text label="Description" path="description" errors={errors}>
          {(props) => (
            <TextArea
              {...props}
              rows={3}
              value={draft.description}
              maxLength={500}
              onChange={(e) => {
                set({ description: e.target.value });
              }}
            />
          )}
        </Text>
        <StyleFields
          name="Description"
          path="descriptionStyle"
          errors={errors}
          value={draft.descriptionStyle}
          onChange={(descriptionStyle) => {
            set({ descriptionStyle });
          }}
        />
        <Pair>
          <Text label="Background colour" path="backgroundColor" errors={errors}>
            {(props) => (
              <Input
                {...props}
                type="color"
                value={draft.backgroundColor}
                onChange={(e) => {
                  set({ backgroundColor: e.target.value });
                }}
              />
            )}
          </Text>
          <Text label="Content placement" path="contentPlacement" errors={errors}>
            {(props) => (
              <AlignSelect
                {...props}
                value={draft.contentPlacement}
                onChange={(contentPlacement) => {
                  set({ contentPlacement });
                }}
              />
            )}
          </Text>
        </Pair>
        <UrlField
          label="Background image URL (optional)"
          path="backgroundImageUrl"
          errors={errors}
          value={draft.backgroundImageUrl}
          onChange={(backgroundImageUrl) => {
            set({ backgroundImageUrl });
          }}
        />
        <UrlField
          label="Additional image URL (optional)"
          path="additionalImageUrl"
          errors={errors}
          value={draft.additionalImageUrl}
          onChange={(additionalImageUrl) => {
            set({ additionalImageUrl });
          }}
        />
      </Section>

      <Section>
        <SectionTitle>Actions</SectionTitle>
        {draft.actions.length === 0 && <p>No actions: the banner has no button.</p>}
        {draft.actions.map((action, i) => (
          <ActionBox key={i} aria-label={`Action ${String(i + 1)}`}>
            <legend>Action {i + 1}</legend>
            <Text label="Label" path={`actions.${String(i)}.label`} errors={errors}>
              {(props) => (
                <Input
                  {...props}
                  value={action.label}
                  maxLength={40}
                  onChange={(e) => {
                    setAction(i, { label: e.target.value });
                  }}
                />
              )}
            </Text>
            <Pair>
              <Text label="Goes to" path={`actions.${String(i)}.navigation.type`} errors={errors}>
                {(props) => (
                  <Select
                    {...props}
                    value={action.navigation.type}
                    onChange={(e) => {
                      setAction(i, {
                        navigation:
                          e.target.value === 'external'
                            ? { type: 'external', url: 'https://' }
                            : { type: 'internal', path: '/' },
                      });
                    }}
                  >
                    <option value="internal">A page of this site</option>
                    <option value="external">Another site (new tab)</option>
                  </Select>
                )}
              </Text>
              <Text
                label={action.navigation.type === 'internal' ? 'Path' : 'URL'}
                path={`actions.${String(i)}.navigation.${action.navigation.type === 'internal' ? 'path' : 'url'}`}
                errors={errors}
              >
                {(props) => (
                  <Input
                    {...props}
                    value={
                      action.navigation.type === 'internal'
                        ? action.navigation.path
                        : action.navigation.url
                    }
                    onChange={(e) => {
                      setAction(i, {
                        navigation:
                          action.navigation.type === 'internal'
                            ? { type: 'internal', path: e.target.value }
                            : { type: 'external', url: e.target.value },
                      });
                    }}
                  />
                )}
              </Text>
            </Pair>
            <Pair>
              <Text label="Text colour" path={`actions.${String(i)}.textColor`} errors={errors}>
                {(props) => (
                  <Input
                    {...props}
                    type="color"
                    value={action.textColor}
                    onChange={(e) => {
                      setAction(i, { textColor: e.target.value });
                    }}
                  />
                )}
              </Text>
              <Text
                label="Button colour"
                path={`actions.${String(i)}.backgroundColor`}
                errors={errors}
              >
                {(props) => (
                  <Input
                    {...props}
                    type="color"
                    value={action.backgroundColor}
                    onChange={(e) => {
                      setAction(i, { backgroundColor: e.target.value });
                    }}
                  />
                )}
              </Text>
            </Pair>
            <Pair>
              <Text label="Shape" path={`actions.${String(i)}.shape`} errors={errors}>
                {(props) => (
                  <Select
                    {...props}
                    value={action.shape}
                    onChange={(e) => {
                      setAction(i, { shape: e.target.value === 'square' ? 'square' : 'pill' });
                    }}
                  >
                    <option value="pill">Pill</option>
                    <option value="square">Square</option>
                  </Select>
                )}
              </Text>
              <Text label="Placement" path={`actions.${String(i)}.placement`} errors={errors}>
                {(props) => (
                  <AlignSelect
                    {...props}
                    value={action.placement}
                    onChange={(placement) => {
                      setAction(i, { placement });
                    }}
                  />
                )}
              </Text>
            </Pair>
            <Pair>
              <Text label="Font size" path={`actions.${String(i)}.font.size`} errors={errors}>
                {(props) => (
                  <SizeSelect
                    {...props}
                    value={action.font.size}
                    onChange={(size) => {
                      setAction(i, { font: { ...action.font, size } });
                    }}
                  />
                )}
              </Text>
              <Text label="Font weight" path={`actions.${String(i)}.font.weight`} errors={errors}>
                {(props) => (
                  <WeightSelect
                    {...props}
                    value={action.font.weight}
                    onChange={(weight) => {
                      setAction(i, { font: { ...action.font, weight } });
                    }}
                  />
                )}
              </Text>
            </Pair>
            <div>
              <Button
                type="button"
                $size="sm"
                $variant="ghost"
                onClick={() => {
                  set({ actions: draft.actions.filter((_, j) => j !== i) });
                }}
              >
                Remove action {i + 1}
              </Button>
            </div>
          </ActionBox>
        ))}
        {draft.actions.length < 3 && (
          <div>
            <Button
              type="button"
              $size="sm"
              onClick={() => {
                set({ actions: [...draft.actions, newAction] });
              }}
            >
              Add action
            </Button>
          </div>
        )}
      </Section>

      {errors.form !== undefined && <ErrorText role="alert">{errors.form}</ErrorText>}
      {Object.keys(errors).length > 0 && errors.form === undefined && (
        <ErrorText role="alert">Some fields need a look: see the messages above.</ErrorText>
      )}
      <Bar>
        <Button type="submit" $variant="primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : id === null ? 'Create banner' : 'Save banner'}
        </Button>
        <Button
          type="button"
          $variant="ghost"
          onClick={() => {
            navigate(paths.adminBanners.build());
          }}
        >
          Cancel
        </Button>
      </Bar>
    </Form>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A labelled control with its error under it. */
function Text({
  label,
  path,
  errors,
  children,
}: {
  label: string;
  path: string;
  errors: Errors;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const error = errors[path];
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        ...(error === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': `${id}-error` }),
      })}
      {error !== undefined && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </Field>
  );
}

function Choices<T extends string>({
  legend,
  path,
  errors,
  options,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  path: string;
  errors: Errors;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <ChoiceGrid>
        {options.map((option) => (
          <CheckboxField
            key={option}
            label={labels[option]}
            checked={chosen.includes(option)}
            onChange={(on) => {
              onChange(options.filter((o) => (o === option ? on : chosen.includes(o))));
            }}
          />
        ))}
      </ChoiceGrid>
      {errors[path] !== undefined && <ErrorText role="alert">{errors[path]}</ErrorText>}
    </Fieldset>
  );
}

function StyleFields({
  name,
  path,
  errors,
  value,
  onChange,
}: {
  name: string;
  path: string;
  errors: Errors;
  value: BannerTextStyle;
  onChange: (value: BannerTextStyle) => void;
}) {
  return (
    <Triple>
      <Text label={`${name} colour`} path={`${path}.color`} errors={errors}>
        {(props) => (
          <Input
            {...props}
            type="color"
            value={value.color}
            onChange={(e) => {
              onChange({ ...value, color: e.target.value });
            }}
          />
        )}
      </Text>
      <Text label={`${name} size`} path={`${path}.size`} errors={errors}>
        {(props) => (
          <SizeSelect
            {...props}
            value={value.size}
            onChange={(size) => {
              onChange({ ...value, size });
            }}
          />
        )}
      </Text>
      <Text label={`${name} weight`} path={`${path}.weight`} errors={errors}>
        {(props) => (
          <WeightSelect
            {...props}
            value={value.weight}
            onChange={(weight) => {
              onChange({ ...value, weight });
            }}
          />
        )}
      </Text>
    </Triple>
  );
}

function UrlField({
  label,
  path,
  errors,
  value,
  onChange,
}: {
  label: string;
  path: string;
  errors: Errors;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Text label={label} path={path} errors={errors}>
      {(props) => (
        <Input
          {...props}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value ?? ''}
          onChange={(e) => {
            onChange(e.target.value.trim() === '' ? null : e.target.value.trim());
          }}
        />
      )}
    </Text>
  );
}

function AlignSelect({
  value,
  onChange,
  ...props
}: ControlProps & { value: BannerAlign; onChange: (value: BannerAlign) => void }) {
  return (
    <Select
      {...props}
      value={value}
      onChange={(e) => {
        const align = (['start', 'center', 'end'] as const).find((a) => a === e.target.value);
        if (align !== undefined) onChange(align);
      }}
    >
      {(['start', 'center', 'end'] as const).map((a) => (
        <option key={a} value={a}>
          {alignLabels[a]}
        </option>
      ))}
    </Select>
  );
}

function SizeSelect({
  value,
  onChange,
  ...props
}: ControlProps & {
  value: BannerTextStyle['size'];
  onChange: (value: BannerTextStyle['size']) => void;
}) {
  const sizes = ['sm', 'md', 'lg', 'xl'] as const;
  return (
    <Select
      {...props}
      value={value}
      onChange={(e) => {
        const size = sizes.find((s) => s === e.target.value);
        if (size !== undefined) onChange(size);
      }}
    >
      {sizes.map((s) => (
        <option key={s} value={s}>
          {sizeLabels[s]}
        </option>
      ))}
    </Select>
  );
}

function WeightSelect({
  value,
  onChange,
  ...props
}: ControlProps & {
  value: BannerTextStyle['weight'];
  onChange: (value: BannerTextStyle['weight']) => void;
}) {
  return (
    <Select
      {...props}
      value={value}
      onChange={(e) => {
        onChange(e.target.value === 'bold' ? 'bold' : 'regular');
      }}
    >
      <option value="regular">{weightLabels.regular}</option>
      <option value="bold">{weightLabels.bold}</option>
    </Select>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Triple = styled(Pair)`
  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: 1fr 1fr 1fr;
  }
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: none;

  legend {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const ChoiceGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const ActionBox = styled(Fieldset)`
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
