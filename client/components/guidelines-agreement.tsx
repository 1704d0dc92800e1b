/** The Community Guidelines agreement a create form asks for (chatbot, group chat, lorebook). */
import { paths } from '../lib/paths';
import { CheckboxField } from './checkbox-field';

export function GuidelinesAgreement({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  return (
    <CheckboxField
      label={
        <>
          I agree with the <a href={paths.legal.build('guidelines')}>Community Guidelines</a>
        </>
      }
      checked={checked}
      onChange={onChange}
      error={error}
    />
  );
}
