/**
 * Partner sign-up (/external/signup; product-rules.md §5 "Partner sign-up: username min 4, name min
 * 4"): a member who came through a partner site picks a username and a name, then goes on to where
 * they were headed. The partner already holds their agreements, so there are no checkboxes here.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Actions, Card, Form } from '../../../components/form-controls';
import { FormError } from '../../../components/form-error';
import { IdentityFields, identityErrors, type Identity } from '../../../components/identity-fields';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useMemberChanged } from '../../../lib/member';
import { useServices } from '../../../lib/services';
import { useUsernameCheck } from '../../../lib/use-username-check';
import { submitPartnerSignup } from '../api';

type Errors = Partial<Identity> & { form?: string };

export function PartnerSignup({
  initialName,
  onDone,
}: {
  initialName: string;
  onDone: () => void;
}) {
  const id = useId();
  const { api } = useServices();
  const memberChanged = useMemberChanged();
  const [values, setValues] = useState<Identity>({ username: '', name: initialName });
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setIsBusy] = useState(false);
  const check = useUsernameCheck(values.username);

  const onSubmit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isBusy) return;
    const found = identityErrors(values, check, true);
    setErrors(found);
    if (Object.values(found).some((v) => typeof v === 'string')) return;
    setIsBusy(true);
    try {
      memberChanged(await submitPartnerSignup(api, values));
      onDone();
    } catch (err) {
      const error = toApiError(err);
      if (error.field === 'username' || error.field === 'name') {
        setErrors({ [error.field]: errorText(error) });
      } else {
        setErrors({ form: errorText(error) });
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Create your account</h1>
      <Form onSubmit={(e) => void onSubmit(e)} noValidate>
        <IdentityFields
          values={values}
          nameLabel="Name"
          errors={errors}
          check={check}
          onChange={(changes) => {
            setValues((v) => ({ ...v, ...changes }));
          }}
        />
        <FormError error={errors.form} />
        <Actions>
          <Button type="submit" $variant="primary" disabled={isBusy}>
            Continue
          </Button>
        </Actions>
      </Form>
    </Card>
  );
}
