import { describe, expect, it } from 'vitest';
import { formErrorsOf } from '../../../../client/lib/errors';

const isNameOrTitle = (field: string | undefined): field is 'name' | 'title' =>
  field === 'name' || field === 'title';

describe('formErrorsOf', () => {
  it('puts a refusal under the field it names when the form has that field', () => {
    expect(
      formErrorsOf(
        { code: 'validation_failed', message: 'Name should not contain links', field: 'name' },
        isNameOrTitle,
      ),
    ).toEqual({ name: 'Name should not contain links' });
  });

  it("keeps a refusal of a field the form lacks, or of none, as the form's own", () => {
    expect(
      formErrorsOf(
        { code: 'validation_failed', message: 'Bad type', field: 'type' },
        isNameOrTitle,
      ),
    ).toEqual({ form: 'Bad type' });
    expect(Object.keys(formErrorsOf({ code: 'internal', message: 'Oops' }, isNameOrTitle))).toEqual(
      ['form'],
    );
  });
});
